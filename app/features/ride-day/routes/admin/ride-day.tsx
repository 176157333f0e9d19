import { useEffect } from "react";
import { isRouteErrorResponse, redirect, useParams } from "react-router";
import { RideDayView } from "~/features/ride-day/components/ride-day-view";
import { servicesContext } from "~/context";
import { ADMIN_PATH, ADMIN_RIDES_PATH } from "~/domain/admin-links";
import { forbidden, mayAccess } from "~/server/auth/admin-access.server";
import { getAdminUser } from "~/server/auth/admin-session.server";
import type { Route } from "./+types/ride-day";

// The captain's ride-day page (docs/features/ride-day.md#on-the-phone), outside the admin
// layout so that it is light and opens offline: the ride-day worker keeps this page as last
// loaded online, and the page draws everything from the pack stored on the phone. The page
// itself carries no rider data.

export const meta: Route.MetaFunction = () => [
  { title: "Ride day · Roadbook Admin" },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * Online, the same people as the Check-in page: without a session, the sign-in screen; without
 * access to the ride, a refusal (and the phone forgets the ride, below).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getAdminUser(request, context);
  if (!user) throw redirect(ADMIN_PATH);
  const { db } = context.get(servicesContext);
  const access = { method: "GET", pattern: "/admin/rides/:rideId/check-in", rideId: params.rideId };
  if (!(await mayAccess(db, user, access))) forbidden();
  return null;
}

/** Like every admin page, never kept by a browser's or proxy's cache (only by the ride-day worker). */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function RideDayPage({ params }: Route.ComponentProps) {
  return <RideDayView rideId={params.rideId} />;
}

/** Access ended: nothing of the ride stays on the phone. Another failure keeps it. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { rideId } = useParams();
  const refused = isRouteErrorResponse(error) && error.status === 403;
  useEffect(() => {
    if (refused && rideId) {
      void import("~/features/ride-day/components/store").then(({ forgetRide }) => forgetRide(rideId));
    }
  }, [refused, rideId]);
  return (
    <main className="mx-auto max-w-xl space-y-3 p-6">
      <h1 className="text-title font-bold text-ink-900">Ride day unavailable</h1>
      <p>
        {refused
          ? "You do not have access to this ride; its details were removed from this phone."
          : "This page could not be opened. Please try again in a moment."}
      </p>
      <a href={ADMIN_RIDES_PATH} className="font-semibold text-brand-700 underline underline-offset-4">
        Rides
      </a>
    </main>
  );
}
