import { guardServerAction } from "~/components/admin/action-result";
import { FeaturedForm } from "~/components/admin/featured/featured-form";
import { StatusMessage } from "~/components/admin/status-message";
import { useLiveRevalidation } from "~/components/admin/use-live-revalidation";
import { useLoadErrorMessage, useStatusMessage } from "~/components/admin/use-status-message";
import { servicesContext } from "~/context";
import type { FeaturedRide } from "~/domain/content";
import { FEATURED_MESSAGES } from "~/domain/messages";
import { featuredAction } from "~/server/admin/featured-actions.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { getFeaturedRide } from "~/server/services/featured.server";
import type { Route } from "./+types/featured";

export const meta: Route.MetaFunction = () => [{ title: "Featured Ride · Roadbook Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  try {
    return { featured: await getFeaturedRide(db), loadError: null };
  } catch (error) {
    logger.error({ err: error }, "loading the featured ride failed");
    return { featured: null as FeaturedRide | null, loadError: FEATURED_MESSAGES.loadError };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return featuredAction(request, adminActionContext(context));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(request, serverAction, () => FEATURED_MESSAGES.saveError);
}

export default function FeaturedPage({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation();
  const { featured, loadError } = loaderData;
  const [flash, show] = useStatusMessage();

  useLoadErrorMessage(loadError, show);

  return (
    <div className="space-y-6">
      <StatusMessage flash={flash} />
      <div>
        <h1 className="font-display text-3xl font-extrabold text-ink-900">Featured Ride Management</h1>
        <p className="mt-1 text-ink-600">
          The banner shown on the home page, above the upcoming rides, while it is active.
        </p>
      </div>
      <FeaturedForm stored={featured} onMessage={show} />
    </div>
  );
}
