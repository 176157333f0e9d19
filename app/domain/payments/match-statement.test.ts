import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hdfcRows, type MadeUpLine } from "../../../tests/support/bank-statements";
import { REFERENCE_ALPHABET } from "../registration/payment";
import {
  MISMATCH_REASONS,
  matchStatement,
  type ExpectedPayment,
  type PaymentPart,
  type StatementMatching,
} from "./match-statement";
import { guessMapping, readLines, type StatementLine } from "./statement";

let row = 0;
function credit(utr: string, amountPaise: number, bookingReference: string | null = null): StatementLine {
  row += 1;
  return { line: row, date: "2024-04-01", amountPaise, utr, bookingReference, narration: `UPI/${utr}` };
}

function owed(
  registrationId: string,
  part: PaymentPart,
  amountPaise: number,
  claimedUtr: string | null = null,
): ExpectedPayment {
  return { registrationId, reference: `RB-${registrationId}`, part, amountPaise, claimedUtr };
}

/** The matching as line → what it came to, for short assertions. */
function outcomes({ matches, mismatches }: StatementMatching): Record<string, string> {
  const result: Record<string, string> = {};
  for (const { line, expected } of matches) {
    const earlier = result[line.utr];
    const part = `${expected.registrationId} ${expected.part}`;
    result[line.utr] = earlier ? `${earlier} + ${part}` : part;
  }
  for (const { line, reason, expected } of mismatches) {
    result[line.utr] = expected ? `${reason}: ${expected.registrationId} ${expected.part}` : reason;
  }
  return result;
}

const NONE = new Set<string>();

