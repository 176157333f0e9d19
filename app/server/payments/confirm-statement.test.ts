import { expect, it } from "vitest";
import { matchStatement } from "~/domain/payments/match-statement";
import { guessMapping, readLines } from "~/domain/payments/statement";
import type { Database } from "~/server/db/schema.server";
import { describeEachEngine } from "../../../tests/support/databases";
import { duesOfRegistration } from "../../../tests/support/dues";
import { siteRide } from "../../../tests/support/fixtures";
import { riderForm, registerRider } from "../../../tests/support/registration-fixtures";
import { statementCsv, type StatementCsvLine } from "../../../tests/support/statement-csv";
import { listRecentActivity } from "../audit/audit.server";
import { setPayment } from "../registrations/admin-changes.server";
import { submitBalanceUtrByToken, submitUtrByToken } from "../registrations/rider-changes.server";
import { confirmStatementMatches } from "./confirm-statement.server";
import { paymentsOwed, recordedUtrs } from "./expected-payments.server";
import { readStatementCsv } from "./statement-csv.server";
import { confirmSeenMatches, reviewStatement } from "./statement-review.server";

// Confirming a bank statement's matches (docs/features/bank-statements.md, The write), on both
// engines: recorded once, passed over when the booking changed or the UTR pays a booking
// already, a line of both parts as one payment. Races between instances: tests/integration/
// registrations-concurrency.test.ts.

const ADMIN = { id: "admin-1", email: "admin@roadbook.test" };
/** Before the rides' start (2027-06-10): trip ₹38,500, booking amount ₹10,000, balance ₹28,500. */
const NOW = new Date("2027-05-01T06:00:00Z");
const BOOKING = 1_000_000;
const BALANCE = 2_850_000;

function table(lines: readonly StatementCsvLine[]) {
  return readStatementCsv(statementCsv(lines));
}

function mappingOf(lines: readonly StatementCsvLine[]) {
  return guessMapping(table(lines).headers)!;
}

/** The statement's matches as the page shows them: reviewed now, against the bookings as they stand. */
async function review(db: Database, lines: readonly StatementCsvLine[]) {
  return reviewStatement(db, table(lines), mappingOf(lines), NOW);
}

/** What the admin presses: every match the page showed. */
async function confirmAll(db: Database, lines: readonly StatementCsvLine[]) {
  const keys = new Set((await review(db, lines)).matches.map((match) => match.key));
  return confirmSeenMatches(db, table(lines), mappingOf(lines), keys, ADMIN, NOW);
}

/** The statement matched as the page read it, for a write that comes after the bookings changed. */
async function staleMatches(db: Database, lines: readonly StatementCsvLine[]) {
  const reading = readLines(table(lines).rows, mappingOf(lines));
  const owed = await paymentsOwed(db, NOW);
  const recorded = await recordedUtrs(
    db,
    reading.lines.map((line) => line.utr),
  );
  return matchStatement(reading.lines, owed.expected, recorded).matches;
}

async function payments(db: Database) {
  return db
    .selectFrom("booking_entries")
    .selectAll()
    .where("kind", "=", "payment")
    .where("state", "=", "confirmed")
    .orderBy("reference")
    .execute();
}

