import type { Selectable } from "kysely";
import { SITE_ACTOR } from "~/domain/audit";
import { publicationState } from "~/domain/publication";
import { changeNotice, watchedFields, type WatchedRide } from "~/features/rider-messages/domain/change-notice";
import { runCommand, type Command } from "~/server/commands/command.server";
import type { Database, Executor, RidesTable } from "~/server/db/schema.server";
import { lockRideRow } from "~/server/registrations/seats.server";
import { rideFromRow } from "~/server/rides/ride-rows.server";
import { everyRiderOf } from "./recipients.server";
import { writeRideMessage } from "./write.server";

// Change notices (docs/features/rider-messages.md#change-notices): a write of a published ride
// with live riders that changes what they were told queues one delayed notice; when it is due,
// the ride as it is then is compared with the ride before the first edit, and its riders hear
// of the difference, if any is left.

/** CHANGE_NOTICE_DELAY_SECONDS: how long the notice waits after the first edit of a burst. */
export const DEFAULT_CHANGE_NOTICE_DELAY_MS = 15 * 60 * 1000;
let delayMs = DEFAULT_CHANGE_NOTICE_DELAY_MS;

/** Set once at start-up from the environment (services.server.ts). */
export function setChangeNoticeDelay(ms: number): void {
  delayMs = ms;
}

/** The meeting point riders are told: the route's, when an admin named it. */
async function routeMeetingPoint(db: Executor, rideId: string): Promise<string> {
  const row = await db.selectFrom("ride_routes").select("data").where("ride_id", "=", rideId).executeTakeFirst();
  if (!row) return "";
  const { meetingPoint } = JSON.parse(row.data) as { meetingPoint?: { name?: string } };
  return meetingPoint?.name ?? "";
}

/** The ride's meeting point for its riders: the route's name for it, else the starting place. */
export async function meetingPointOf(db: Executor, ride: { id: string; startingPlace: string }): Promise<string> {
  return (await routeMeetingPoint(db, ride.id)) || ride.startingPlace;
}

async function hasLiveRiders(db: Executor, rideId: string): Promise<boolean> {
  const row = await db
    .selectFrom("registrations")
    .select("id")
    .where("ride_id", "=", rideId)
    .where("status", "<>", "cancelled")
    .where("erased_at", "is", null)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * A notice of the ride not yet taken for delivery. One being delivered right now does not count:
 * it may have read the ride before this write, so this write gets a notice of its own.
 */
async function pendingNotice(command: Command, rideId: string): Promise<boolean> {
  const at = command.now.toISOString();
  const row = await command.trx
    .selectFrom("outbox")
    .select("id")
    .where("kind", "=", "change-notice")
    .where("delivered_at", "is", null)
    .where("failed_at", "is", null)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)]))
    .where("payload", "like", `{"rideId":${JSON.stringify(rideId)},%`)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Called by every write of a ride (rides.server.ts), with the row before and after. A change
 * riders are told about, on a published ride with live riders, queues a notice due after the
 * delay, unless one is pending: that one keeps its `before` and its due time, so a burst of
 * edits is told once, at most the delay after its first edit.
 */
export async function queueChangeNotice(
  command: Command,
  before: Selectable<RidesTable>,
  after: Selectable<RidesTable>,
): Promise<void> {
  if (publicationState(after.published_at, command.now) !== "published") return;
  const meetingPoint = await routeMeetingPoint(command.trx, after.id);
  await queueIfChanged(
    command,
    after.id,
    watchedFields(rideFromRow(before), meetingPoint),
    watchedFields(rideFromRow(after), meetingPoint),
  );
}

/** As queueChangeNotice, for a route's meeting point renamed (ride-routes.server.ts). */
export async function queueMeetingPointNotice(
  command: Command,
  rideId: string,
  { before, after }: { before: string; after: string },
): Promise<void> {
  const row = await command.trx.selectFrom("rides").selectAll().where("id", "=", rideId).executeTakeFirst();
  if (!row || publicationState(row.published_at, command.now) !== "published") return;
  const ride = rideFromRow(row);
  await queueIfChanged(command, rideId, watchedFields(ride, before), watchedFields(ride, after));
}

async function queueIfChanged(command: Command, rideId: string, was: WatchedRide, is: WatchedRide): Promise<void> {
  if (!changeNotice(was, is)) return;
  if (!(await hasLiveRiders(command.trx, rideId))) return;
  if (await pendingNotice(command, rideId)) return;
  await command.enqueueAll([
    { message: { kind: "change-notice", rideId, before: was }, dueAt: new Date(command.now.getTime() + delayMs) },
  ]);
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
