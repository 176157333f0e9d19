import { type AuditActor, RIDER_ACTOR, SITE_ACTOR } from "~/domain/audit";
import type { Ride } from "~/domain/ride";
import { rideIsOver } from "~/domain/ride-over";
import { ACCOUNT_RETENTION_MONTHS } from "~/features/rider-accounts/domain/account";
import { runCommand } from "~/server/commands/command.server";
import type { Database, Executor } from "~/server/db/schema.server";
import { cancelAndEraseLocked } from "~/server/registrations/cancel.server";
import { ERASURE_INTERVAL_MS, eraseRegistrationsById } from "~/server/registrations/erasure.server";
import type { Logger } from "~/server/logger.server";
import { type PeriodicJob, runPeriodically } from "~/server/periodic-job.server";
import { lockRide } from "~/server/registrations/seats.server";
import { ridePagesChanged } from "~/server/rides/pages-changed.server";
import { lockRider } from "./riders.server";
import { serverClock } from "~/server/clock.server";

// Erasing a rider's account (docs/features/rider-data.md): at their request (/me/data), or by
// the daily retention sweep once it is unused for ACCOUNT_RETENTION_MONTHS. One command: every
// booking of the account is erased (and cancelled, freeing its seats, while still live on a ride
// not yet over), then the account and everything that is only its own is deleted.

export type AccountErased = {
  /** Live bookings of rides not yet over, cancelled (their seats freed) and erased. */
  cancelled: number;
  /** Every other booking of the account (cancelled, or of a ride over or gone), erased. */
  erased: number;
};

export type EraseAccountOptions = {
  now?: Date;
  actor?: AuditActor;
  /**
   * The retention sweep's guard, read under the locks: erase only an account last used before
   * this instant that holds no live booking of a ride not yet over.
   */
  unusedBefore?: string;
};

/**
 * Whether a booking still holds (or waits for) a seat on a ride not yet over: one marked
 * completed is over, whatever its last day says, and its seats are not freed nor its waitlist
 * promoted onto it.
 */
function isLiveUpcoming(status: string, ride: Ride | null, now: Date): boolean {
  if (status === "cancelled" || !ride || ride.status === "cancelled") return false;
  return !rideIsOver(ride, now);
}

async function bookedRideIds(db: Executor, riderId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("registrations")
    .select("ride_id")
    .distinct()
    .where("rider_id", "=", riderId)
    .orderBy("ride_id")
    .execute();
  return rows.map((row) => row.ride_id);
}

/**
 * Erases the account and returns what happened to its bookings; null when there is no such
 * account (erased already) or, for the sweep, it is in use again. Each booking's ride is locked
 * as every seat change locks it, all of them in one stable order (by id) before the rider's
 * lock, the order a registration takes them in, so two erasures sharing rides, or an erasure and
 * a registration, never wait on each other in a circle. Once the erasure holds the rider's lock
 * no booking can join the account (a registration waiting for it then books without one); a
 * booking that joined on another ride while the first locks were taken is read again and its
 * ride locked after (on PostgreSQL, in the rare circle this could close, one transaction is
 * ended and nothing is written: the rider asks again). The rider's sessions go in the same
 * transaction.
 */
