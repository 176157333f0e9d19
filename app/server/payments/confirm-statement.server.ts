import type { AuditActor } from "~/domain/audit";
import type { BookingPart } from "~/domain/registration/dues";
import type { Ride } from "~/domain/ride";
import type { StatementMatch } from "~/domain/payments/match-statement";
import type { ConfirmOutcome, SkippedLine, SkipReason } from "~/domain/payments/statement-outcome";
import { type Command, runCommand } from "../commands/command.server";
import type { Database } from "../db/schema.server";
import { serverClock } from "../clock.server";
import { onRide } from "../registrations/booking-audit.server";
import { bookingPaidBy, recordBothPartsPaid, recordPartPaid } from "../registrations/ledger.server";
import { lockedDues } from "../registrations/payments.server";
import { updateRegistrationRow } from "../registrations/rows.server";
import { lockRide } from "../registrations/seats.server";
import { ridePagesChanged } from "../rides/pages-changed.server";
import { inChunks } from "./in-chunks.server";

// The admin's "Confirm N matches" (docs/features/bank-statements.md, The write): each matched
// line of a statement recorded as a confirmed UPI payment with its UTR, under its ride's lock,
// only while the booking still owes exactly what the statement was matched against.

/** One line's payment: one part of a booking, or both parts at once (the matcher's both-parts rule). */
type LinePayment = {
  line: number;
  utr: string;
  registrationId: string;
  parts: { part: BookingPart; amountPaise: number }[];
};

/** The matches grouped by line: a line that pays both parts is two matches and one payment. */
function linePayments(matches: readonly StatementMatch[]): LinePayment[] {
  const byLine = new Map<number, LinePayment>();
  for (const { line, expected } of matches) {
    const payment = byLine.get(line.line);
    const part = { part: expected.part, amountPaise: expected.amountPaise };
    // The matcher gives a line two matches only for both parts of one booking.
    if (payment) payment.parts.push(part);
    else
      byLine.set(line.line, { line: line.line, utr: line.utr, registrationId: expected.registrationId, parts: [part] });
  }
  return [...byLine.values()];
}

/**
 * Records the matches as payments, one command per ride, the rides in id order. Each ride's
 * transaction locks the ride (lockRide), then, line by line, reads the booking and its dues again
 * and records the payment only while the booking is confirmed and still owes each matched part
 * exactly its matched amount; a line whose UTR pays a booking already is passed over too. So a
 * rider's UTR, an admin's "Mark paid" or a second press at the same moment, on any instance,
 * either comes first (and the line is passed over) or finds the part paid.
 *
 * One transaction per ride rather than one for the whole statement: a long statement never
 * holds every ride's lock at once, so riders of other rides are not kept waiting, and since each
 * transaction holds a single ride's lock no two confirmations can deadlock. A ride's payments,
 * its one audit line and its pages' refresh commit together.
 */
export async function confirmStatementMatches(
  db: Database,
  matches: readonly StatementMatch[],
  actor: AuditActor,
  { bankKey, now = serverClock() }: { bankKey: string; now?: Date },
): Promise<ConfirmOutcome> {
  const payments = linePayments(matches);
  const rideOf = new Map<string, string>();
  for (const ids of inChunks([...new Set(payments.map((payment) => payment.registrationId))])) {
    const rows = await db.selectFrom("registrations").select(["id", "ride_id"]).where("id", "in", ids).execute();
    for (const row of rows) rideOf.set(row.id, row.ride_id);
  }
  const outcome: ConfirmOutcome = { recorded: 0, skipped: [] };
  const byRide = new Map<string, LinePayment[]>();
  for (const payment of payments) {
    const rideId = rideOf.get(payment.registrationId);
    if (rideId === undefined) outcome.skipped.push(skip(payment, "changed"));
    else byRide.set(rideId, [...(byRide.get(rideId) ?? []), payment]);
  }
  for (const rideId of [...byRide.keys()].sort()) {
    const ride = await runCommand(
      db,
      async (command) => {
        const ride = await lockRide(command.trx, rideId);
        const skipped: SkippedLine[] = [];
        for (const payment of byRide.get(rideId)!) {
          const reason = await recordLine(command, rideId, ride, payment, bankKey);
          if (reason) skipped.push(skip(payment, reason));
        }
        const recorded = byRide.get(rideId)!.length - skipped.length;
        if (recorded > 0) {
          const summary = `Marked ${recorded} ${recorded === 1 ? "payment" : "payments"} received from a bank statement${onRide(ride)}`;
          await command.audit(actor, { action: "updated", collection: "registrations", recordId: null, summary });
          await command.enqueue(ridePagesChanged(rideId));
        }
        return { recorded, skipped };
      },
      now,
    );
    outcome.recorded += ride.recorded;
    outcome.skipped.push(...ride.skipped);
  }
  outcome.skipped.sort((a, b) => a.line - b.line);
  return outcome;
}

function skip(payment: LinePayment, reason: SkipReason): SkippedLine {
  return { line: payment.line, utr: payment.utr, reason };
}

/** Records one line's payment under the ride's lock; why it was passed over, or null once recorded. */
async function recordLine(
  command: Command,
  rideId: string,
  ride: Ride | null,
  payment: LinePayment,
  bankKey: string,
): Promise<SkipReason | null> {
  const row = await command.trx
    .selectFrom("registrations")
    .selectAll()
    .where("id", "=", payment.registrationId)
    .executeTakeFirst();
  if (!row || row.ride_id !== rideId || row.status !== "confirmed" || row.erased_at !== null) return "changed";
  // Asked before recordPartPaid, which would refuse it: a refusal here is a line passed over.
  if (await bookingPaidBy(command.trx, "upi", payment.utr)) return "already-recorded";
  const dues = await lockedDues(command, row, ride);
  if (!payment.parts.every(({ part, amountPaise }) => dues[part]?.leftPaise === amountPaise)) return "changed";
  const recorded = { method: "upi" as const, reference: payment.utr, source: `statement:${bankKey}:${payment.line}` };
  const [only] = payment.parts;
  if (payment.parts.length === 1 && only) await recordPartPaid(command, row, only.part, only.amountPaise, recorded);
  else {
    const total = payment.parts.reduce((sum, part) => sum + part.amountPaise, 0);
    await recordBothPartsPaid(command, row, total, recorded);
  }
  await updateRegistrationRow(command.trx, row.id, {}, command.now).execute();
  return null;
}
