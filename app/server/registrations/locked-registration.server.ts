import type { Selectable } from "kysely";
import type { AuditActor } from "~/domain/audit";
import type { Ride } from "~/domain/ride";
import { type Command, runCommand } from "../commands/command.server";
import type { Database, Executor, RegistrationsTable } from "../db/schema.server";
import { NotFoundError, refuse } from "../validation/errors.server";
import { serverClock } from "../clock.server";
import { lockRide } from "./seats.server";
import { findByToken } from "./booking-token.server";

// One registration changed as one command under its ride's lock (decision 019): found through
// the rider's private link or, by an admin, by its id, and read again once the ride is locked.
// Every write that changes who holds a seat runs in one transaction that first locks the ride
// (lockRide), so with capacity N exactly N seats are confirmed however many riders, instances or
// admins act at once.

export const REGISTRATION_NOT_FOUND = "Registration not found";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function findById(db: Executor, id: unknown): Promise<Selectable<RegistrationsTable> | undefined> {
  if (typeof id !== "string" || !UUID.test(id)) return undefined;
  return db.selectFrom("registrations").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A change of one registration: its row and its ride (null when the ride is gone), read under the ride's lock. */
export type RegistrationWork<T> = (
  command: Command,
  row: Selectable<RegistrationsTable>,
  ride: Ride | null,
) => Promise<T>;

type Finder = (db: Executor) => Promise<Selectable<RegistrationsTable> | undefined>;

/**
 * Runs `work` as one command on the registration, read again after its ride is locked:
 * whatever another transaction changed in between (a cancellation, a promotion) is what `work`
 * sees. The ride is null for a registration that outlived its ride (deleted, or replaced by an
 * import). With `rideId`, a registration of another ride is not found.
 */
async function withLockedRegistration<T>(
  db: Database,
  find: Finder,
  work: RegistrationWork<T>,
  { now, rideId }: { now: Date; rideId?: string },
): Promise<T> {
  const before = await find(db);
  if (!before || (rideId !== undefined && before.ride_id !== rideId)) throw new NotFoundError(REGISTRATION_NOT_FOUND);
  return runCommand(
    db,
    async (command) => {
      const ride = await lockRide(command.trx, before.ride_id);
      const row = await find(command.trx);
      if (!row) throw new NotFoundError(REGISTRATION_NOT_FOUND);
      return work(command, row, ride);
    },
    now,
  );
}

/** withLockedRegistration for the rider's change through their private link `token`. */
export function withRegistrationByToken<T>(
  db: Database,
  token: string,
  work: RegistrationWork<T>,
  now: Date,
): Promise<T> {
  return withLockedRegistration(db, (executor) => findByToken(executor, token), work, { now });
}

// An admin's change: each in the trail under the booking reference only (the trail outlives the
// riders' personal data), and on the other admins' pages and the public seats (a content event).

export type AdminChange = {
  actor: AuditActor;
  /** The ride the admin is looking at: a registration of another ride is not found. */
  rideId?: string;
  now?: Date;
};

/** withLockedRegistration for an admin's change of the registration `id`. */
export function withRegistrationById<T>(
  db: Database,
  id: string,
  work: RegistrationWork<T>,
  change: AdminChange,
): Promise<T> {
  return withLockedRegistration(db, (executor) => findById(executor, id), work, {
    now: change.now ?? serverClock(),
    rideId: change.rideId,
  });
}

/** Refuses a change of a cancelled registration. */
export function assertLive(row: Selectable<RegistrationsTable>): void {
  if (row.status === "cancelled") refuse("This registration is cancelled");
}
