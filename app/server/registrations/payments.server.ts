import type { Selectable } from "kysely";
import type { BookingPart, Dues, PartDues } from "~/domain/registration/dues";
import type { Ride } from "~/domain/ride";
import type { Command } from "../commands/command.server";
import type { RegistrationsTable } from "../db/schema.server";
import { refuse } from "../validation/errors.server";
import { duesOfBooking } from "./ledger.server";
import { registrationFromRow } from "./rows.server";

// A booking's two payments, the booking amount and the balance: the rider gives each one's UTR
// (rider-changes.server.ts), an admin marks each received (admin-changes.server.ts); both are
// entries of the booking's ledger (ledger.server.ts).

export const NO_BALANCE = "This booking has no balance to pay";
export const NO_BOOKING_AMOUNT = "This booking has no booking amount to pay";
export const NOTHING_OWED_WAITLISTED = "A waitlisted booking owes nothing until its seat is confirmed";

/** What the booking owes, read under the ride's lock. */
export function lockedDues(command: Command, row: Selectable<RegistrationsTable>, ride: Ride | null): Promise<Dues> {
  const { status } = registrationFromRow(row);
  return duesOfBooking(command.trx, { id: row.id, status }, ride, command.now);
}

/**
 * What the booking owes of `part`; refused when it owes none (a waitlisted booking, a ride
 * without a balance for its option or without a readable price).
 */
export function owedPart(dues: Dues, part: BookingPart, row: Selectable<RegistrationsTable>): PartDues {
  const owed = dues[part];
  if (owed) return owed;
  if (row.status === "waitlisted") refuse(NOTHING_OWED_WAITLISTED);
  return refuse(part === "balance" ? NO_BALANCE : NO_BOOKING_AMOUNT);
}