describe("matchStatement", () => {
  it("matches a UTR a rider gave when the amount is the one owed, and says so when it differs", () => {
    const expected = [
      owed("7K3Q", "booking", 500_000, "409100000001"),
      owed("M4XP", "booking", 500_000, "409100000002"),
    ];
    const lines = [credit("409100000001", 500_000), credit("409100000002", 450_000)];
    const matching = matchStatement(lines, expected, NONE);
    expect(outcomes(matching)).toEqual({
      "409100000001": "7K3Q booking",
      "409100000002": "amount-differs: M4XP booking",
    });
    expect(matching.unmatched).toEqual([expected[1]]);
  });

  it("matches a booking reference in the note to the part owed with that amount", () => {
    const expected = [owed("7K3Q", "booking", 500_000), owed("7K3Q", "balance", 2_350_000)];
    const lines = [credit("409100000001", 2_350_000, "RB-7K3Q")];
    expect(outcomes(matchStatement(lines, expected, NONE))).toEqual({ "409100000001": "7K3Q balance" });
  });

  it("takes the part a UTR was given for, even when the rider gave it on the other part's field", () => {
    const expected = [owed("7K3Q", "booking", 500_000, "409100000001"), owed("7K3Q", "balance", 2_350_000)];
    const lines = [credit("409100000001", 2_350_000)];
    expect(outcomes(matchStatement(lines, expected, NONE))).toEqual({ "409100000001": "7K3Q balance" });
  });

  it("gives the booking amount before the balance when both are the same", () => {
    const expected = [owed("7K3Q", "balance", 500_000), owed("7K3Q", "booking", 500_000)];
    const lines = [credit("409100000001", 500_000, "RB-7K3Q"), credit("409100000002", 500_000, "RB-7K3Q")];
    expect(outcomes(matchStatement(lines, expected, NONE))).toEqual({
      "409100000001": "7K3Q booking",
      "409100000002": "7K3Q balance",
    });
  });

  it("gives each UTR the part it was given for when both parts are the same amount", () => {
    const expected = [
      owed("7K3Q", "booking", 500_000, "409100000002"),
      owed("7K3Q", "balance", 500_000, "409100000001"),
    ];
    const lines = [credit("409100000001", 500_000), credit("409100000002", 500_000)];
    expect(outcomes(matchStatement(lines, expected, NONE))).toEqual({
      "409100000001": "7K3Q balance",
      "409100000002": "7K3Q booking",
    });
  });

  it("matches a payment of the booking amount and the balance at once to both parts", () => {
    const expected = [
      owed("7K3Q", "booking", 500_000),
      owed("7K3Q", "balance", 2_350_000),
      owed("M4XP", "booking", 500_000, "409100000002"),
      owed("M4XP", "balance", 2_350_000),
    ];
    const lines = [credit("409100000001", 2_850_000, "RB-7K3Q"), credit("409100000002", 2_850_000)];
    const matching = matchStatement(lines, expected, NONE);
    expect(outcomes(matching)).toEqual({
      "409100000001": "7K3Q booking + 7K3Q balance",
      "409100000002": "M4XP booking + M4XP balance",
    });
    expect(matching.matches.map(({ line }) => line)).toEqual([lines[0], lines[0], lines[1], lines[1]]);
    expect(matching.unmatched).toEqual([]);
  });

  it("lets a line that pays one part exactly take it before a line that would pay both, wherever it stands", () => {
    const expected = [owed("7K3Q", "booking", 500_000), owed("7K3Q", "balance", 2_350_000)];
    const lines = [credit("409100000001", 2_850_000, "RB-7K3Q"), credit("409100000002", 2_350_000, "RB-7K3Q")];
    expect(outcomes(matchStatement(lines, expected, NONE))).toEqual({
      "409100000001": "amount-differs: 7K3Q booking",
      "409100000002": "7K3Q balance",
    });
  });

  it("matches neither line of a UTR the statement has twice", () => {
    const expected = [owed("7K3Q", "booking", 500_000, "409100000001")];
    const twice = [credit("409100000001", 500_000, "RB-7K3Q"), credit("409100000001", 500_000)];
    const matching = matchStatement(twice, expected, NONE);
    expect(matching.matches).toEqual([]);
    expect(matching.mismatches).toEqual(twice.map((line) => ({ line, reason: "utr-twice" })));
    expect(matching.unmatched).toEqual(expected);
  });

  it("matches no UTR already recorded", () => {
    const expected = [owed("7K3Q", "balance", 2_350_000, "409100000001")];
    const lines = [credit("409100000001", 2_350_000, "RB-7K3Q")];
    expect(outcomes(matchStatement(lines, expected, new Set(["409100000001"])))).toEqual({
      "409100000001": "already-recorded",
    });
  });

  it("calls a credit unknown when neither its UTR nor its note names a booking that still owes", () => {
    const expected = [owed("7K3Q", "booking", 500_000)];
    const lines = [
      credit("409100000001", 50_000),
      credit("409100000002", 500_000, "RB-ZZZZ"),
      credit("409100000003", 500_000, "RB-7K3Q"),
      credit("409100000004", 500_000, "RB-7K3Q"),
    ];
    expect(outcomes(matchStatement(lines, expected, NONE))).toEqual({
      "409100000001": "utr-unknown",
      "409100000002": "utr-unknown",
      "409100000003": "7K3Q booking",
      "409100000004": "utr-unknown",
    });
  });

  it("trusts a UTR the rider gave over a reference in the note", () => {
    const expected = [owed("7K3Q", "booking", 500_000, "409100000001"), owed("M4XP", "booking", 500_000)];
    const lines = [credit("409100000002", 500_000, "RB-7K3Q"), credit("409100000001", 500_000, "RB-M4XP")];
    expect(outcomes(matchStatement(lines, expected, NONE))).toEqual({
      "409100000001": "7K3Q booking",
      "409100000002": "utr-unknown",
    });
  });

  it("matches a payment by its note when the rider mistyped its UTR", () => {
    const expected = [owed("7K3Q", "booking", 500_000, "409100000009")];
    const lines = [credit("409100000001", 500_000, "RB-7K3Q")];
    expect(outcomes(matchStatement(lines, expected, NONE))).toEqual({ "409100000001": "7K3Q booking" });
  });

  it("explains every reason in a sentence", () => {
    for (const text of Object.values(MISMATCH_REASONS)) expect(text).toMatch(/^[A-Z].+\.$/);
  });
});

// Any bookings, and a statement made of their payments shuffled among lines that pay nothing:
// each payment made exactly is matched to the part it paid, once, and nothing else is matched.
const CODE = fc.string({ unit: fc.constantFrom(...REFERENCE_ALPHABET), minLength: 4, maxLength: 4 });
const UTR = fc.integer({ min: 100_000_000_000, max: 999_999_999_999 }).map(String);
const PAISE = fc.integer({ min: 100, max: 10_000_000 });
/** How a part is paid: not at all, with its reference in the note, by the UTR the rider gave, or both. */
const PAID = fc.constantFrom("unpaid", "note", "claim", "note+claim");

const booking = fc.record({
  booking: PAISE,
  balance: fc.option(PAISE, { nil: null }),
  bookingPaid: PAID,
  balancePaid: PAID,
  // Both parts in one payment, by note, when the booking has a balance.
  together: fc.boolean(),
});

