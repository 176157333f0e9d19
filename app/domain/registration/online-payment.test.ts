import { describe, expect, it } from "vitest";
import type { Dues, PartDues } from "./dues";
import { onlineDue } from "./online-payment";

function part(part: "booking" | "balance", chargedPaise: number, paidPaise: number): PartDues {
  const leftPaise = chargedPaise - paidPaise;
  return {
    part,
    chargedPaise,
    paidPaise,
    leftPaise,
    paid: leftPaise === 0,
    creditPaise: 0,
    claimedUtr: null,
    utr: "",
    dueNow: part === "booking",
    dueDate: part === "booking" ? "" : "2027-06-01",
    overdue: false,
  };
}

function dues(booking: PartDues | null, balance: PartDues | null): Dues {
  const left = (booking?.leftPaise ?? 0) + (balance?.leftPaise ?? 0);
  return {
    booking,
    balance,
    owedPaise: 0,
    receivedPaise: 0,
    dueNowPaise: booking?.leftPaise ?? 0,
    dueLaterPaise: balance?.leftPaise ?? 0,
    refundOwedPaise: 0,
    refundPendingPaise: 0,
    refundToChoosePaise: 0,
    settled: left === 0,
  };
}

describe("onlineDue", () => {
  it("asks for everything left, the booking amount first", () => {
    expect(onlineDue(dues(part("booking", 200_000, 0), part("balance", 1_300_000, 0)))).toEqual({
      amountPaise: 1_500_000,
      minFirstPaise: 200_000,
    });
  });

  it("asks for the balance whole once the booking amount is paid", () => {
    expect(onlineDue(dues(part("booking", 200_000, 200_000), part("balance", 1_300_000, 300_000)))).toEqual({
      amountPaise: 1_000_000,
      minFirstPaise: 1_000_000,
    });
  });

  it("asks for the booking amount whole when the ride has no balance", () => {
    expect(onlineDue(dues(part("booking", 200_000, 50_000), null))).toEqual({
      amountPaise: 150_000,
      minFirstPaise: 150_000,
    });
  });

  it("asks for nothing from a settled booking, a waitlisted one, or less than ₹1", () => {
    expect(onlineDue(dues(part("booking", 200_000, 200_000), part("balance", 100, 100)))).toBeNull();
    expect(onlineDue(dues(null, null))).toBeNull();
    expect(onlineDue(dues(part("booking", 200_000, 199_950), null))).toBeNull();
  });

  it("keeps the first part at ₹1 at least, as Razorpay requires", () => {
    expect(onlineDue(dues(part("booking", 200_000, 199_950), part("balance", 100_000, 0)))).toEqual({
      amountPaise: 100_050,
      minFirstPaise: 100,
    });
  });
});
