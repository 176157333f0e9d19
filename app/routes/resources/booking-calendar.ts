import { servicesContext } from "~/context";
import { bookingCalendar } from "~/server/registrations/booking-calendar.server";
import type { Route } from "./+types/booking-calendar";

// /booking/:token/calendar.ics: a rider's own ride as a calendar feed. Its token is the feed's
// own, read-only (decision 042), never the booking's private link, which opens no feed: a
// calendar service holds nothing that changes the booking. Private like the booking page
// (decision 020): never stored by a cache, never indexed, and logged as
// /booking/[token]/calendar.ics (loggablePath).

const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env, logger } = context.get(servicesContext);
  let ics: string | null;
  try {
    ics = await bookingCalendar(db, params.token, env.publicUrl);
  } catch (error) {
    logger.error({ err: error }, "booking calendar could not be created");
    return new Response("The calendar could not be created right now. Please try again later.", {
      status: 503,
      headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60" },
    });
  }
  if (!ics) {
    return new Response("This link opens no booking.", {
      status: 404,
      headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(ics, { headers: { ...PRIVATE_HEADERS, "Content-Type": "text/calendar; charset=utf-8" } });
}
