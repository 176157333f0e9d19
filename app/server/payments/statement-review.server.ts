import type { AuditActor } from "~/domain/audit";
import { matchStatement, MISMATCH_REASONS, type StatementMatch } from "~/domain/payments/match-statement";
import { bankKey, type ColumnMapping, readLines } from "~/domain/payments/statement";
import type { ConfirmOutcome } from "~/domain/payments/statement-outcome";
import type { BookingView, MatchView, StatementReview } from "~/domain/payments/statement-review";
import type { Database } from "../db/schema.server";
import { confirmStatementMatches } from "./confirm-statement.server";
import { paymentsOwed, recordedUtrs, type OwingBooking } from "./expected-payments.server";
import type { StatementTable } from "./statement-csv.server";

// A statement read with the admin's mapping and matched against what the bookings owe now, as
// the statement page shows it: no narration (a payer's note is no business of the page), riders'
// names beside their bookings. Confirming matches the file again and records the matches the
// admin saw that still hold.

function bookingOf(bookings: ReadonlyMap<string, OwingBooking>, registrationId: string): BookingView {
  const { reference, name, rideTitle } = bookings.get(registrationId)!;
  return { reference, name, rideTitle };
}

/** The statement's matches grouped by line (a line paying both parts is two matches), each with its key. */
function byLine(matches: readonly StatementMatch[]): Map<string, StatementMatch[]> {
  const lines = new Map<number, StatementMatch[]>();
  for (const match of matches) lines.set(match.line.line, [...(lines.get(match.line.line) ?? []), match]);
  return new Map(
    [...lines.values()].map((group) => {
      const { line, expected } = group[0]!;
      const parts = group.map((match) => match.expected.part).join("+");
      return [`${line.line}:${expected.registrationId}:${parts}:${line.amountPaise}`, group];
    }),
  );
}

async function readAndMatch(db: Database, table: StatementTable, mapping: ColumnMapping, now: Date) {
  const reading = readLines(table.rows, mapping);
  const [owed, recorded] = await Promise.all([
    paymentsOwed(db, now),
    recordedUtrs(
      db,
      reading.lines.map((line) => line.utr),
    ),
  ]);
  return { reading, owed, matching: matchStatement(reading.lines, owed.expected, recorded) };
}

/** The statement read with `mapping` and matched against what the upcoming rides' bookings owe now. */
export async function reviewStatement(
  db: Database,
  table: StatementTable,
  mapping: ColumnMapping,
  now: Date,
): Promise<StatementReview> {
  const { reading, owed, matching } = await readAndMatch(db, table, mapping, now);
  const matches = [...byLine(matching.matches)].map(([key, group]): MatchView => {
    const { line, expected } = group[0]!;
    const { reference, name, rideTitle } = bookingOf(owed.bookings, expected.registrationId);
    const parts = group.map((match) => match.expected.part);
    return {
      key,
      line: line.line,
      date: line.date,
      amountPaise: line.amountPaise,
      utr: line.utr,
      parts,
      reference,
      name,
      rideTitle,
    };
  });
  return {
    bankKey: bankKey(table.headers),
    lineCount: reading.lines.length,
    errors: reading.errors,
    matches,
    mismatches: matching.mismatches.map(({ line, reason, expected }) => ({
      line: line.line,
      date: line.date,
      amountPaise: line.amountPaise,
      utr: line.utr,
      reason: MISMATCH_REASONS[reason],
      booking: expected ? bookingOf(owed.bookings, expected.registrationId) : null,
    })),
    unmatched: matching.unmatched.map(({ registrationId, part, amountPaise, claimedUtr }) => {
      const { reference, name, rideTitle } = bookingOf(owed.bookings, registrationId);
      return { reference, name, rideTitle, part, amountPaise, claimedUtr };
    }),
  };
}

/**
 * Records the matches the admin saw (`keys`, from the page they confirmed on): the file is
 * matched again against what the bookings owe now, and only the matches that are still the
 * same are recorded (confirmStatementMatches checks each again under its ride's lock). A match
 * seen that no longer holds is reported as changed since the statement was read.
 */
export async function confirmSeenMatches(
  db: Database,
  table: StatementTable,
  mapping: ColumnMapping,
  keys: ReadonlySet<string>,
  actor: AuditActor,
  now: Date,
): Promise<ConfirmOutcome> {
  const { reading, matching } = await readAndMatch(db, table, mapping, now);
  const current = byLine(matching.matches);
  const chosen = [...current].filter(([key]) => keys.has(key)).flatMap(([, group]) => group);
  const outcome = await confirmStatementMatches(db, chosen, actor, { bankKey: bankKey(table.headers), now });
  const utrOf = new Map(reading.lines.map((line) => [line.line, line.utr]));
  const recordedMeanwhile = new Set(
    matching.mismatches.filter(({ reason }) => reason === "already-recorded").map(({ line }) => line.line),
  );
  for (const key of keys) {
    if (current.has(key)) continue;
    const line = Number(key.split(":")[0]);
    const utr = utrOf.get(line);
    if (utr === undefined) continue;
    outcome.skipped.push({ line, utr, reason: recordedMeanwhile.has(line) ? "already-recorded" : "changed" });
  }
  outcome.skipped.sort((a, b) => a.line - b.line);
  return outcome;
}
