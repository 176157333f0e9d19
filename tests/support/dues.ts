import type { Dues } from "~/domain/registration/dues";
import type { Executor } from "~/server/db/schema.server";
import { duesOfBooking, ledgersOf } from "~/server/registrations/ledger.server";
import { getRegistration } from "~/server/registrations/queries.server";
import { getRide } from "~/server/rides/rides.server";

/** What a booking owes now, from its ledger, as every page reads it. */
export async function duesOfRegistration(db: Executor, registrationId: string, now = new Date()): Promise<Dues> {
  const registration = await getRegistration(db, registrationId);
  if (!registration) throw new Error(`No registration ${registrationId}`);
  return duesOfBooking(db, registration, await getRide(db, registration.rideId), now);
}

/** A booking's booking amount as a test reads it: what credit paid of it, and whether it is paid. */
export async function bookingPart(db: Executor, registrationId: string) {
  const { booking } = await duesOfRegistration(db, registrationId);
  return { creditPaise: booking?.creditPaise ?? 0, payment: booking?.paid ? "paid" : "due" };
}

/** Whether a payment of the booking amount stands, on a booking cancelled since too (its charges are void). */
export async function bookingPartEvenCancelled(db: Executor, registrationId: string): Promise<"paid" | "due"> {
  const entries = (await ledgersOf(db, [registrationId])).get(registrationId) ?? [];
  const paid = entries.some(
    (entry) => entry.kind === "payment" && entry.state === "confirmed" && entry.part === "booking",
  );
  return paid ? "paid" : "due";
}

/** A booking's two parts as the admins mark them: paid or due. */
export async function paymentStates(db: Executor, registrationId: string) {
  const { booking, balance } = await duesOfRegistration(db, registrationId);
  return { payment: booking?.paid ? "paid" : "due", balancePayment: balance?.paid ? "paid" : "due" };
}
