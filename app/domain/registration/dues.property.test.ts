import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { balancePayment, bookingPayment } from "./booking-page";
import { formatRupees } from "./balance";
import { BOOKING_PARTS, duesMatch, duesOf, duesTotals, type LedgerEntry } from "./dues";
import { riderBalance } from "./riders-page";
import { ledgerEntry } from "../../../tests/support/ledger-entries";

// Whatever a booking's ledger holds, every view built from it says what the ledger says: the
// booking page's amounts, the Riders page's balance, the filters and the totals (decision 059).

const part = fc.constantFrom<LedgerEntry["part"]>("booking", "balance", null);
const day = fc.integer({ min: 0, max: 60 }).map((offset) => new Date(Date.UTC(2027, 3, 1 + offset)).toISOString());
const entry: fc.Arbitrary<LedgerEntry> = fc.record({
  kind: fc.constantFrom<LedgerEntry["kind"]>("charge", "fee", "payment", "refund"),
  part,
  amountPaise: fc.integer({ min: 1, max: 5_000_000 }),
  state: fc.constantFrom<LedgerEntry["state"]>("claimed", "confirmed", "voided"),
  method: fc.constantFrom<LedgerEntry["method"]>("upi", "online", "credit", null),
  reference: fc.option(fc.stringMatching(/^\d{12}$/), { nil: null }),
  createdAt: day,
});
/** A booking's two charges, and what else happened to it (a charge always of a part). */
const ledger = fc
  .tuple(
    fc.array(entry, { maxLength: 12 }),
    fc.integer({ min: 1, max: 2_000_000 }),
    fc.integer({ min: 0, max: 4_000_000 }),
  )
  .map(([entries, booking, balance]) =>
    [
      ledgerEntry("charge", "booking", booking, { createdAt: "2027-04-01T00:00:00.000Z" }),
      ledgerEntry("charge", "balance", balance, { createdAt: "2027-04-01T00:00:00.000Z" }),
    ]
      .filter((charge) => charge.amountPaise > 0)
      .concat(
        entries.map((each) => (each.kind === "charge" && each.part === null ? { ...each, part: "booking" } : each)),
      ),
  );
const now = day.map((at) => new Date(at));
const context = { status: "confirmed" as const, balanceDueDate: "2027-05-01" };
const payee = { upiId: "hillriders@okaxis", upiName: "Hill Riders" };

describe("every view of a booking's ledger says what the ledger says", () => {
  it("for random charges, payments, credit, fees and refunds", () => {
    fc.assert(
      fc.property(ledger, now, (entries, at) => {
        const dues = duesOf(entries, context, at);
        // The money adds up: what is still to pay, less what is owed back, is what is owed less what came in.
        expect(dues.dueNowPaise + dues.dueLaterPaise - dues.refundOwedPaise).toBe(dues.owedPaise - dues.receivedPaise);
        // What is owed back is either on its way or still to choose, never less than nothing.
        expect(dues.refundToChoosePaise).toBeGreaterThanOrEqual(0);
        expect(dues.refundToChoosePaise).toBeLessThanOrEqual(dues.refundOwedPaise);
        if (dues.refundPendingPaise <= dues.refundOwedPaise)
          expect(dues.refundToChoosePaise + dues.refundPendingPaise).toBe(dues.refundOwedPaise);
        for (const name of BOOKING_PARTS) {
          const owed = dues[name];
          if (!owed) continue;
          expect(owed.paidPaise).toBeGreaterThanOrEqual(0);
          expect(owed.paidPaise + owed.leftPaise).toBe(owed.chargedPaise);
          expect(owed.paid).toBe(owed.leftPaise === 0);
          expect(owed.creditPaise).toBeLessThanOrEqual(owed.paidPaise);
        }
        // The booking page and the mails.
        const payment = bookingPayment(payee, dues.booking, "RB-7K3Q");
        expect(payment.paid).toBe(dues.booking?.paid ?? false);
        expect(payment.amount).toBe(dues.booking && !dues.booking.paid ? formatRupees(dues.booking.leftPaise) : null);
        expect(payment.link !== null).toBe(!!dues.booking && !dues.booking.paid);
        const balance = balancePayment(payee, dues.balance, "RB-7K3Q");
        expect(balance?.paid ?? null).toBe(dues.balance?.paid ?? null);
        expect(balance?.overdue ?? false).toBe(dues.balance?.overdue ?? false);
        if (balance && !balance.paid) expect(balance.amount).toBe(formatRupees(dues.balance!.leftPaise));
        // The Riders page, its filters and totals.
        expect(riderBalance(dues.balance)?.paid ?? null).toBe(dues.balance?.paid ?? null);
        expect(duesMatch(dues, "due")).toBe(dues.booking !== null && !dues.booking.paid);
        expect(duesMatch(dues, "balance-due")).toBe(dues.balance !== null && !dues.balance.paid);
        expect(duesMatch(dues, "overdue")).toBe(dues.balance?.overdue === true);
        const totals = duesTotals([dues]);
        expect(totals.collected + totals.due).toBe(
          (dues.booking?.chargedPaise ?? 0) + (dues.balance?.chargedPaise ?? 0),
        );
        expect(totals.due).toBe((dues.booking?.leftPaise ?? 0) + (dues.balance?.leftPaise ?? 0));
      }),
      { numRuns: 500 },
    );
  });
});
