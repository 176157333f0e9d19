import { servicesContext } from "~/context";
import { buildCalendar } from "~/domain/ics";
import { CALENDAR_PRODUCT_ID, rideCalendarEvent } from "~/domain/ride-calendar";
import { SITE_NAME } from "~/domain/site";
import { serverClock } from "~/server/clock.server";
import { listUpcomingPublicRides } from "~/server/rides/public-rides.server";
import type { Route } from "./+types/rides-calendar";

/**
 * /rides.ics: every upcoming published ride as an all-day event, a feed calendar apps
 * subscribe to (the site links it as webcal://). Each event has the UID of the ride's own .ics,
 * so a ride added from its page and seen in the feed is one entry.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, env, logger } = context.get(servicesContext);
  let rides;
  try {
    rides = await listUpcomingPublicRides(db);
  } catch (error) {
    logger.error({ err: error }, "calendar feed: rides could not be loaded");
    return new Response("The calendar could not be created right now. Please try again later.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
    });
  }
  const origin = env.publicUrl;
  const events = rides.map((ride) => rideCalendarEvent(ride, { origin, now: serverClock() }));
  return new Response(buildCalendar(events, CALENDAR_PRODUCT_ID, `${SITE_NAME} rides`), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
