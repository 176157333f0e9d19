import type { AuditActor } from "~/domain/audit";
import { changeTimes } from "~/features/ride-day/domain/change-times";
import { rideDayWindowStart } from "~/features/ride-day/domain/expiry";
import {
  OP_OUTCOMES,
  type OpOutcome,
  type RideDayOp,
  type RideDayOpResult,
  type RideDaySyncResponse,
} from "~/features/ride-day/domain/pack";
import { recordAudit } from "~/server/audit/audit.server";
import { runCommand } from "~/server/commands/command.server";
import type { Database } from "~/server/db/schema.server";
import { lockRide } from "~/server/registrations/seats.server";
import { refreshStats } from "~/server/content/stats.server";
import { getRide } from "~/server/rides/rides.server";
import { applyOp } from "./ops.server";
import { loadRideDayPack } from "./pack.server";

// The ride-day sync (docs/features/ride-day.md#the-sync): the changes a captain's phone queued,
// applied in order, each once however often it is sent.

const RIDE_GONE = "This ride no longer exists";
const OTHER_RIDE = "This change was sent for another ride";

function resultOf(id: string, outcome: OpOutcome, message: string | null | undefined): RideDayOpResult {
  return message ? { id, outcome, message } : { id, outcome };
}

/**
 * One op as one command: the ride's lock first (so two syncs of the same op, from a phone
 * that retried, take turns), then its id looked up: a change recorded already answers its first
 * outcome and is not applied again; else it is applied and recorded with the data it changed.
 * `at` is the change's time (changeTimes): its data and its audit row carry it.
 */
function applyOnce(
  db: Database,
  actor: AuditActor,
  rideId: string,
  op: RideDayOp,
  at: Date,
  now: Date,
): Promise<RideDayOpResult> {
  return runCommand(
    db,
    async (command) => {
      const { trx } = command;
      const ride = await lockRide(trx, rideId);
      if (!ride) return resultOf(op.id, "refused", RIDE_GONE);
      const recorded = await trx
        .selectFrom("ride_day_ops")
        .select(["ride_id", "outcome", "message"])
        .where("id", "=", op.id)
        .executeTakeFirst();
      if (recorded) {
        const outcome = OP_OUTCOMES.find((known) => known === recorded.outcome) ?? "refused";
        return recorded.ride_id === rideId
          ? resultOf(op.id, outcome, recorded.message)
          : resultOf(op.id, "refused", OTHER_RIDE);
      }
      const atChange = {
        ...command,
        audit: async (...[who, change]: Parameters<typeof command.audit>) => {
          await recordAudit(trx, who, change, at);
        },
      };
      const applied = await applyOp(atChange, actor, ride, op, at);
      await trx
        .insertInto("ride_day_ops")
        .values({
          id: op.id,
          ride_id: ride.id,
          kind: op.kind,
          registration_id: applied.registrationId ?? null,
          outcome: applied.outcome,
          message: applied.message ?? null,
          applied_by: actor.id,
          applied_at: command.now.toISOString(),
        })
        .execute();
      return resultOf(op.id, applied.outcome, applied.message);
    },
    now,
  );
}

/**
 * Applies the phone's ops in order, each in its own transaction, and answers each one's
 * outcome with the fresh pack; null when the ride does not exist. The ops were validated by
 * rideDaySyncSchema.
 */
export async function syncRideDay(
  db: Database,
  actor: AuditActor,
  rideId: string,
  ops: readonly RideDayOp[],
  now: Date,
): Promise<RideDaySyncResponse | null> {
  const ride = await getRide(db, rideId);
  if (!ride) return null;
  const times = changeTimes(ops, rideDayWindowStart(ride, now), now);
  const results: RideDayOpResult[] = [];
  for (const [index, op] of ops.entries()) results.push(await applyOnce(db, actor, rideId, op, times[index]!, now));
  // A phone that syncs after the ride was completed changes its happy riders (product.md#statistics):
  // counted once for the whole sync, not once per check-in.
  const checkIns = ops.filter(
    (op, index) => (op.kind === "check-in" || op.kind === "undo-check-in") && results[index]?.outcome === "applied",
  );
  if (checkIns.length > 0 && (await getRide(db, rideId))?.status === "completed") await refreshStats(db);
  const pack = await loadRideDayPack(db, rideId, now);
  return pack ? { results, pack } : null;
}
