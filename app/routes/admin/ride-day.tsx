import { redirect } from "react-router";
import { RideDayView } from "~/components/admin/ride-day/ride-day-view";
import { servicesContext } from "~/context";
import { checkInHref } from "~/domain/links";
import { getAdminUser } from "~/server/auth/admin-session.server";
import { mayAccess } from "~/server/auth/admin-access.server";
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
 * Online, the same people as the Check-in page: anyone else goes there, which shows the sign-in
 * screen or the refusal.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getAdminUser(request, context);
  const { db } = context.get(servicesContext);
  const access = { method: "GET", pattern: "/admin/rides/:rideId/check-in", rideId: params.rideId };
  if (!user || !(await mayAccess(db, user, access))) throw redirect(checkInHref(params.rideId));
  return null;
}

/** Like every admin page, never kept by a browser's or proxy's cache (only by the ride-day worker). */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function RideDayPage({ params }: Route.ComponentProps) {
  return <RideDayView rideId={params.rideId} />;
}
