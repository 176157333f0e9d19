import { sql } from "kysely";
import { toIsoDate } from "~/domain/dates";
import { ASK_DAYS_AFTER_END, ASK_LATEST_DAYS, askDue, askKey, askText } from "~/features/ride-words/domain/ask";
import type { Database } from "~/server/db/schema.server";
import { audienceOf } from "~/features/rider-messages/server/recipients.server";
import {
  siteReminderWritten,
  writeOnPublishedRide,
  writeSiteReminder,
} from "~/features/rider-messages/server/site-reminders.server";
import { rideFromRow } from "~/server/rides/ride-rows.server";

// The ask for riders' words (docs/features/ride-words.md#the-ask), run by the reminders' poll:
// a few days after a ride ends, one message to its checked-in riders who have not answered yet,
// through the riders' channels. Written as a reminder under its own once-only key, so it is
// sent once whichever instance polls, and a time missed while no server ran is caught up.

const DAY_MS = 24 * 60 * 60 * 1000;
const lastDay = sql<string>`coalesce(nullif(end_date, ''), start_date)`;

/** Writes the ride's ask under its lock, rechecking that it is due: true when written. */
async function sendAsk(db: Database, rideId: string, { now, origin }: { now: Date; origin: string | null }) {
  return writeOnPublishedRide(db, rideId, now, async (command, ride) => {
    if (!askDue(ride, now)) return false;
    const answered = new Set(
      (
        await command.trx.selectFrom("ride_feedback").select("registration_id").where("ride_id", "=", rideId).execute()
      ).map((answer) => answer.registration_id),
    );
    const riders = await audienceOf(command.trx, rideId, { statuses: ["confirmed"], payment: "", checkIn: "in" });
    const recipients = riders.filter((rider) => !answered.has(rider.id));
    if (recipients.length === 0) return false;
    return writeSiteReminder(command, { rideId, ...askText(ride), origin, reminderKey: askKey(ride) }, recipients);
  });
}

/** Sends every ask due at `now`; how many were written. */
export async function sendDueFeedbackAsks(
  db: Database,
  { now, origin = null }: { now: Date; origin?: string | null },
): Promise<number> {
  // Rides whose last day is within the window an ask can be due in.
  const earliest = toIsoDate(new Date(now.getTime() - (ASK_DAYS_AFTER_END + ASK_LATEST_DAYS + 1) * DAY_MS));
  const rows = await db
    .selectFrom("rides")
    .selectAll()
    .where("status", "<>", "cancelled")
    .where("published_at", "<=", now.toISOString())
    .where(lastDay, ">=", earliest)
    .where(lastDay, "<=", toIsoDate(now))
    .execute();
  let written = 0;
  for (const row of rows) {
    const ride = rideFromRow(row);
    if (!askDue(ride, now)) continue;
    // Most polls find the ask written already: a plain read says so without the lock.
    const sent = await siteReminderWritten(db, ride.id, askKey(ride));
    if (!sent && (await sendAsk(db, ride.id, { now, origin }))) written += 1;
  }
  return written;
}
