import { describe, expect, it } from "vitest";
import { CREDIT_REFUSALS, creditRefusal, creditSummary, creditToSpend, MAX_CREDIT_PAISE } from "./credit";
import { adjustmentPaise, creditAmountPaise } from "./credit-input";

describe("the credit ledger's sums (docs/features/credit.md)", () => {
  it("counts confirmed entries only, spending as used, and never shows less than nothing left", () => {
    const summary = creditSummary([
      { state: "confirmed", amountPaise: 500_000 },
      { state: "confirmed", amountPaise: -200_000 },
      { state: "pending", amountPaise: 300_000 },
      { state: "declined", amountPaise: 900_000 },
    ]);
    expect(summary).toEqual({ creditedPaise: 500_000, usedPaise: 200_000, leftPaise: 300_000, pendingPaise: 300_000 });
    expect(creditSummary([{ state: "confirmed", amountPaise: -100 }]).leftPaise).toBe(0);
  });

  it("spends at most the booking amount, and never more than one entry may hold", () => {
    expect(creditToSpend(500_000, 1_200_000)).toBe(500_000);
    expect(creditToSpend(1_500_000, 1_200_000)).toBe(1_200_000);
    expect(creditToSpend(0, 1_200_000)).toBe(0);
    expect(creditToSpend(5 * MAX_CREDIT_PAISE, 4 * MAX_CREDIT_PAISE)).toBe(MAX_CREDIT_PAISE);
  });

  it("reads an admin's amounts in rupees, signed for an adjustment, up to ₹1 crore", () => {
    expect(creditAmountPaise("₹1,500.50")).toBe(150_050);
    expect(creditAmountPaise("10000000")).toBe(MAX_CREDIT_PAISE);
    expect(creditAmountPaise("10000001")).toBeNull();
    expect(creditAmountPaise("abc")).toBeNull();
    expect(adjustmentPaise("−500")).toBe(-50_000);
    expect(adjustmentPaise("+500")).toBe(50_000);
    expect(adjustmentPaise("-99999999999")).toBeNull();
  });

  it("refuses an adjustment whose text runs on past a line break, or is no text (found by npm run fuzz)", () => {
    for (const typed of ["500\n1", "+5\r\n5", "5\n-", "", "-", "+-5"]) {
      expect(adjustmentPaise(typed), JSON.stringify(typed)).toBeNull();
    }
    expect(adjustmentPaise(" -500 ")).toBe(-50_000);
    for (const value of [500, null, undefined, ["500"]]) expect(adjustmentPaise(value)).toBeNull();
  });
});

describe("paying a booking made earlier with credit (docs/features/credit.md)", () => {
  const owed = { paid: false, claimedUtr: null, creditPaise: 0 };
  const booking = { riderId: "r1", status: "confirmed", booking: owed };
  it("takes a confirmed, unpaid booking of the rider's own with no UPI payment announced", () => {
    expect(creditRefusal(booking, "r1")).toBeNull();
  });
  it.each([
    [{ riderId: "r2" }, CREDIT_REFUSALS.notYours],
    [{ riderId: null }, CREDIT_REFUSALS.notYours],
    [{ status: "waitlisted" }, CREDIT_REFUSALS.notConfirmed],
    [{ status: "cancelled" }, CREDIT_REFUSALS.notConfirmed],
    [{ booking: { ...owed, paid: true } }, CREDIT_REFUSALS.paid],
    [{ booking: null }, CREDIT_REFUSALS.paid],
    [{ booking: { ...owed, claimedUtr: "123456789012" } }, CREDIT_REFUSALS.utrGiven],
    [{ booking: { ...owed, creditPaise: 100 } }, CREDIT_REFUSALS.spent],
  ])("refuses %o", (change, message) => {
    expect(creditRefusal({ ...booking, ...change }, "r1")).toBe(message);
  });
});
