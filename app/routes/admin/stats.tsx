import { RefreshCw } from "lucide-react";
import { useFetcher } from "react-router";
import { guardServerAction } from "~/components/admin/action-result";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { formatIndianTime } from "~/domain/indian-time";
import { StatsOverview } from "~/components/admin/stats/stats-overview";
import { useResultMessage } from "~/components/admin/use-status-message";
import type { ActionResult } from "~/domain/action-result";
import { STATS_MESSAGES } from "~/domain/messages";
import { loadAdminPage } from "~/server/admin/load-page.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { statsAction } from "~/routes/admin/stats.server";
import { getRideBreakdown, getStats } from "~/server/content/stats.server";
import type { Route } from "./+types/stats";

export const meta: Route.MetaFunction = () => [{ title: "Statistics · Roadbook Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  return loadAdminPage(context, {
    what: "the statistics",
    load: async (db) => {
      const [stats, breakdown] = await Promise.all([getStats(db), getRideBreakdown(db)]);
      return { figures: { stats, breakdown } };
    },
    fallback: { figures: null },
    loadError: STATS_MESSAGES.loadFailed,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  return statsAction(request, adminActionContext(context));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(request, serverAction, () => STATS_MESSAGES.refreshError);
}

export default function StatsPage({ loaderData }: Route.ComponentProps) {
  const { figures } = loaderData;
  const [flash, show] = useAdminPage(loaderData.loadError);
  const refresh = useFetcher<ActionResult>();
  useResultMessage(refresh.data, show);
  const refreshing = refresh.state !== "idle";

  return (
    <AdminPage
      title="Statistics Management"
      intro={
        <>
          The figures of the Previous Events page, recalculated from the rides after every ride change.
          {figures?.stats.lastUpdated && <> Last updated {formatIndianTime(figures.stats.lastUpdated)}.</>}
        </>
      }
      action={
        <button
          type="button"
          disabled={refreshing}
          onClick={() => void refresh.submit({ intent: "refresh" }, { method: "post", encType: "application/json" })}
          className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70"
        >
          <RefreshCw aria-hidden="true" className={`size-4 ${refreshing ? "animate-spin" : ""}`} />
          Refresh Stats
        </button>
      }
      flash={flash}
    >
      {figures && <StatsOverview stats={figures.stats} breakdown={figures.breakdown} />}
    </AdminPage>
  );
}
