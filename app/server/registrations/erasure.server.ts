import { sql } from "kysely";
import { forgetErasedClaims } from "./ledger.server";
import { SITE_ACTOR } from "~/domain/audit";
import { type Command, runCommand } from "../commands/command.server";
import type { Database } from "../db/schema.server";
import type { Logger } from "../logger.server";
import { type PeriodicJob, runPeriodically } from "../periodic-job.server";
import { ValidationError } from "../validation/errors.server";
import { getRide } from "../rides/rides.server";
import { erasureSteps } from "~/features/in-commands.server";
import { erasedColumns } from "./rows.server";
import { ridePagesChanged } from "../rides/pages-changed.server";
import { serverClock } from "../clock.server";

// Riders' personal data is kept no longer than its purpose needs (decision 021, India's DPDP Act,
// decision 021): REGISTRATION_RETENTION_DAYS after its ride ends, the sweep below erases it,
// keeping each registration's status, option and seats for anonymous counts.

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_ERASE_AFTER_DAYS = 180;

/** How often a running server sweeps. Retention is counted in days: once a day is on time. */
export const ERASURE_INTERVAL_MS = DAY_MS;

/**
 * One sweep: erases what has been kept `days` days past its ride's end. Idempotent (only rows
 * not yet erased are touched), so instances sweeping the same database at once erase each row
 * once between them and the sum of their counts is the number erased.
 */
export function eraseExpiredRegistrations(db: Database, days: number, now = serverClock()): Promise<number> {
  return runCommand(
    db,
    async (command) => {
      const erased = await eraseEndedRegistrations(command, days);
      // The admins' recent activity says the data went, and when: never whose.
      if (erased > 0) {
        // Their photos and approved words may have been public: every ride page leaves the caches.
        await command.enqueue(ridePagesChanged(null));
        await command.audit(SITE_ACTOR, {
          action: "deleted",
          collection: "registrations",
          recordId: null,
          summary: `Erased the personal data of ${erased} registration${erased === 1 ? "" : "s"} kept ${days} days past their ride`,
        });
      }
      return erased;
    },
    now,
  );
}

export type RideErasure = { erased: number } | { refused: string };

/**
 * Erases one ride's registrations: once its retention has run out, or at once with `now`
 * (a cancelled ride, a rider's request by phone). A registration still open for an upcoming
 * ride is erased too when asked with `now`: its seat stays held, its details are gone.
 */
export async function eraseRide(
  db: Database,
  rideId: string,
  { days, now, at = serverClock() }: { days: number; now: boolean; at?: Date },
): Promise<RideErasure> {
  const ride = await getRide(db, rideId);
  if (!ride) {
    // A ride deleted or replaced by an import leaves its registrations behind: erasable by id.
    const erased = await runCommand(db, (command) => eraseRideRegistrations(command, rideId), at);
    return erased > 0 ? { erased } : { refused: `No ride ${rideId} and no registrations for it.` };
  }
  if (!now) {
    const ended = ride.endDate || ride.startDate;
    const kept = new Date(Date.parse(`${ended}T00:00:00Z`) + (days + 1) * DAY_MS);
    if (!ended || kept > at) {
      const until = ended ? `until ${kept.toISOString().slice(0, 10)}` : "while it has no date";
      return {
        refused: `"${ride.title}" ends ${ended || "on no set date"}: its riders' data is kept ${until} (REGISTRATION_RETENTION_DAYS=${days}). Add --now to erase it now.`,
      };
    }
  }
  const erased = await runCommand(
    db,
    async (command) => {
      const count = await eraseRideRegistrations(command, rideId);
      if (count > 0) {
        await command.enqueue(ridePagesChanged(rideId));
        await command.audit(SITE_ACTOR, {
          action: "deleted",
          collection: "registrations",
          recordId: rideId,
          summary: `Erased the personal data of ${count} registration${count === 1 ? "" : "s"} of "${ride.title}"`,
        });
      }
      return count;
    },
    at,
  );
  return { erased };
}

