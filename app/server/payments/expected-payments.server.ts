import type { ExpectedPayment } from "~/domain/payments/match-statement";
import { BOOKING_PARTS } from "~/domain/registration/dues";
import type { Executor } from "../db/schema.server";
import { duesOfBookings } from "../registrations/ledger.server";
import { registrationFromRow } from "../registrations/rows.server";
import { listRidesByStatus } from "../rides/rides.server";
import { inChunks } from "./in-chunks.server";

// What a bank statement is matched against (docs/features/bank-statements.md): the payments the
// upcoming rides' bookings still owe, and the UTRs already recorded as payments.

/** Who an expected payment is from, for the admin's page (names are fine there, never in a log). */
export type OwingBooking = { reference: string; name: string; rideId: string; rideTitle: string };

export type PaymentsOwed = {
  /** Each part still owed of each confirmed, kept booking of an upcoming ride, in ride and booking order. */
  expected: ExpectedPayment[];
  bookings: Map<string, OwingBooking>;
};

/** The payments still owed on upcoming rides: their ledgers read in one query per ride. */
export async function paymentsOwed(db: Executor, now: Date): Promise<PaymentsOwed> {
  const owed: PaymentsOwed = { expected: [], bookings: new Map() };
  for (const ride of await listRidesByStatus(db, "upcoming")) {
    const rows = await db
      .selectFrom("registrations")
      .selectAll()
      .where("ride_id", "=", ride.id)
      .where("status", "=", "confirmed")
      .where("erased_at", "is", null)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    if (rows.length === 0) continue;
    const registrations = rows.map(registrationFromRow);
    const dues = await duesOfBookings(db, registrations, ride, now);
    for (const registration of registrations) {
      const { id, reference, name } = registration;
      for (const part of BOOKING_PARTS) {
        const left = dues.get(id)?.[part];
        if (!left || left.leftPaise <= 0) continue;
        owed.expected.push({
          registrationId: id,
          reference,
          part,
          amountPaise: left.leftPaise,
          claimedUtr: left.claimedUtr,
        });
        owed.bookings.set(id, { reference, name, rideId: ride.id, rideTitle: ride.title });
      }
    }
  }
  return owed;
}

/** Of these UTRs, the ones a confirmed UPI payment carries already. */
export async function recordedUtrs(db: Executor, utrs: readonly string[]): Promise<Set<string>> {
  const recorded = new Set<string>();
  for (const chunk of inChunks([...new Set(utrs)])) {
    const rows = await db
      .selectFrom("booking_entries")
      .select("reference")
      .where("kind", "=", "payment")
      .where("state", "=", "confirmed")
      .where("method", "=", "upi")
      .where("reference", "in", chunk)
      .execute();
    for (const { reference } of rows) if (reference) recorded.add(reference);
  }
  return recorded;
}
