import type { Selectable } from "kysely";
import { type AuditActor, RIDER_ACTOR } from "~/domain/audit";
import type { Ride } from "~/domain/ride";
import type { Command } from "../commands/command.server";
import type { Database, RegistrationsTable } from "../db/schema.server";
import { serverClock } from "../clock.server";
import { ridePagesChanged } from "../rides/pages-changed.server";
import { promoteWaitlisted } from "./seats.server";
import { erasedColumns, registrationFromRow, type Registration, updateRegistrationRow } from "./rows.server";
import { eraseWhatFollows } from "./erasure.server";
import { keepWhatIsNotGivenBack, voidCharges } from "./ledger.server";
import { tellRider, writeWithCancelled } from "./feature-hooks.server";
import { type AdminChange, withRegistrationById, withRegistrationByToken } from "./locked-registration.server";
import { auditRiderChange, onRide } from "./booking-audit.server";
import { cancelLinksOf } from "../payments/online/payment-links.server";

// A booking cancelled, through each of its doors: by the rider through their private link, by
// an admin, erased by the rider (their link, or their account's erasure). The seats go back at
// once, to the waitlisted riders who now fit.

export type Cancellation = {
  registration: Registration;
  /** Waitlisted riders confirmed into the freed seats, first registered first. */
  promoted: Registration[];
};

/** Who cancels, as the trail says it. */
type Canceller = { actor: AuditActor; erase: boolean };

/** The cancellation's line in the trail: the rider's own, or an admin's. */
async function auditCancellation(
  command: Command,
  row: Selectable<RegistrationsTable>,
  ride: Ride | null,
  { actor, erase }: Canceller,
): Promise<void> {
  const action = erase ? "deleted" : "status-changed";
  if (actor === RIDER_ACTOR) {
    const what = erase ? "cancelled by the rider, personal data erased" : "cancelled by the rider";
    return auditRiderChange(command, row, ride, what, { action });
  }
  const summary = `Cancelled booking ${row.reference}${onRide(ride)}`;
  await command.audit(actor, { action, collection: "registrations", recordId: row.id, summary });
}

/**
 * A cancellation frees the seats at once and confirms the waitlisted riders who now fit, in the
 * same transaction; with `erase`, the rider's personal data goes too. Cancelling twice changes
 * nothing (an erasure still erases).
 */
async function cancelLocked(
  command: Command,
  row: Selectable<RegistrationsTable>,
  ride: Ride | null,
  canceller: Canceller,
): Promise<Cancellation> {
  const { trx, now } = command;
  if (row.status === "cancelled" && !canceller.erase) return { registration: registrationFromRow(row), promoted: [] };
  const wasConfirmed = row.status === "confirmed";
  const erased = canceller.erase ? erasedColumns(now.toISOString()) : {};
  // A cancelled rider is not on the ride: a check-in goes with the seat.
  const updated = await updateRegistrationRow(
    trx,
    row.id,
    { status: "cancelled", checked_in_at: null, ...erased },
    now,
  ).executeTakeFirstOrThrow();
  await voidCharges(command, row.id);
  // Erased, the booking leaves the account, and its money with it: no credit.
  const kept = canceller.erase ? "" : await writeWithCancelled(command, { row, ride, actor: canceller.actor });
  await keepWhatIsNotGivenBack(command, row);
  // Its payment link goes too, at Razorpay once this commits: nobody pays for a seat not held.
  await cancelLinksOf(command, row.id, row.reference);
  // Their photos and words leave the public pages with them, their photos' files once committed.
  if (canceller.erase) await eraseWhatFollows(command);
  await auditCancellation(command, row, ride, canceller);
  if (!canceller.erase && ride) {
    const body =
      canceller.actor === RIDER_ACTOR
        ? `You cancelled booking ${row.reference} on "${ride.title}".`
        : `The organisers cancelled booking ${row.reference} on "${ride.title}". Reply to their messages or contact them if this is a surprise.`;
    await tellRider(command, {
      rideId: ride.id,
      registrationId: row.id,
      subject: "Your registration is cancelled",
      body: kept ? `${body} ${kept}` : body,
    });
  }
  const promoted = wasConfirmed
    ? await promoteWaitlisted(command, ride, canceller.actor, `booking ${row.reference} was cancelled`)
    : [];
  if (ride) await command.enqueue(ridePagesChanged(ride.id));
  return { registration: registrationFromRow(updated), promoted };
}

/** The rider cancels through their private link. Cancelling twice changes nothing. */
export function cancelByToken(db: Database, token: string, now = serverClock()): Promise<Cancellation> {
  return withRegistrationByToken(
    db,
    token,
    (command, row, ride) => cancelLocked(command, row, ride, { actor: RIDER_ACTOR, erase: false }),
    now,
  );
}

/**
 * The rider erases their registration through the private link: it is cancelled (promoting
 * from the waitlist) and its personal data is gone; the link stops working.
 */
export function eraseByToken(db: Database, token: string, now = serverClock()): Promise<Cancellation> {
  return withRegistrationByToken(
    db,
    token,
    (command, row, ride) => cancelLocked(command, row, ride, { actor: RIDER_ACTOR, erase: true }),
    now,
  );
}

/**
 * Cancels a live booking and erases it, as eraseByToken does, for a command that holds its
 * ride's lock and read `row` under it: a rider erasing their account
 * (app/features/rider-accounts/server/account-erasure.server.ts).
 */
export function cancelAndEraseLocked(
  command: Command,
  row: Selectable<RegistrationsTable>,
  ride: Ride | null,
): Promise<Cancellation> {
  return cancelLocked(command, row, ride, { actor: RIDER_ACTOR, erase: true });
}

/** An admin cancels a registration; the waitlisted riders who fit are confirmed and mailed. Cancelling twice changes nothing. */
export function cancelRegistration(db: Database, id: string, change: AdminChange): Promise<Cancellation> {
  return withRegistrationById(
    db,
    id,
    (command, row, ride) => cancelLocked(command, row, ride, { actor: change.actor, erase: false }),
    change,
  );
}
