import { z } from "zod";
import type { PaymentKind } from "~/domain/registration/settings";
import { contactUpdateSchema, utrSchema } from "~/domain/registration/input";
import { refuse } from "../validation/errors.server";
import { parseOrThrow } from "../validation/validate.server";
import { serverClock } from "../clock.server";
import { dataWith, registrationFromRow, type Registration, updateRegistrationRow } from "./rows.server";
import type { Database } from "../db/schema.server";
import { assertLive, type RegistrationWork, withRegistrationByToken } from "./locked-registration.server";
import { DUPLICATE_MOBILE, isMobileTaken } from "./register.server";
import { auditRiderChange } from "./booking-audit.server";
import { lockedDues, owedPart } from "./payments.server";
import { claimPart } from "./ledger.server";
import { writeWithHolderChanged } from "./feature-hooks.server";

// A rider's changes of their booking through its private link (decision 019): contact details,
// reminders, the UTRs of their payments (a feature's, such as the waiver's, through changeLiveBooking). Each reads the registration again under its
// ride's lock. Cancelling and erasing are ./cancel.server.ts.

/** withRegistrationByToken for a change of a live booking: a cancelled one takes none. */
export function changeLiveBooking<T>(db: Database, token: string, work: RegistrationWork<T>, now: Date): Promise<T> {
  return withRegistrationByToken(
    db,
    token,
    (command, row, ride) => {
      assertLive(row);
      return work(command, row, ride);
    },
    now,
  );
}

/**
 * Changes the rider's contact details; a new mobile number must not be registered for the ride
 * already. A new email takes the booking out of an account of another address (decision 042),
 * as a renewed link does. No public page shows them, so no content event: the organisers'
 * Riders page shows them at its next revalidation (decision 022).
 */
export async function updateContactByToken(
  db: Database,
  token: string,
  input: unknown,
  now = serverClock(),
): Promise<Registration> {
  const contact = parseOrThrow(contactUpdateSchema, input);
  return changeLiveBooking(
    db,
    token,
    async (command, row) => {
      const { trx } = command;
      if (await isMobileTaken(trx, row.ride_id, contact.mobile, row.id)) refuse(DUPLICATE_MOBILE, "mobile");
      const { mobile, ...details } = contact;
      const updated = await updateRegistrationRow(
        trx,
        row.id,
        { phone: mobile, data: dataWith(row.data, details) },
        now,
      ).executeTakeFirstOrThrow();
      return registrationFromRow(await writeWithHolderChanged(command, updated, "with its new email address"));
    },
    now,
  );
}

/**
 * The rider turns reminders on or off through their private link. News about their booking and
 * changes to the ride still reach their Updates list and channels (docs/features/rider-messages.md).
 */
export function setRemindersByToken(
  db: Database,
  token: string,
  on: boolean,
  now = serverClock(),
): Promise<Registration> {
  return changeLiveBooking(
    db,
    token,
    async (command, row, ride) => {
      const updated = await updateRegistrationRow(
        command.trx,
        row.id,
        { reminders: on ? 1 : 0 },
        now,
      ).executeTakeFirstOrThrow();
      await auditRiderChange(command, row, ride, `turned reminders ${on ? "on" : "off"}`);
      return registrationFromRow(updated);
    },
    now,
  );
}

export const WAITLISTED_UTR = "You are on the waitlist: pay, and save the UTR, only once your seat is confirmed";
export const SAME_UTR: Readonly<Record<PaymentKind, string>> = {
  booking: "This is the UTR you gave for the balance: enter the booking amount's own",
  balance: "This is the UTR you gave for the booking amount: enter the balance payment's own",
};

export const ALREADY_PAID: Readonly<Record<PaymentKind, string>> = {
  booking: "The booking amount is paid already: there is no UTR to give",
  balance: "The balance is paid already: there is no UTR to give",
};

const PAYMENT_NAMES: Readonly<Record<PaymentKind, string>> = { booking: "booking amount", balance: "balance" };
/** The booking page's field of each payment's UTR, which a refusal names. */
export const UTR_FIELDS = { booking: "utr", balance: "balanceUtr" } as const satisfies Record<PaymentKind, string>;

/**
 * Records the UPI transaction id the rider paid the booking amount (or the balance) with; an
 * admin still marks the payment as received. Only a confirmed seat is paid for, and a balance
 * only on a ride that has one: both are read under the ride's lock, so a cancellation at the
 * same moment either comes first (and this is refused) or after. One payment's UTR is not the
 * other's. Private, like the contact details: in the trail without the UTR, no content event.
 */
async function submitUtr(db: Database, token: string, utr: unknown, kind: PaymentKind, now: Date) {
  const field = UTR_FIELDS[kind];
  const value = parseOrThrow(z.object({ [field]: utrSchema }), { [field]: utr })[field]!;
  return changeLiveBooking(
    db,
    token,
    async (command, row, ride) => {
      if (row.status === "waitlisted") refuse(WAITLISTED_UTR);
      const dues = await lockedDues(command, row, ride);
      const owed = owedPart(dues, kind, row);
      if (owed.paid) refuse(ALREADY_PAID[kind], field);
      if (dues[kind === "booking" ? "balance" : "booking"]?.claimedUtr === value) refuse(SAME_UTR[kind], field);
      await claimPart(command, row, kind, owed.leftPaise, value);
      const updated = await updateRegistrationRow(command.trx, row.id, {}, now).executeTakeFirstOrThrow();
      await auditRiderChange(command, row, ride, `gave the UTR of its ${PAYMENT_NAMES[kind]}`);
      return registrationFromRow(updated);
    },
    now,
  );
}

/** The rider gives the UTR of the booking amount through the private link. */
export function submitUtrByToken(
  db: Database,
  token: string,
  utr: unknown,
  now = serverClock(),
): Promise<Registration> {
  return submitUtr(db, token, utr, "booking", now);
}

/** The rider gives the UTR of the balance through the private link. */
export function submitBalanceUtrByToken(
  db: Database,
  token: string,
  utr: unknown,
  now = serverClock(),
): Promise<Registration> {
  return submitUtr(db, token, utr, "balance", now);
}
