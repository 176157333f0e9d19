import type { Selectable } from "kysely";
import { publicationState } from "~/domain/publication";
import { changeNotice, watchedFields, type WatchedRide } from "~/features/rider-messages/domain/change-notice";
import type { Command } from "~/server/commands/command.server";
import type { Executor, RidesTable } from "~/server/db/schema.server";
import type { RideEdits } from "~/server/registries/feature.server";
import { rideFromRow } from "~/server/rides/ride-rows.server";

// Change notices queued as a ride is edited (docs/features/rider-messages.md#change-notices), in
// the edit's command; their delivery is change-notice.server.ts. A file of its own, importing no
// command's runner: the core's commands read it through in-commands.server.ts.

/** CHANGE_NOTICE_DELAY_SECONDS: how long the notice waits after the first edit of a burst. */
export const DEFAULT_CHANGE_NOTICE_DELAY_MS = 15 * 60 * 1000;
let delayMs = DEFAULT_CHANGE_NOTICE_DELAY_MS;

/** Set once at start-up from the environment (services.server.ts). */
export function setChangeNoticeDelay(ms: number): void {
  delayMs = ms;
}

/** The meeting point riders are told: the route's, when an admin named it. */
export async function routeMeetingPoint(db: Executor, rideId: string): Promise<string> {
  const row = await db.selectFrom("ride_routes").select("data").where("ride_id", "=", rideId).executeTakeFirst();
  if (!row) return "";
  const { meetingPoint } = JSON.parse(row.data) as { meetingPoint?: { name?: string } };
  return meetingPoint?.name ?? "";
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

/** A ride's edits tell its riders: the notices, as the core's edits call them (in-commands.server.ts). */
export const changeNotices: RideEdits = {
  rideWritten: queueChangeNotice,
  meetingPointRenamed: queueMeetingPointNotice,
};