/**
 * Sweeps at start-up and then every day while the server runs. Every instance sweeps (the
 * sweep is idempotent), so no instance has to be elected to do it. Never throws: a failed
 * sweep is logged and tried again the next day (or at the next start).
 */
export function scheduleErasure(db: Database, days: number, logger: Logger): PeriodicJob {
  return runPeriodically(
    ERASURE_INTERVAL_MS,
    async () => {
      const erased = await eraseExpiredRegistrations(db, days);
      logger.info({ erased, retentionDays: days }, "registrations past retention erased");
    },
    (error) => logger.error({ err: error }, "erasing registrations past retention failed"),
  );
}

// ——— The erasing queries the sweep and the operator script run ———

// Each takes the command it is part of: what an erasure deletes may have been public, and its
// consequences (pages refreshed, photos' files deleted) are the command's to enqueue.

/** Erases the personal data of every registration of the ride, keeping anonymous counts. */
export async function eraseRideRegistrations(command: Command, rideId: string): Promise<number> {
  const result = await command.trx
    .updateTable("registrations")
    .set(erasedColumns(command.now.toISOString()))
    .where("ride_id", "=", rideId)
    .where("erased_at", "is", null)
    .executeTakeFirst();
  await eraseWhatFollows(command);
  return Number(result.numUpdatedRows);
}

/**
 * Erases the personal data of these registrations (an erased account's that it does not cancel:
 * app/features/rider-accounts/server/account-erasure.server.ts), keeping anonymous counts.
 */
export async function eraseRegistrationsById(command: Command, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await command.trx
    .updateTable("registrations")
    .set(erasedColumns(command.now.toISOString()))
    .where("id", "in", ids)
    .where("erased_at", "is", null)
    .executeTakeFirst();
  await eraseWhatFollows(command);
  return Number(result.numUpdatedRows);
}

/**
 * What goes with the registrations the command erased (stamped at its `now`): each feature's
 * part (their messages, phones, photos, words: app/features/in-commands.server.ts), in the
 * command. Every erasure, whoever asks, ends here, so each feature's step runs with it: a step
 * enqueues what its erasure must still cause (pages refreshed, photos' files deleted).
 */
export async function eraseWhatFollows(command: Command, { seatHandedOn = false } = {}): Promise<void> {
  // A UTR the rider typed and nobody confirmed is theirs; a confirmed payment's stays for the
  // accounts (decision 059). A seat handed on keeps its claims: they name its payments.
  if (!seatHandedOn) await forgetErasedClaims(command);
  for (const step of erasureSteps) await step(command);
}

/**
 * Erases the personal data of the registrations of every ride that ended more than `days`
 * days ago (its end date, else its start date), and of registrations whose ride no longer
 * exists. Returns how many registrations it erased.
 */
export async function eraseEndedRegistrations(command: Command, days = DEFAULT_ERASE_AFTER_DAYS): Promise<number> {
  const { trx: db, now } = command;
  if (!Number.isSafeInteger(days) || days < 0) {
    throw new ValidationError({ days: "Days must be a whole number, 0 or more" });
  }
  const lastKeptDay = new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);
  const result = await db
    .updateTable("registrations")
    .set(erasedColumns(now.toISOString()))
    .where("erased_at", "is", null)
    .where((eb) =>
      eb.or([
        eb(
          "ride_id",
          "in",
          eb
            .selectFrom("rides")
            .select("id")
            .where(sql<string>`coalesce(nullif(end_date, ''), start_date)`, "<>", "")
            .where(sql<string>`coalesce(nullif(end_date, ''), start_date)`, "<", lastKeptDay),
        ),
        eb.not(eb.exists(eb.selectFrom("rides").select("id").whereRef("rides.id", "=", "registrations.ride_id"))),
      ]),
    )
    .executeTakeFirst();
  await eraseWhatFollows(command);
  return Number(result.numUpdatedRows);
}
