import { servicesContext } from "~/context";
import { serverClock } from "~/server/clock.server";
import { rideDayPackResponse } from "~/features/ride-day/server/respond.server";
import type { Route } from "./+types/ride-day-pack";

/**
 * The ride-day pack a captain's phone takes offline (docs/features/ride-day.md), for the
 * admins who may open the ride's Check-in page (the admin layout's middleware); never cached.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  return rideDayPackResponse(context.get(servicesContext).db, params.rideId, serverClock());
}