describeEachEngine("confirming a bank statement's matches", (getDb) => {
  it("records each match once, by the UTR a rider gave or the reference in the note; a second press records nothing", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 5 });
    const first = await registerRider(db, ride.id, riderForm(1), NOW);
    const second = await registerRider(db, ride.id, riderForm(2), NOW);
    await submitUtrByToken(db, second.token, "422222222222", NOW);
    const lines: StatementCsvLine[] = [
      { utr: "411111111111", amountPaise: BOOKING, note: first.registration.reference },
      { utr: "422222222222", amountPaise: BOOKING, note: "trip" },
      { utr: "433333333333", amountPaise: 70_000, note: "stranger" },
    ];
    const shown = await review(db, lines);
    expect(shown.matches.map(({ reference, parts, utr }) => [reference, parts, utr])).toEqual([
      [first.registration.reference, ["booking"], "411111111111"],
      [second.registration.reference, ["booking"], "422222222222"],
    ]);
    expect(shown.mismatches).toEqual([expect.objectContaining({ utr: "433333333333", booking: null })]);
    expect(shown.matches[0]).toMatchObject({ name: "Rider 1", rideTitle: "Spiti Valley Circuit" });
    expect(JSON.stringify(shown)).not.toContain("stranger");

    expect(await confirmAll(db, lines)).toEqual({ recorded: 2, skipped: [] });
    for (const { registration } of [first, second]) {
      expect(await duesOfRegistration(db, registration.id, NOW)).toMatchObject({
        booking: { paid: true, leftPaise: 0, claimedUtr: null },
        balance: { paid: false, leftPaise: BALANCE },
      });
    }
    const recorded = await payments(db);
    expect(
      recorded.map(({ reference, part, amount_paise, method }) => [reference, part, amount_paise, method]),
    ).toEqual([
      ["411111111111", "booking", BOOKING, "upi"],
      ["422222222222", "booking", BOOKING, "upi"],
    ]);
    expect(recorded[0]!.source).toMatch(/^statement:date\|narration\|chqrefno\|withdrawalamt\|depositamt:3$/);

    // The page read again shows them recorded; pressing the old page's button records nothing.
    expect((await review(db, lines)).mismatches.map(({ utr, reason }) => [utr, reason])).toEqual([
      ["411111111111", "A payment with this UTR is already recorded."],
      ["422222222222", "A payment with this UTR is already recorded."],
      ["433333333333", expect.stringContaining("matches no payment still owed")],
    ]);
    const again = await confirmSeenMatches(
      db,
      table(lines),
      mappingOf(lines),
      new Set(shown.matches.map((match) => match.key)),
      ADMIN,
      NOW,
    );
    expect(again).toEqual({
      recorded: 0,
      skipped: [
        { line: 3, utr: "411111111111", reason: "already-recorded" },
        { line: 4, utr: "422222222222", reason: "already-recorded" },
      ],
    });
    expect(await payments(db)).toEqual(recorded);

    // One line in the trail for the ride, without the UTRs.
    const trail = (await listRecentActivity(db)).filter((entry) => entry.summary.includes("bank statement"));
    expect(trail.map((entry) => [entry.actorEmail, entry.summary])).toEqual([
      [ADMIN.email, 'Marked 2 payments received from a bank statement on "Spiti Valley Circuit"'],
    ]);
    expect(JSON.stringify(await listRecentActivity(db))).not.toMatch(/411111111111|422222222222/);
  });

  it("passes over a line whose booking was paid meanwhile, and records the rest", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 5 });
    const paid = await registerRider(db, ride.id, riderForm(1), NOW);
    const owing = await registerRider(db, ride.id, riderForm(2), NOW);
    const lines: StatementCsvLine[] = [
      { utr: "411111111111", amountPaise: BOOKING, note: paid.registration.reference },
      { utr: "422222222222", amountPaise: BOOKING, note: owing.registration.reference },
    ];
    const matches = await staleMatches(db, lines);
    const keys = new Set((await review(db, lines)).matches.map((match) => match.key));
    await setPayment(db, paid.registration.id, "paid", { actor: ADMIN, now: NOW });

    expect(await confirmStatementMatches(db, matches, ADMIN, { bankKey: "test", now: NOW })).toEqual({
      recorded: 1,
      skipped: [{ line: 3, utr: "411111111111", reason: "changed" }],
    });
    const recorded = (await payments(db)).map(({ reference, source }) => [source, reference]);
    expect(recorded.sort()).toEqual([
      ["admin", null],
      ["statement:test:4", "422222222222"],
    ]);
    // The page's own press says the same of it.
    expect(await confirmSeenMatches(db, table(lines), mappingOf(lines), keys, ADMIN, NOW)).toEqual({
      recorded: 0,
      skipped: [
        { line: 3, utr: "411111111111", reason: "changed" },
        { line: 4, utr: "422222222222", reason: "already-recorded" },
      ],
    });
  });

  it("records a line that paid the booking amount and the balance at once as one payment for no part", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 5 });
    const { registration, token } = await registerRider(db, ride.id, riderForm(1), NOW);
    await submitBalanceUtrByToken(db, token, "499999999999", NOW);
    const lines: StatementCsvLine[] = [
      { utr: "411111111111", amountPaise: BOOKING + BALANCE, note: registration.reference },
    ];
    expect((await review(db, lines)).matches).toEqual([
      expect.objectContaining({ line: 3, parts: ["booking", "balance"], amountPaise: BOOKING + BALANCE }),
    ]);
    expect(await confirmAll(db, lines)).toEqual({ recorded: 1, skipped: [] });
    expect((await payments(db)).map(({ reference, part, amount_paise }) => [reference, part, amount_paise])).toEqual([
      ["411111111111", null, BOOKING + BALANCE],
    ]);
    expect(await duesOfRegistration(db, registration.id, NOW)).toMatchObject({
      booking: { paid: true, leftPaise: 0 },
      balance: { paid: true, leftPaise: 0, claimedUtr: null },
      settled: true,
    });
  });

  it("passes over a line whose UTR was recorded for another booking meanwhile, never failing the press", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 5 });
    const noted = await registerRider(db, ride.id, riderForm(1), NOW);
    const other = await registerRider(db, ride.id, riderForm(2), NOW);
    const lines: StatementCsvLine[] = [
      { utr: "411111111111", amountPaise: BOOKING, note: noted.registration.reference },
    ];
    const matches = await staleMatches(db, lines);
    // Another rider gives that UTR and an admin marks their booking paid with it.
    await submitUtrByToken(db, other.token, "411111111111", NOW);
    await setPayment(db, other.registration.id, "paid", { actor: ADMIN, now: NOW });

    expect(await confirmStatementMatches(db, matches, ADMIN, { bankKey: "test", now: NOW })).toEqual({
      recorded: 0,
      skipped: [{ line: 3, utr: "411111111111", reason: "already-recorded" }],
    });
    expect(await duesOfRegistration(db, noted.registration.id, NOW)).toMatchObject({ booking: { paid: false } });
  });

  it("expects nothing of waitlisted bookings, nor of rides that are over", async () => {
    const db = getDb();
    const upcoming = await siteRide(db, { seats: 1, waitlist: true });
    const done = await siteRide(db, { seats: 5 }, { title: "Done ride" });
    const confirmed = await registerRider(db, upcoming.id, riderForm(1), NOW);
    await registerRider(db, upcoming.id, riderForm(2), NOW);
    await registerRider(db, done.id, riderForm(3), NOW);
    await db.updateTable("rides").set({ status: "completed" }).where("id", "=", done.id).execute();
    const owed = await paymentsOwed(db, NOW);
    expect(owed.expected.map(({ reference, part, amountPaise }) => [reference, part, amountPaise])).toEqual([
      [confirmed.registration.reference, "booking", BOOKING],
      [confirmed.registration.reference, "balance", BALANCE],
    ]);
  });
});
