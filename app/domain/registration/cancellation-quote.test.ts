import { describe, expect, it } from "vitest";
import { ledgerEntry } from "../../../tests/support/ledger-entries";
import { effectivePolicy, legacyPolicy, type CancellationPolicy } from "./cancellation-policy";
import {
  adminQuoteText,
  daysBeforeStart,
  keptPaiseOf,
  quoteCancellation,
  quoteSentence,
  shareOf,
} from "./cancellation-quote";
import type { LedgerEntry } from "./dues";

const DEMO: CancellationPolicy = {
  tiers: [
    { daysBefore: 61, keepPercent: 0 },
    { daysBefore: 30, keepPercent: 10 },
    { daysBefore: 15, keepPercent: 25 },
    { daysBefore: 7, keepPercent: 35 },
  ],
  feePaise: 0,
  bookingAmountKept: false,
};
const START = "2027-06-10";
const ride = { startDate: START, status: "upcoming" as const };
/** 06:00 IST on the day `days` before the start. */
const daysBefore = (days: number) => new Date(Date.parse(`${START}T00:30:00Z`) - days * 86_400_000);

const charges = [ledgerEntry("charge", "booking", 500_000), ledgerEntry("charge", "balance", 2_000_000)];
const paid = (amountPaise: number, method: LedgerEntry["method"] = "upi") =>
  ledgerEntry("payment", "booking", amountPaise, { method, state: "confirmed" });

function quote(policy: CancellationPolicy, entries: LedgerEntry[], days: number, overrides = {}) {
  return quoteCancellation({
    policy: effectivePolicy(policy),
    entries,
    status: "confirmed",
    ride,
    now: daysBefore(days),
    ...overrides,
  });
}

describe("a cancellation's quote", () => {
  it("counts days in India's calendar", () => {
    expect(daysBeforeStart(START, new Date("2027-06-09T18:29:00Z"))).toBe(1);
    expect(daysBeforeStart(START, new Date("2027-06-09T18:31:00Z"))).toBe(0);
    expect(daysBeforeStart(START, new Date("2027-06-12T10:00:00Z"))).toBe(-2);
    expect(daysBeforeStart("", new Date())).toBeNull();
  });

  it("keeps the tier's share of what was paid, 20 days before: 25 %", () => {
    const result = quote(DEMO, [...charges, paid(500_000)], 20);
    expect(result).toMatchObject({ paidPaise: 500_000, keptPaise: 125_000, backPaise: 375_000, daysBefore: 20 });
    expect(quoteSentence(result)).toBe(
      "You paid ₹5,000. Cancelling today, 20 days before the start, we keep 25 % (₹1,250): ₹3,750 comes back.",
    );
  });

  it("applies a tier from exactly its days, and everything below the lowest, on the day and after the start", () => {
    const entries = [...charges, paid(1_000_000)];
    expect(quote(DEMO, entries, 61).keptPaise).toBe(0);
    expect(quote(DEMO, entries, 60).keptPaise).toBe(100_000);
    expect(quote(DEMO, entries, 30).keptPaise).toBe(100_000);
    expect(quote(DEMO, entries, 29).keptPaise).toBe(250_000);
    expect(quote(DEMO, entries, 7).keptPaise).toBe(350_000);
    expect(quote(DEMO, entries, 6).keptPaise).toBe(1_000_000);
    expect(quote(DEMO, entries, 0).keptPaise).toBe(1_000_000);
    expect(quote(DEMO, entries, -1)).toMatchObject({ keptPaise: 1_000_000, backPaise: 0 });
    expect(quoteSentence(quote(DEMO, entries, 0))).toBe(
      "You paid ₹10,000. Cancelling on the day of the start, we keep 100 % (₹10,000): nothing comes back.",
    );
  });

  it("rounds half a paisa up", () => {
    expect(shareOf(1_001, 50)).toBe(501);
    expect(shareOf(1_003, 35)).toBe(351);
    expect(quote(DEMO, [...charges, paid(1_001)], 20).keptPaise).toBe(250);
  });

  it("adds the fee and the non-refundable booking amount, never keeping more than was paid", () => {
    const strict = { ...DEMO, feePaise: 50_000, bookingAmountKept: true };
    const result = quote(strict, [...charges, paid(1_500_000)], 20);
    // ₹5,000 booking amount, 25 % of the other ₹10,000, then the ₹500 fee.
    expect(result.keptPaise).toBe(500_000 + 250_000 + 50_000);
    expect(result.reasons.map((reason) => reason.kind)).toEqual(["booking-amount", "tier", "fee"]);
    expect(quoteSentence(result)).toBe(
      "You paid ₹15,000. Cancelling today, 20 days before the start, we keep the booking amount (₹5,000), which is not refundable, 25 % (₹2,500) and the ₹500 cancellation fee: ₹7,000 comes back.",
    );
    const small = quote(strict, [...charges, paid(30_000)], 90);
    expect(small).toMatchObject({ keptPaise: 30_000, backPaise: 0 });
    expect(quote({ ...DEMO, feePaise: 50_000 }, [...charges, paid(20_000)], 90).keptPaise).toBe(20_000);
  });

  it("keeps nothing of nothing paid, of a waitlisted booking or on a cancelled ride", () => {
    expect(quote(DEMO, charges, 3)).toMatchObject({ paidPaise: 0, keptPaise: 0, backPaise: 0 });
    expect(quoteSentence(quote(DEMO, charges, 3))).toBe("You have paid nothing: cancelling costs nothing.");
    const waitlisted = quote(DEMO, [paid(500_000)], 3, { status: "waitlisted" });
    expect(waitlisted).toMatchObject({ keptPaise: 0, backPaise: 500_000, reasons: [{ kind: "waitlisted" }] });
    const cancelledRide = quote(DEMO, [...charges, paid(500_000)], 3, { ride: { ...ride, status: "cancelled" } });
    expect(cancelledRide).toMatchObject({ keptPaise: 0, backPaise: 500_000 });
    expect(quoteSentence(cancelledRide)).toBe("You paid ₹5,000. The ride is cancelled: all of it, ₹5,000, comes back.");
  });

  it("counts what was given back already as not paid", () => {
    const entries = [
      ...charges,
      paid(500_000),
      ledgerEntry("refund", null, 100_000, { method: "credit", state: "confirmed" }),
    ];
    expect(quote(DEMO, entries, 90).paidPaise).toBe(400_000);
  });

  it("quotes a ride saved before tiers: nothing kept with credit, everything without", () => {
    const entries = [...charges, paid(500_000)];
    const base = { entries, status: "confirmed" as const, ride, now: daysBefore(3) };
    expect(quoteCancellation({ ...base, policy: legacyPolicy(true) }).keptPaise).toBe(0);
    expect(quoteCancellation({ ...base, policy: legacyPolicy(false) }).keptPaise).toBe(500_000);
  });

  it("tells the admin the quote, and reads the amount they keep instead in rupees", () => {
    expect(adminQuoteText(quote(DEMO, [...charges, paid(500_000)], 20))).toBe(
      "Paid ₹5,000: the policy keeps ₹1,250, ₹3,750 goes back.",
    );
    expect(keptPaiseOf("1250")).toBe(125_000);
    expect(keptPaiseOf("₹1,250.5")).toBe(125_050);
    expect(keptPaiseOf("0")).toBe(0);
    for (const bad of ["", "-5", "12.345", "1e3", "12\n3", 12, "99999999999"]) expect(keptPaiseOf(bad)).toBeNull();
  });
});