export async function eraseAccount(
  db: Database,
  riderId: string,
  { now = serverClock(), actor = RIDER_ACTOR, unusedBefore }: EraseAccountOptions = {},
): Promise<AccountErased | null> {
  return runCommand(
    db,
    async (command) => {
      const { trx } = command;
      const rides = new Map<string, Ride | null>();
      const lock = async (rideIds: string[]) => {
        for (const rideId of rideIds) if (!rides.has(rideId)) rides.set(rideId, await lockRide(trx, rideId));
      };
      await lock(await bookedRideIds(trx, riderId));
      if (!(await lockRider(trx, riderId))) return null;
      // Bookings that committed before the rider's lock was ours: their rides are locked now. No
      // more can come, since a booking takes the rider's lock before it joins an account.
      await lock(await bookedRideIds(trx, riderId));
      const rider = await trx
        .selectFrom("riders")
        .select(["id", "email", "last_seen_at"])
        .where("id", "=", riderId)
        .executeTakeFirstOrThrow();
      const bookings = await trx
        .selectFrom("registrations")
        .select(["id", "ride_id", "status"])
        .where("rider_id", "=", riderId)
        .orderBy("id")
        .execute();
      const live = bookings.filter((row) => isLiveUpcoming(row.status, rides.get(row.ride_id) ?? null, command.now));
      if (unusedBefore !== undefined && (rider.last_seen_at >= unusedBefore || live.length > 0)) return null;

      for (const { id } of live) {
        // Read again: cancelling one of the rider's bookings may have promoted another of theirs.
        const row = await trx.selectFrom("registrations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
        await cancelAndEraseLocked(command, row, rides.get(row.ride_id) ?? null);
      }
      const liveIds = new Set(live.map((row) => row.id));
      const others = bookings.filter((row) => !liveIds.has(row.id)).map((row) => row.id);
      await eraseRegistrationsById(command, others);
      for (const rideId of rides.keys()) await command.enqueue(ridePagesChanged(rideId));

      await trx.deleteFrom("rider_sessions").where("rider_id", "=", riderId).execute();
      await trx.deleteFrom("rider_passkeys").where("rider_id", "=", riderId).execute();
      await trx.deleteFrom("rider_sign_in_links").where("email", "=", rider.email).execute();
      // Credit left is forfeited (the /me/data page says so before the rider confirms).
      await trx.deleteFrom("credit_entries").where("rider_id", "=", riderId).execute();
      await trx.deleteFrom("riders").where("id", "=", riderId).execute();

      const result = { cancelled: live.length, erased: others.length };
      const why =
        unusedBefore === undefined
          ? "A rider erased their account"
          : `Erased an account unused for ${ACCOUNT_RETENTION_MONTHS} months`;
      await command.audit(actor, {
        action: "deleted",
        collection: "riders",
        recordId: riderId,
        summary: `${why}: ${bookingsText(result.cancelled)} cancelled, ${bookingsText(result.erased)} more erased`,
      });
      return result;
    },
    now,
  );
}

const bookingsText = (count: number) => `${count} booking${count === 1 ? "" : "s"}`;

/** The instant before which an account's last use makes it unused for the retention period. */
export function accountRetentionCutoff(now: Date): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - ACCOUNT_RETENTION_MONTHS);
  return cutoff;
}

/**
 * The retention sweep for accounts, beside the registrations' (scheduleAccountErasure): erases every account unused for ACCOUNT_RETENTION_MONTHS that holds no live booking of a ride
 * not yet over, one command each, every guard read again under its locks. Idempotent, as the
 * registrations' sweep is. Returns how many accounts it erased.
 */
export async function eraseUnusedAccounts(db: Database, now = serverClock()): Promise<number> {
  const unusedBefore = accountRetentionCutoff(now).toISOString();
  const candidates = await db
    .selectFrom("riders")
    .select("id")
    .where("last_seen_at", "<", unusedBefore)
    .orderBy("id")
    .execute();
  let erased = 0;
  for (const { id } of candidates) {
    if (await eraseAccount(db, id, { now, actor: SITE_ACTOR, unusedBefore })) erased += 1;
  }
  return erased;
}

/**
 * Sweeps at start-up and then every day while the server runs, as the registrations' sweep
 * does (registrations/erasure.server.ts scheduleErasure): every instance, idempotent, never throws.
 */
export function scheduleAccountErasure(db: Database, logger: Logger): PeriodicJob {
  return runPeriodically(
    ERASURE_INTERVAL_MS,
    async () => {
      const erased = await eraseUnusedAccounts(db);
      logger.info(
        { erased, retentionMonths: ACCOUNT_RETENTION_MONTHS },
        "riders' accounts unused past retention erased",
      );
    },
    (error) => logger.error({ err: error }, "erasing unused riders' accounts failed"),
  );
}
