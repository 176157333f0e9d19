import { servicesContext } from "~/context";
import { buildIcs } from "~/domain/ics";
import { CALENDAR_PRODUCT_ID, rideCalendarEvent } from "~/domain/ride-calendar";
import { titleSlug } from "~/domain/slug";
import { serverClock } from "~/server/clock.server";
import { getRideRoute } from "~/server/ride-routes/ride-routes.server";
import { getPublicRide } from "~/server/rides/public-rides.server";
import type { Route } from "./+types/ride-calendar";

const textResponse = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });

/** A file name from the title: 'Coorg Coffee Trail!' → 'coorg-coffee-trail.ics'. */
function fileName(title: string): string {
  return `${titleSlug(title)}.ics`;
}
/** /ride/{id}/calendar.ics: the ride's days as an all-day calendar event (cancelled rides are not public). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env, logger } = context.get(servicesContext);
  let ride;
  let route;
  try {
    ride = await getPublicRide(db, params.rideId);
    route = ride ? await getRideRoute(db, ride.id) : null;
  } catch (error) {
    logger.error({ err: error, rideId: params.rideId }, "calendar: ride could not be loaded");
    return textResponse("The calendar file could not be created right now. Please try again later.", 503, {
      "Retry-After": "60",
    });
  }
  if (!ride) return textResponse("Ride not found", 404);

  const origin = env.publicUrl;
  const ics = buildIcs(
    rideCalendarEvent(ride, { origin, meetingPoint: route?.meetingPoint, now: serverClock() }),
    CALENDAR_PRODUCT_ID,
  );
  if (!ics) return textResponse("This ride has no dates yet", 404);
  return new Response(ics, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName(ride.title)}"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
