import { RefreshCw } from "lucide-react";
import { useFetcher } from "react-router";
import { guardServerAction } from "~/components/admin/action-result";
import type { ActionResult } from "~/domain/action-result";
import { formatIndianTime } from "~/components/admin/dashboard/indian-time";
import { StatsOverview } from "~/components/admin/stats/stats-overview";
import { StatusMessage } from "~/components/admin/status-message";
import { useLiveRevalidation } from "~/components/admin/use-live-revalidation";
import { useLoadErrorMessage, useResultMessage, useStatusMessage } from "~/components/admin/use-status-message";
import { servicesContext } from "~/context";
import { STATS_MESSAGES } from "~/domain/messages";
import { adminActionContext } from "~/server/admin/respond.server";
import { statsAction } from "~/server/admin/stats-actions.server";
import { getRideBreakdown, getStats } from "~/server/services/stats.server";
import type { Route } from "./+types/stats";

export const meta: Route.MetaFunction = () => [{ title: "Statistics · Roadbook Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  try {
    const [stats, breakdown] = await Promise.all([getStats(db), getRideBreakdown(db)]);
    return { figures: { stats, breakdown }, loadError: null };
  } catch (error) {
    logger.error({ err: error }, "loading the statistics failed");
    return { figures: null, loadError: STATS_MESSAGES.loadFailed };
  }
}

export async function action({ context }: Route.ActionArgs) {
  return statsAction(adminActionContext(context));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(request, serverAction, () => STATS_MESSAGES.refreshError);
}

export default function StatsPage({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation();
  const { figures, loadError } = loaderData;
  const [flash, show] = useStatusMessage();
  const refresh = useFetcher<ActionResult>();
  useResultMessage(refresh.data, show);
  const refreshing = refresh.state !== "idle";

  useLoadErrorMessage(loadError, show);

  return (
    <div className="space-y-6">
      <StatusMessage flash={flash} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-extrabold text-ink-900">Statistics Management</h1>
          <p className="mt-1 text-ink-600">
            The figures of the Previous Events page, recalculated from the rides after every ride change.
            {figures?.stats.lastUpdated && <> Last updated {formatIndianTime(figures.stats.lastUpdated)}.</>}
          </p>
        </div>
        <button
          type="button"
          disabled={refreshing}
          onClick={() => void refresh.submit({ intent: "refresh" }, { method: "post", encType: "application/json" })}
          className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70"
        >
          <RefreshCw aria-hidden="true" className={`size-4 ${refreshing ? "animate-spin" : ""}`} />
          Refresh Stats
        </button>
      </div>
      {figures && <StatsOverview stats={figures.stats} breakdown={figures.breakdown} />}
    </div>
  );
}
