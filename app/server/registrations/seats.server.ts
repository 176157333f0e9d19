import { type AuditActor, SITE_ACTOR } from "~/domain/audit";
import { registrationSettingsOf } from "~/domain/registration/settings";
import { seatsLeft } from "~/domain/registration/availability";
import type { Ride } from "~/domain/ride";
import type { Command } from "../commands/command.server";
import type { Executor } from "../db/schema.server";
import { withRowLock } from "../db/row-lock.server";
import { registrationFromRow, type Registration, updateRegistrationRow } from "./rows.server";
import { rideFromRow } from "../rides/ride-rows.server";
import { ridePagesChanged } from "../rides/pages-changed.server";
import { tellRider } from "./feature-hooks.server";
import { chargeConfirmed } from "./ledger.server";

// A ride's seats (decision 019): the lock every change of who holds a seat takes first, the
// seats confirmed riders hold, and the one promotion from the waitlist every path that frees or
// adds seats goes through.

/**
 * The ride, locked for the rest of the transaction (withRowLock): every other transaction
 * touching the ride's seats waits here, on whichever instance it runs.
 */
export async function lockRide(trx: Executor, rideId: string): Promise<Ride | null> {
  const row = await lockRideRow(trx, rideId);
  return row ? rideFromRow(row) : null;
}

/** lockRide's row as stored, for what the ride itself does not say (when it is published). */
export function lockRideRow(trx: Executor, rideId: string) {
  return withRowLock(trx, trx.selectFrom("rides").selectAll().where("id", "=", rideId)).executeTakeFirst();
}

/** Seats held by the ride's confirmed riders. */
export async function bookedSeats(db: Executor, rideId: string): Promise<number> {
  const row = await db
    .selectFrom("registrations")
    .select((eb) => eb.fn.sum<string | number | null>("seats").as("seats"))
    .where("ride_id", "=", rideId)
    .where("status", "=", "confirmed")
    .executeTakeFirst();
  return Number(row?.seats ?? 0);
}

/**
 * Fills free seats from the waitlist, in registration order, with each rider whose option fits
 * in the seats still free (a rider with a pillion may wait while a solo rider behind them
 * fits). Only for an upcoming ride, whose lock the command holds. Each promoted rider is mailed
 * (from the outbox) and the trail says who and `why`; the command tells the ride's pages.
 */
export async function promoteWaitlisted(
  command: Command,
  ride: Ride | null,
  actor: AuditActor,
  why: string,
): Promise<Registration[]> {
  const { trx, now } = command;
  if (ride?.status !== "upcoming") return [];
  let left = seatsLeft(registrationSettingsOf(ride), await bookedSeats(trx, ride.id));
  if (left === 0) return [];
  const waiting = await trx
    .selectFrom("registrations")
    .selectAll()
    .where("ride_id", "=", ride.id)
    .where("status", "=", "waitlisted")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const promoted: Registration[] = [];
  for (const row of waiting) {
    if (left === 0) break;
    if (row.seats > left) continue;
    const updated = await updateRegistrationRow(trx, row.id, { status: "confirmed" }, now).executeTakeFirstOrThrow();
    const registration = registrationFromRow(updated);
    await chargeConfirmed(command, updated, ride, registration.option);
    promoted.push(registration);
    left -= row.seats;
  }
  if (promoted.length === 0) return promoted;
  for (const registration of promoted) {
    await command.enqueue({ kind: "seat-confirmed-mail", registrationId: registration.id }, registration.reference);
    await tellRider(command, {
      rideId: ride.id,
      registrationId: registration.id,
      subject: "Your seat is confirmed",
      body: `A seat on "${ride.title}" came free and it is yours now: booking ${registration.reference} is confirmed.`,
    });
  }
  await command.audit(actor, {
    action: "status-changed",
    collection: "registrations",
    recordId: promoted.length === 1 ? promoted[0]!.id : ride.id,
    summary: `${promoted.map((entry) => entry.reference).join(", ")} confirmed from the waitlist of "${ride.title}": ${why}`,
  });
  return promoted;
}

/**
 * Seats were added to the ride (its settings saved with more seats, a restored revision, the
 * ride upcoming again): the waitlisted riders who fit now are confirmed within the command
 * that added them, as a cancellation's are. The site is the actor when no admin is.
 */
export async function promoteAfterSeatsAdded(
  command: Command,
  rideId: string,
  actor: AuditActor | undefined,
  why: string,
): Promise<Registration[]> {
  const promoted = await promoteWaitlisted(command, await lockRide(command.trx, rideId), actor ?? SITE_ACTOR, why);
  if (promoted.length > 0) await command.enqueue(ridePagesChanged(rideId));
  return promoted;
}
