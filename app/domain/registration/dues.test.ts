import { describe, expect, it } from "vitest";
import { ledgerEntry } from "../../../tests/support/ledger-entries";
import { duesMatch, duesOf, duesTotals, type LedgerEntry } from "./dues";

const charge = (part: "booking" | "balance", amountPaise: number, createdAt?: string) =>
  ledgerEntry("charge", part, amountPaise, createdAt ? { createdAt } : {});
const payment = (
  amountPaise: number,
  part: LedgerEntry["part"],
  method: LedgerEntry["method"] = "upi",
  state: LedgerEntry["state"] = "confirmed",
  reference: string | null = null,
) => ledgerEntry("payment", part, amountPaise, { method, state, reference });

const context = { status: "confirmed" as const, balanceDueDate: "2027-05-01" };
const now = new Date("2027-02-01T00:00:00Z");
const booked = [charge("booking", 500_000), charge("balance", 2_350_000)];

describe("a booking's dues, from its ledger", () => {
  it("owes the booking amount now and the balance by its due date", () => {
    const dues = duesOf(booked, context, now);
    expect(dues.booking).toMatchObject({ leftPaise: 500_000, paid: false, dueNow: true });
    expect(dues.balance).toMatchObject({ leftPaise: 2_350_000, dueNow: false, dueDate: "2027-05-01", overdue: false });
    expect([dues.dueNowPaise, dues.dueLaterPaise]).toEqual([500_000, 2_350_000]);
  });

  it("counts credit and UPI towards the booking amount, and says what credit paid", () => {
    const dues = duesOf([...booked, payment(300_000, "booking", "credit"), payment(200_000, "booking")], context, now);
    expect(dues.booking).toMatchObject({ paid: true, creditPaise: 300_000, leftPaise: 0 });
    expect(dues.dueNowPaise).toBe(0);
  });

  it("spends a payment for no part on the booking amount first, then the balance", () => {
    const dues = duesOf([...booked, payment(1_000_000, null, "online")], context, now);
    expect(dues.booking?.paid).toBe(true);
    expect(dues.balance).toMatchObject({ paidPaise: 500_000, leftPaise: 1_850_000 });
  });

  it("keeps a claimed UTR as what the organisers check, counting no money for it", () => {
    const dues = duesOf([...booked, payment(500_000, "booking", "upi", "claimed", "412345678901")], context, now);
    expect(dues.booking).toMatchObject({ paid: false, claimedUtr: "412345678901", utr: "412345678901" });
  });

  it("is overdue past the due date, but due now (not overdue) when booked after it", () => {
    const late = new Date("2027-05-02T00:00:00Z");
    expect(duesOf(booked, context, late).balance?.overdue).toBe(true);
    const bookedLate = [
      charge("booking", 500_000, "2027-05-02T04:00:00Z"),
      charge("balance", 2_350_000, "2027-05-02T04:00:00Z"),
    ];
    const dues = duesOf(bookedLate, context, late);
    expect(dues.balance).toMatchObject({ dueNow: true, overdue: false, dueDate: "" });
    expect(dues.dueNowPaise).toBe(2_850_000);
  });

  it("owes nothing once cancelled (charges void) and owes back what was paid until refunded or kept", () => {
    const voided = booked.map((entry) => ({ ...entry, state: "voided" as const }));
    const paid = [...voided, payment(500_000, "booking")];
    expect(duesOf(paid, { ...context, status: "cancelled" }, now)).toMatchObject({
      booking: null,
      dueNowPaise: 0,
      refundOwedPaise: 500_000,
    });
    const refunded: LedgerEntry = { ...payment(500_000, null, "credit"), kind: "refund" };
    expect(duesOf([...paid, refunded], context, now)).toMatchObject({ refundOwedPaise: 0, settled: true });
  });

  it("counts a claimed refund as on its way, not given back, and the rest as still to choose", () => {
    const voided = booked.map((entry) => ({ ...entry, state: "voided" as const }));
    const paid = [...voided, payment(500_000, "booking"), ledgerEntry("fee", null, 100_000)];
    const cancelled = { ...context, status: "cancelled" as const };
    expect(duesOf(paid, cancelled, now)).toMatchObject({
      refundOwedPaise: 400_000,
      refundPendingPaise: 0,
      refundToChoosePaise: 400_000,
    });
    const pending = ledgerEntry("refund", null, 300_000, { method: "upi", state: "claimed" });
    expect(duesOf([...paid, pending], cancelled, now)).toMatchObject({
      refundOwedPaise: 400_000,
      refundPendingPaise: 300_000,
      refundToChoosePaise: 100_000,
      settled: false,
    });
    const given = { ...pending, state: "confirmed" as const };
    expect(duesOf([...paid, given], cancelled, now)).toMatchObject({
      refundOwedPaise: 100_000,
      refundPendingPaise: 0,
      refundToChoosePaise: 100_000,
    });
  });

  it("filters and totals by the same figures", () => {
    const dues = duesOf([...booked, payment(500_000, "booking")], context, now);
    expect([duesMatch(dues, "paid"), duesMatch(dues, "due"), duesMatch(dues, "balance-due")]).toEqual([
      true,
      false,
      true,
    ]);
    expect(duesTotals([dues])).toEqual({ collected: 500_000, due: 2_350_000 });
  });
});
