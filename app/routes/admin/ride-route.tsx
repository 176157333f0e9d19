import { BackToRides } from "~/components/admin/rides/back-to-rides";
import { Trash2 } from "lucide-react";
import { useFetcher } from "react-router";
import { guardServerAction } from "~/components/admin/action-result";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { useResultMessage } from "~/components/admin/use-status-message";
import { MeetingPointForm } from "~/components/ride-route/admin/meeting-point-form";
import { RouteDaysForm } from "~/components/ride-route/admin/route-days-form";
import { RouteUploadField } from "~/components/ride-route/admin/route-upload-field";
import { ElevationProfile } from "~/components/ride-route/elevation-profile";
import { RouteDaysTable } from "~/components/ride-route/route-days-table";
import { RouteSketch } from "~/components/ride-route/route-sketch";
import type { ActionResult } from "~/domain/action-result";
import { SERVER_UNREACHABLE } from "~/domain/messages";
import { rideDays } from "~/domain/duration";
import { dayGpxHref } from "~/domain/links";
import { loadAdminPage } from "~/server/admin/load-page.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { rideRouteAction } from "~/routes/admin/ride-route.server";
import { getRideRoute } from "~/server/ride-routes/ride-routes.server";
import { getRide } from "~/server/rides/rides.server";
import type { Route } from "./+types/ride-route";

const LOAD_FAILED = "The route could not be loaded. Please try again in a moment.";
export const meta: Route.MetaFunction = () => [{ title: "Route · Roadbook Admin" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadAdminPage(context, {
    what: "the ride's route",
    load: async (db) => {
      const ride = await getRide(db, params.rideId);
      const route = ride ? await getRideRoute(db, ride.id) : null;
      return {
        ride: ride && { id: ride.id, title: ride.title, days: rideDays(ride.startDate, ride.endDate) },
        route,
      };
    },
    fallback: { ride: null, route: null },
    loadError: LOAD_FAILED,
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return rideRouteAction(request, params.rideId, adminActionContext(context));
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(request, serverAction, () => SERVER_UNREACHABLE);
}

/** /admin/rides/{id}/route: upload, replace or remove a ride's GPX, its days and its meeting point. */
export default function RideRoutePage({ loaderData }: Route.ComponentProps) {
  const { ride, route } = loaderData;
  const [flash, show] = useAdminPage(loaderData.loadError);
  const remover = useFetcher<ActionResult>();
  useResultMessage(remover.data, show);
  return (
    <AdminPage
      title={ride ? `Route of ${ride.title}` : "Route"}
      intro="The map, distances and elevation riders see on the ride page, and the GPX they download."
      action={<BackToRides />}
      flash={flash}
    >
      {!ride ? (
        loaderData.loadError ? null : (
          <p>This ride no longer exists.</p>
        )
      ) : (
        <div className="space-y-8">
          <RouteUploadField rideId={ride.id} replacing={route !== null} show={show} />
          {route ? (
            <>
              <section aria-label="Preview" className="space-y-4">
                <p className="text-sm text-ink-600">
                  {route.fileName} · {route.summary.points.toLocaleString("en-IN")} points
                </p>
                <RouteSketch summary={route.summary} title={`Route of ${ride.title}`} />
                <ElevationProfile summary={route.summary} />
                <RouteDaysTable summary={route.summary} dayHref={(day) => dayGpxHref(ride.id, day)} />
              </section>
              <RouteDaysForm key={route.updatedAt} summary={route.summary} rideDays={ride.days} show={show} />
              <MeetingPointForm key={`meeting-${route.updatedAt}`} meetingPoint={route.meetingPoint} show={show} />
              <button
                type="button"
                disabled={remover.state !== "idle"}
                onClick={() => {
                  if (!window.confirm("Remove this ride's route? The ride itself stays as it is.")) return;
                  void remover.submit({ intent: "remove" }, { method: "post", encType: "application/json" });
                }}
                className="inline-flex items-center gap-2 rounded-md border border-red-300 px-4 py-2 font-semibold text-red-700 hover:bg-red-50"
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Remove Route
              </button>
            </>
          ) : null}
        </div>
      )}
    </AdminPage>
  );
}
