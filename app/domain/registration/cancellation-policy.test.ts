import { describe, expect, it } from "vitest";
import {
  cancellationPolicySchema,
  effectivePolicy,
  legacyPolicy,
  MAX_TIERS,
  policyFromSnapshot,
  policySnapshot,
  tierFor,
} from "./cancellation-policy";
import { policySentences } from "./policy-sentences";

const tiered = cancellationPolicySchema.parse({
  tiers: [
    { daysBefore: 15, keepPercent: 25 },
    { daysBefore: 61, keepPercent: 0 },
    { daysBefore: 30, keepPercent: 10 },
    { daysBefore: 7, keepPercent: 35 },
  ],
});

function errorsOf(input: unknown): Record<string, string> {
  const result = cancellationPolicySchema.safeParse(input);
  if (result.success) throw new Error("accepted");
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("a ride's cancellation policy", () => {
  it("sorts the tiers most days first and reads the fee from whole rupees in the form", () => {
    expect(tiered.tiers.map((tier) => tier.daysBefore)).toEqual([61, 30, 15, 7]);
    expect(cancellationPolicySchema.parse({ fee: "500" }).feePaise).toBe(50_000);
    expect(cancellationPolicySchema.parse({ fee: "" }).feePaise).toBe(0);
    expect(cancellationPolicySchema.parse({ feePaise: 12_345 }).feePaise).toBe(12_345);
    expect(cancellationPolicySchema.parse({ tiers: [{ daysBefore: "10", keepPercent: "50" }] }).tiers).toEqual([
      { daysBefore: 10, keepPercent: 50 },
    ]);
  });

  it("refuses days, shares and fees out of range, duplicates and too many tiers, field by field", () => {
    expect(errorsOf({ tiers: [{ daysBefore: 366, keepPercent: 0 }] })).toEqual({
      "tiers.0.daysBefore": "Days before the start must be a whole number from 0 to 365",
    });
    expect(errorsOf({ tiers: [{ daysBefore: 3, keepPercent: "12.5" }] })).toEqual({
      "tiers.0.keepPercent": "The share kept must be a whole percent from 0 to 100",
    });
    expect(errorsOf({ tiers: [{ daysBefore: 3, keepPercent: 101 }] })["tiers.0.keepPercent"]).toBeDefined();
    expect(errorsOf({ fee: "50.5" })).toEqual({ fee: "The fee must be whole rupees from 0 to 1,00,000" });
    expect(
      errorsOf({
        tiers: [
          { daysBefore: 7, keepPercent: 0 },
          { daysBefore: 7, keepPercent: 50 },
        ],
      }),
    ).toEqual({ "tiers.1.daysBefore": "Another tier starts 7 days before already" });
    const many = Array.from({ length: MAX_TIERS + 1 }, (_, i) => ({ daysBefore: i, keepPercent: 0 }));
    expect(errorsOf({ tiers: many })).toEqual({ tiers: `At most ${MAX_TIERS} tiers` });
  });

  it("finds the tier of the day: exactly N days is that tier, after the start is the lowest", () => {
    expect(tierFor(tiered.tiers, 61)?.keepPercent).toBe(0);
    expect(tierFor(tiered.tiers, 60)?.keepPercent).toBe(10);
    expect(tierFor(tiered.tiers, 30)?.keepPercent).toBe(10);
    expect(tierFor(tiered.tiers, 29)?.keepPercent).toBe(25);
    expect(tierFor(tiered.tiers, 7)?.keepPercent).toBe(35);
    expect(tierFor(tiered.tiers, 6)).toBeNull();
    const withDay0 = [...tiered.tiers, { daysBefore: 0, keepPercent: 100 }];
    expect(tierFor(withDay0, 0)?.keepPercent).toBe(100);
    expect(tierFor(withDay0, -3)?.keepPercent).toBe(100);
  });

  it("says every rule as a sentence", () => {
    const policy = effectivePolicy({ ...tiered, feePaise: 50_000, bookingAmountKept: true });
    expect(policySentences(policy)).toEqual([
      "More than 60 days before the start: full refund",
      "60–30 days: 10 % kept",
      "29–15 days: 25 % kept",
      "14–7 days: 35 % kept",
      "Fewer than 7 days before the start: nothing refunded",
      "₹500 fee on every cancellation",
      "The booking amount is not refundable",
    ]);
    const withDay0 = effectivePolicy({
      tiers: [
        { daysBefore: 2, keepPercent: 50 },
        { daysBefore: 1, keepPercent: 80 },
        { daysBefore: 0, keepPercent: 100 },
      ],
      feePaise: 0,
      bookingAmountKept: false,
    });
    expect(policySentences(withDay0)).toEqual([
      "More than 1 day before the start: 50 % kept",
      "1 day: 80 % kept",
      "Fewer than 1 day before the start, or after it: nothing refunded",
    ]);
    expect(policySentences(effectivePolicy({ tiers: [], feePaise: 0, bookingAmountKept: false }))).toEqual([
      "Whenever you cancel: full refund",
    ]);
  });

  it("keeps a ride saved before tiers to its old promise: credit for everything, or nothing back", () => {
    expect(policySentences(legacyPolicy(true))).toEqual([
      "Whenever you cancel, what you paid comes back as credit for a future ride",
    ]);
    expect(policySentences(legacyPolicy(false))).toEqual(["Whenever you cancel: nothing refunded"]);
  });

  it("reads back the snapshot a booking keeps, and nothing from a broken one", () => {
    const policy = effectivePolicy(tiered);
    expect(policyFromSnapshot(policySnapshot(policy))).toEqual(policy);
    expect(policyFromSnapshot(policySnapshot(legacyPolicy(true)))).toEqual(legacyPolicy(true));
    expect(policyFromSnapshot("{not json")).toBeNull();
    expect(policyFromSnapshot(null)).toBeNull();
  });
});
