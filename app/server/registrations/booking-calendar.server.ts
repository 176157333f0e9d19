import { buildCalendar } from "~/domain/ics";
import { CALENDAR_PRODUCT_ID, dateChanges, rideCalendarEvent } from "~/domain/ride-calendar";
import { SITE_NAME } from "~/domain/site";
import { serverClock } from "../clock.server";
import type { Executor } from "../db/schema.server";
import { getRide } from "../rides/rides.server";
import { registrationOfFeed } from "./calendar-feed.server";
import { registrationFromRow } from "./rows.server";

/** How many times the ride's dates changed, from its revisions oldest first (dateChanges). */
async function rideDateChanges(db: Executor, rideId: string): Promise<number> {
  const rows = await db
    .selectFrom("revisions")
    .select("data")
    .where("collection", "=", "rides")
    .where("record_id", "=", rideId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return dateChanges(rows.map((row) => JSON.parse(row.data) as { startDate?: unknown; endDate?: unknown }));
}

/**
 * A rider's own calendar, behind its feed's own token (calendar-feed.server.ts): their ride as one event that
 * calendar apps keep up to date. Its UID is the booking's, stable; its SEQUENCE counts the
 * ride's date changes (one more once the ride is cancelled), so an app takes the newest dates;
 * a cancelled ride is STATUS:CANCELLED; a reminder comes the morning before. Null when the token
 * names no live booking (unknown, erased, cancelled) or its ride is gone.
 */
export async function bookingCalendar(db: Executor, feedToken: string, origin: string): Promise<string | null> {
  const id = registrationOfFeed(feedToken);
  if (!id) return null;
  const row = await db
    .selectFrom("registrations")
    .selectAll()
    .where("id", "=", id)
    .where("erased_at", "is", null)
    .where("status", "<>", "cancelled")
    .executeTakeFirst();
  if (!row) return null;
  const registration = registrationFromRow(row);
  const ride = await getRide(db, registration.rideId);
  if (!ride) return null;
  const cancelled = ride.status === "cancelled";
  const event = {
    ...rideCalendarEvent(ride, { origin, now: serverClock() }),
    uid: `booking-${registration.id}@${new URL(origin).host}`,
    sequence: (await rideDateChanges(db, ride.id)) + (cancelled ? 1 : 0),
    cancelled,
    reminder: `Tomorrow: ${ride.title}`,
  };
  return buildCalendar([event], CALENDAR_PRODUCT_ID, `${SITE_NAME}: ${ride.title}`);
}
