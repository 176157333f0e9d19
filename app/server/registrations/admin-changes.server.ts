import type { Selectable } from "kysely";
import type { AuditAction } from "~/domain/audit";
import { seatsLeft } from "~/domain/registration/availability";
import {
  PAYMENT_STATES,
  registrationSettingsOf,
  type PaymentKind,
  type PaymentState,
} from "~/domain/registration/settings";
import type { Command } from "../commands/command.server";
import type { Database, RegistrationsTable } from "../db/schema.server";
import { NotFoundError, refuse } from "../validation/errors.server";
import { ridePagesChanged } from "../rides/pages-changed.server";
import { bookedSeats } from "./seats.server";
import { registrationFromRow, type Registration, updateRegistrationRow } from "./rows.server";
import { type AdminChange, assertLive, withRegistrationById } from "./locked-registration.server";
import { onRide } from "./booking-audit.server";
import { lockedDues, owedPart } from "./payments.server";
import { chargeConfirmed, recordPartPaid, voidPayments } from "./ledger.server";

// An admin's changes of one registration on the Riders page (decision 019): a waitlisted rider
// confirmed, a payment marked received. Cancelling is ./cancel.server.ts, check-in
// app/features/ride-day/server/check-in.server.ts.

export const RIDE_NOT_FOUND = "Ride not found";
export const PAID_BEYOND_A_MARK =
  "This was paid online or with credit, not by a payment marked here: it stays paid (the money is given back as a refund, not by a mark)";

/** An admin's change of one registration: its line in the trail, and the ride's pages told. */
export async function adminChanged(
  command: Command,
  { actor }: AdminChange,
  row: Selectable<RegistrationsTable>,
  action: AuditAction,
  summary: string,
): Promise<void> {
  await command.audit(actor, { action, collection: "registrations", recordId: row.id, summary });
  await command.enqueue(ridePagesChanged(row.ride_id));
}

/** An admin confirms a waitlisted rider; refused unless the ride has the seats free. */
export async function confirmFromWaitlist(db: Database, id: string, change: AdminChange): Promise<Registration> {
  return withRegistrationById(
    db,
    id,
    async (command, row, ride) => {
      if (row.status !== "waitlisted") refuse("Only a waitlisted rider can be confirmed");
      if (!ride) throw new NotFoundError(RIDE_NOT_FOUND);
      const left = seatsLeft(registrationSettingsOf(ride), await bookedSeats(command.trx, ride.id));
      if (row.seats > left) {
        refuse(`Not enough seats: ${left} left, this registration needs ${row.seats}. Add seats to the ride first.`);
      }
      const updated = await updateRegistrationRow(
        command.trx,
        row.id,
        { status: "confirmed" },
        command.now,
      ).executeTakeFirstOrThrow();
      const registration = registrationFromRow(updated);
      await chargeConfirmed(command, updated, ride, registration.option);
      const summary = `Confirmed booking ${row.reference}${onRide(ride)} from the waitlist`;
      await adminChanged(command, change, row, "status-changed", summary);
      await command.enqueue({ kind: "seat-confirmed-mail", registrationId: row.id }, row.reference);
      return registration;
    },
    change,
  );
}

/**
 * An admin marks the booking amount (or the balance) as received (paid) or not (due), under
 * the ride's lock like every seat change; a cancelled registration's payments are not marked,
 * nor the balance of a booking that has none.
 */
async function markPayment(
  db: Database,
  id: string,
  kind: PaymentKind,
  payment: PaymentState,
  change: AdminChange,
): Promise<Registration> {
  if (!PAYMENT_STATES.includes(payment)) refuse("Payment must be due or paid", "payment");
  return withRegistrationById(
    db,
    id,
    async (command, row, ride) => {
      assertLive(row);
      const owed = owedPart(await lockedDues(command, row, ride), kind, row);
      if (payment === "paid" && !owed.paid) {
        await recordPartPaid(command, row, kind, owed.leftPaise, { method: "upi", reference: null, source: "admin" });
      }
      if (payment === "due") {
        await voidPayments(command, row.id, kind, ["upi"]);
        // What credit or the gateway paid is not undone by a mark: it stays paid, and is said so.
        if (owedPart(await lockedDues(command, row, ride), kind, row).paid) refuse(PAID_BEYOND_A_MARK);
      }
      const updated = await updateRegistrationRow(command.trx, row.id, {}, command.now).executeTakeFirstOrThrow();
      const what = kind === "booking" ? `booking ${row.reference}` : `the balance of booking ${row.reference}`;
      await adminChanged(command, change, row, "updated", `Marked ${what}${onRide(ride)} as ${payment}`);
      return registrationFromRow(updated);
    },
    change,
  );
}

/** An admin marks the booking amount as received (paid) or not (due). */
export function setPayment(
  db: Database,
  id: string,
  payment: PaymentState,
  change: AdminChange,
): Promise<Registration> {
  return markPayment(db, id, "booking", payment, change);
}

/** An admin marks the balance as received (paid) or not (due). */
export function setBalancePayment(
  db: Database,
  id: string,
  payment: PaymentState,
  change: AdminChange,
): Promise<Registration> {
  return markPayment(db, id, "balance", payment, change);
}
