import { SITE_ACTOR } from "~/domain/audit";
import { publicationState } from "~/domain/publication";
import type { Ride } from "~/domain/ride";
import { type Command, runCommand } from "~/server/commands/command.server";
import type { Database, Executor } from "~/server/db/schema.server";
import { lockRideRow } from "~/server/registrations/seats.server";
import { rideFromRow } from "~/server/rides/ride-rows.server";
import { type NewMessage, type Recipient, writeRideMessage } from "./write.server";

// The messages the site writes itself when they are due (a ride's reminder rules, the ask for
// riders' words; docs/features/rider-messages.md#reminders): decided under the ride's lock,
// keyed so each is written once whichever instance polls.

type RideRow = NonNullable<Awaited<ReturnType<typeof lockRideRow>>>;

/**
 * Decides a message the site writes on a published ride (a reminder, the ask for riders' words)
 * under the ride's lock at `now`, so one instance writes it: `write` rechecks that it is still due
 * and writes it. False when the ride is gone or no longer published, or `write` wrote nothing.
 */
export function writeOnPublishedRide(
  db: Database,
  rideId: string,
  now: Date,
  write: (command: Command, ride: Ride, row: RideRow) => Promise<boolean>,
): Promise<boolean> {
  return runCommand(
    db,
    async (command) => {
      const row = await lockRideRow(command.trx, rideId);
      if (!row || publicationState(row.published_at, now) !== "published") return false;
      return write(command, rideFromRow(row), row);
    },
    now,
  );
}

/**
 * A message the site writes itself when it is due (a ride's reminder rule, the ask for riders'
 * words), keyed so it is written once: false when it was written already or reaches no one.
 */
export async function writeSiteReminder(
  command: Command,
  message: Pick<NewMessage, "rideId" | "subject" | "body" | "origin"> & { reminderKey: string },
  recipients: readonly Recipient[],
): Promise<boolean> {
  const written = await writeRideMessage(command, { ...message, kind: "reminder", sentBy: SITE_ACTOR }, recipients);
  return written !== null;
}

/**
 * Whether the site's message `reminderKey` of the ride is written: a plain read without the lock,
 * where most polls end, since most find what is due written already.
 */
export async function siteReminderWritten(db: Executor, rideId: string, reminderKey: string): Promise<boolean> {
  const sent = await db
    .selectFrom("ride_messages")
    .select("id")
    .where("ride_id", "=", rideId)
    .where("reminder_key", "=", reminderKey)
    .executeTakeFirst();
  return sent !== undefined;
}
