import { SITE_ACTOR } from "~/domain/audit";
import { publicationState } from "~/domain/publication";
import { changeNotice, watchedFields, type WatchedRide } from "~/features/rider-messages/domain/change-notice";
import { runCommand } from "~/server/commands/command.server";
import type { Database, Executor } from "~/server/db/schema.server";
import { lockRideRow } from "~/server/registrations/seats.server";
import { rideFromRow } from "~/server/rides/ride-rows.server";
import { routeMeetingPoint } from "./change-notice-queue.server";
import { everyRiderOf } from "./recipients.server";
import { writeRideMessage } from "./write.server";

// Change notices (docs/features/rider-messages.md#change-notices): a write of a published ride
// with live riders that changes what they were told queues one delayed notice
// (change-notice-queue.server.ts); when it is due, the ride as it is then is compared with the
// ride before the first edit, and its riders hear of the difference, if any is left.

/** The ride's meeting point for its riders: the route's name for it, else the starting place. */
export async function meetingPointOf(db: Executor, ride: { id: string; startingPlace: string }): Promise<string> {
  return (await routeMeetingPoint(db, ride.id)) || ride.startingPlace;
}

/**
 * The notice's delivery: one command, under the ride's lock, compares `before` with the ride now
 * and writes one "change" message to every live rider, waitlist included, with its outbox
 * entries. Nothing when the edits cancelled out, the ride is gone or no longer published.
 */
export async function deliverChangeNotice(
  db: Database,
  { rideId, before }: { rideId: string; before: WatchedRide },
  { now, origin }: { now: Date; origin: string | null },
): Promise<void> {
  await runCommand(
    db,
    async (command) => {
      const row = await lockRideRow(command.trx, rideId);
      if (!row || publicationState(row.published_at, command.now) !== "published") return;
      const ride = rideFromRow(row);
      const notice = changeNotice(before, watchedFields(ride, await routeMeetingPoint(command.trx, rideId)));
      if (!notice) return;
      const recipients = await everyRiderOf(command.trx, rideId);
      if (recipients.length === 0) return;
      await writeRideMessage(command, { rideId, kind: "change", ...notice, origin, sentBy: SITE_ACTOR }, recipients);
    },
    now,
  );
}