const scenario = fc
  .record({
    codes: fc.uniqueArray(CODE, { minLength: 2, maxLength: 40 }),
    bookings: fc.array(booking, { minLength: 1, maxLength: 30 }),
    utrs: fc.uniqueArray(UTR, { minLength: 200, maxLength: 200 }),
    noise: fc.array(
      fc.record({
        kind: fc.constantFrom("upi-credit", "upi-debit", "neft-credit", "unknown-reference"),
        amountPaise: PAISE,
      }),
      { maxLength: 30 },
    ),
  })
  .filter(({ codes, bookings }) => codes.length > bookings.length)
  .chain((input) => fc.tuple(fc.constant(input), fc.array(fc.integer(), { minLength: 200, maxLength: 200 })));

describe("matchStatement on any statement made of bookings' payments", () => {
  it("matches each exact payment to its part once, and nothing else", () => {
    fc.assert(
      fc.property(scenario, ([{ codes, bookings, utrs, noise }, order]) => {
        const utr = utrs.values();
        const expected: ExpectedPayment[] = [];
        const lines: (MadeUpLine & { pays: ExpectedPayment[] })[] = [];
        const pay = (parts: ExpectedPayment[], how: string, reference: string) => {
          const paid = utr.next().value!;
          for (const part of parts) if (how.includes("claim")) part.claimedUtr = paid;
          const note = how.includes("note") ? reference : "Ride";
          const amountPaise = parts.reduce((sum, part) => sum + part.amountPaise, 0);
          lines.push({ kind: "upi-credit", day: 1 + (lines.length % 30), utr: paid, note, amountPaise, pays: parts });
        };
        bookings.forEach((plan, index) => {
          const reference = `RB-${codes[index]}`;
          // A balance equal to the booking amount could be paid as either part: keep them apart.
          const balanceAmount = plan.balance === plan.booking ? plan.balance + 1 : plan.balance;
          const part = (name: PaymentPart, amountPaise: number, how: string): ExpectedPayment => ({
            registrationId: `r${index}`,
            reference,
            part: name,
            amountPaise,
            // A UTR the rider gave that the statement does not have (a typo, a later payment).
            claimedUtr: how === "unpaid" && index % 3 === 0 ? utr.next().value! : null,
          });
          const bookingPart = part("booking", plan.booking, plan.bookingPaid);
          expected.push(bookingPart);
          if (balanceAmount === null) {
            if (plan.bookingPaid !== "unpaid") pay([bookingPart], plan.bookingPaid, reference);
            return;
          }
          const balancePart = part("balance", balanceAmount, plan.balancePaid);
          expected.push(balancePart);
          if (plan.together) return pay([bookingPart, balancePart], "note", reference);
          if (plan.bookingPaid !== "unpaid") pay([bookingPart], plan.bookingPaid, reference);
          if (plan.balancePaid !== "unpaid") pay([balancePart], plan.balancePaid, reference);
        });
        const unknownReference = `RB-${codes.at(-1)}`;
        for (const { kind, amountPaise } of noise) {
          const note = kind === "unknown-reference" ? unknownReference : "dinner";
          const made = kind === "unknown-reference" ? "upi-credit" : kind;
          lines.push({ kind: made, day: 15, utr: utr.next().value!, note, amountPaise, pays: [] });
        }
        const shuffled = lines
          .map((line, index) => ({ line, key: order[index]! }))
          .sort((a, b) => a.key - b.key)
          .map(({ line }) => line);

        const rows = hdfcRows(shuffled);
        const reading = readLines(rows, guessMapping(rows[3]!)!);
        expect(reading.errors).toEqual([]);
        const matching = matchStatement(reading.lines, expected, NONE);

        const paid = shuffled.flatMap((line) =>
          line.pays.map((part) => `${line.utr} ${part.registrationId} ${part.part}`),
        );
        const matched = matching.matches.map(
          ({ line, expected }) => `${line.utr} ${expected.registrationId} ${expected.part}`,
        );
        expect(matched).toEqual(paid);
        expect(new Set(matching.matches.map(({ expected }) => expected)).size).toBe(matched.length);
        const paidParts = new Set(shuffled.flatMap((line) => line.pays));
        expect(matching.unmatched).toEqual(expected.filter((part) => !paidParts.has(part)));
      }),
      { numRuns: 300 },
    );
  });
});
