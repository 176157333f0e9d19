import { toIsoDate } from "~/domain/dates";
import {
  dueRules,
  reminderDueAt,
  reminderKey,
  reminderStatuses,
  reminderText,
  type ReminderContext,
  type ReminderRule,
} from "~/features/rider-messages/domain/reminders";
import type { Clock } from "~/server/clock.server";
import type { Database, Executor } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { runPeriodically, type PeriodicJob } from "~/server/periodic-job.server";
import { rideFromRow } from "~/server/rides/ride-rows.server";
import { sendDueFeedbackAsks } from "~/features/ride-words/server/ask-schedule.server";
import { meetingPointOf } from "./change-notice.server";
import { audienceOf } from "./recipients.server";
import { siteReminderWritten, writeOnPublishedRide, writeSiteReminder } from "./site-reminders.server";

// The reminders' schedule (docs/features/rider-messages.md#reminders): every poll, each rule
// due of each upcoming published ride taking registrations here is written once, as a message
// to its riders, from the ride as it is then. A rule missed while no server ran is sent at the
// next poll; the key (rule and start date) makes it once, whichever instance polls.

/** The ride's first captain, for the eve's "your ride captain" line; the team keeps no phones. */
async function captainOf(db: Executor, rideId: string): Promise<ReminderContext["captain"]> {
  const row = await db
    .selectFrom("ride_captains")
    .innerJoin("users", "users.id", "ride_captains.user_id")
    .select("users.display_name")
    .where("ride_captains.ride_id", "=", rideId)
    .orderBy("users.display_name")
    .limit(1)
    .executeTakeFirst();
  return row?.display_name ? { name: row.display_name, phone: null } : null;
}

/**
 * Writes one rule's reminder under the ride's lock, rechecking that it is still due: true when
 * written, false when another run wrote it first, the ride changed meanwhile or has no rider for it.
 */
async function sendReminder(
  db: Database,
  rideId: string,
  rule: ReminderRule,
  { now, origin }: { now: Date; origin: string | null },
): Promise<boolean> {
  return writeOnPublishedRide(db, rideId, now, async (command, ride, row) => {
    const due = dueRules(ride, now, row.schedule_set_at);
    if (!due.some((each) => each.key === rule.key && each.daysBefore === rule.daysBefore)) return false;
    // A rider who booked after the reminder's moment (it is sent late) was not there to get it.
    const recipients = await audienceOf(
      command.trx,
      rideId,
      { statuses: reminderStatuses(rule), payment: "", checkIn: "" },
      reminderDueAt(ride.startDate, rule.daysBefore)!,
    );
    if (recipients.length === 0) return false;
    const context = {
      meetingPoint: await meetingPointOf(command.trx, ride),
      captain: await captainOf(command.trx, rideId),
    };
    return writeSiteReminder(
      command,
      { rideId, ...reminderText(ride, rule, context), origin, reminderKey: reminderKey(rule, ride.startDate) },
      recipients,
    );
  });
}

/** Sends every reminder due at `now`; how many were written. */
export async function sendDueReminders(
  db: Database,
  { now, origin = null }: { now: Date; origin?: string | null },
): Promise<number> {
  // Rides not started by `now` (dueRules has the exact instant): start dates from yesterday on.
  const rows = await db
    .selectFrom("rides")
    .selectAll()
    .where("status", "=", "upcoming")
    .where("published_at", "<=", now.toISOString())
    .where("start_date", ">=", toIsoDate(new Date(now.getTime() - 24 * 60 * 60 * 1000)))
    .execute();
  let written = 0;
  for (const row of rows) {
    const ride = rideFromRow(row);
    for (const rule of dueRules(ride, now, row.schedule_set_at)) {
      // Most polls find every due reminder written already: a plain read says so without the lock.
      const sent = await siteReminderWritten(db, ride.id, reminderKey(rule, ride.startDate));
      if (!sent && (await sendReminder(db, ride.id, rule, { now, origin }))) written += 1;
    }
  }
  return written;
}

/**
 * The server's reminder poll, every `pollMs` (REMINDER_POLL_SECONDS), by the server's clock; the
 * ask for riders' words after a ride (docs/features/ride-words.md#the-ask) rides on it.
 */
export function scheduleReminders(
  db: Database,
  { pollMs, origin, clock, logger }: { pollMs: number; origin: string | null; clock: Clock; logger: Logger },
): PeriodicJob {
  return runPeriodically(
    pollMs,
    async () => {
      const written = await sendDueReminders(db, { now: clock(), origin });
      if (written > 0) logger.info({ reminders: written }, "ride reminders sent");
      const asks = await sendDueFeedbackAsks(db, { now: clock(), origin });
      if (asks > 0) logger.info({ asks }, "asks for riders' words sent");
    },
    (error) => logger.error({ err: error }, "sending ride reminders failed"),
  );
}
