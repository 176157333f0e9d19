import { describe, expect, it } from "vitest";
import { balancePayment, bookingPayment, consentText, nextSteps } from "./booking-page";
import { ledgerEntry } from "../../../tests/support/ledger-entries";
import { duesOf, type LedgerEntry } from "./dues";

const payee = { upiId: "hillriders@okaxis", upiName: "Hill Riders" };

/** What a booking owes after these entries, on a ride whose balance is due on 3rd June 2027. */
function owed(entries: LedgerEntry[], now = new Date("2027-05-01T06:00:00Z")) {
  return duesOf(entries, { status: "confirmed", balanceDueDate: "2027-06-03" }, now);
}

/** A booking amount charged, less what `payments` paid of it. */
function bookingOwed(chargedPaise: number, ...payments: LedgerEntry[]) {
  return owed([ledgerEntry("charge", "booking", chargedPaise), ...payments]).booking;
}

const credit = (amountPaise: number) => ledgerEntry("payment", "booking", amountPaise, { method: "credit" });

describe("bookingPayment", () => {
  it("pays the booking amount to the configured payee, noting the reference", () => {
    expect(bookingPayment(payee, bookingOwed(200_000), "RB-7K3Q")).toEqual({
      amount: "₹2,000",
      link: "upi://pay?pa=hillriders@okaxis&pn=Hill%20Riders&am=2000.00&cu=INR&tn=RB-7K3Q",
      payeeId: "hillriders@okaxis",
      payeeName: "Hill Riders",
      credit: null,
      covered: false,
      paid: false,
      claimedUtr: "",
    });
  });

  it("asks only for what the rider's credit left of the booking amount, and for nothing once it paid all", () => {
    const partly = bookingPayment(payee, bookingOwed(1_000_000, credit(400_050)), "RB-7K3Q");
    expect(partly).toMatchObject({ amount: "₹5,999.50", credit: "₹4,000.50", covered: false });
    expect(partly.link).toContain("am=5999.50&");
    expect(nextSteps("confirmed", partly)[1]).toBe(
      "₹4,000.50 of the booking amount is paid with your credit. Pay the rest, ₹5,999.50, by UPI (scan the QR code or open the payment link), then enter the UPI transaction id (UTR) below.",
    );
    const wholly = bookingPayment(payee, bookingOwed(1_000_000, credit(1_000_000)), "RB-7K3Q");
    expect(wholly).toMatchObject({ amount: null, link: null, credit: "₹10,000", covered: true, paid: true });
    expect(nextSteps("confirmed", wholly)[1]).toBe(
      "Your credit of ₹10,000 paid the booking amount: nothing to pay for it.",
    );
  });

  it("thanks a rider whose booking amount is paid, and asks for nothing more (a seat handed on keeps it paid)", () => {
    const paid = bookingPayment(
      payee,
      bookingOwed(200_000, ledgerEntry("payment", "booking", 200_000, { method: "upi" })),
      "RB-7K3Q",
    );
    expect(paid).toMatchObject({ amount: null, link: null, paid: true });
    const steps = nextSteps("confirmed", paid).join(" ");
    expect(steps).toMatch(/The organisers have your booking amount: thank you/);
    expect(steps).not.toMatch(/Pay the booking amount/);
  });

  it("says a UTR given is being checked, rather than asking for the payment again", () => {
    const claim = ledgerEntry("payment", "booking", 200_000, {
      method: "upi",
      state: "claimed",
      reference: "412345678901",
    });
    const claimed = bookingPayment(payee, bookingOwed(200_000, claim), "RB-7K3Q");
    expect(claimed).toMatchObject({ paid: false, claimedUtr: "412345678901" });
    expect(nextSteps("confirmed", claimed)[1]).toMatch(
      /You gave the UTR .* \(412345678901\): the organisers will confirm/,
    );
  });

  it("offers no link without a payee (configurations saved before UPI existed), and the ride's own words without a plain amount", () => {
    expect(bookingPayment({}, bookingOwed(200_000), "RB-7K3Q")).toMatchObject({ amount: "₹2,000", link: null });
    expect(bookingPayment(payee, null, "RB-7K3Q", "2k per head")).toMatchObject({ amount: "₹2k per head", link: null });
    expect(bookingPayment(payee, null, "RB-7K3Q")).toMatchObject({ amount: null, link: null });
  });
});

describe("nextSteps", () => {
  const payment = bookingPayment(payee, bookingOwed(200_000), "RB-7K3Q");

  it("tells a confirmed rider to pay by UPI and enter the UTR, and to keep the link", () => {
    const steps = nextSteps("confirmed", payment).join(" ");
    expect(steps).toMatch(/Pay the booking amount of ₹2,000 by UPI/);
    expect(steps).toMatch(/UTR/);
    expect(steps).toMatch(/Keep this page's link/);
  });

  it("tells a waitlisted rider to wait and pay only once confirmed", () => {
    const steps = nextSteps("waitlisted", bookingPayment(payee, null, "RB-7K3Q", "₹2,000")).join(" ");
    expect(steps).toMatch(/waitlist/);
    expect(steps).toMatch(/Pay only once you are confirmed/);
    expect(steps).not.toMatch(/by UPI|booking amount/);
  });

  it("says how to pay when the site cannot take the amount by UPI", () => {
    expect(nextSteps("confirmed", bookingPayment({}, bookingOwed(200_000), "RB-7K3Q")).join(" ")).toMatch(
      /Pay the booking amount of ₹2,000 as the ride's payment terms say/,
    );
  });
});

describe("consentText", () => {
  it("states the purpose and the configured retention", () => {
    expect(consentText(90)).toMatch(/only to run this ride/);
    expect(consentText(90)).toMatch(/erased 90 days after the ride ends/);
  });
});

describe("balancePayment", () => {
  const booked = [ledgerEntry("charge", "booking", 1_000_000), ledgerEntry("charge", "balance", 2_850_000)];
  const NOW = new Date("2027-05-01T06:00:00Z");

  it("pays the trip cost less the booking amount, with the reference and 'balance' as its note", () => {
    expect(balancePayment(payee, owed(booked, NOW).balance, "RB-7K3Q")).toEqual({
      amount: "₹28,500",
      dueDate: "3rd June 2027",
      dueNow: false,
      paid: false,
      overdue: false,
      note: "RB-7K3Q balance",
      link: "upi://pay?pa=hillriders@okaxis&pn=Hill%20Riders&am=28500.00&cu=INR&tn=RB-7K3Q%20balance",
      payeeId: "hillriders@okaxis",
      payeeName: "Hill Riders",
      claimedUtr: "",
    });
  });

  it("is none for a booking charged no balance (a ride with only a booking amount, a waitlisted rider)", () => {
    expect(balancePayment(payee, owed([ledgerEntry("charge", "booking", 1_000_000)]).balance, "RB-7K3Q")).toBeNull();
    expect(balancePayment(payee, owed([]).balance, "RB-7K3Q")).toBeNull();
  });

  it("adds its step to a confirmed rider's next steps until it is paid, saying when it is late", () => {
    const payment = bookingPayment(payee, owed(booked).booking, "RB-7K3Q");
    const due = balancePayment(payee, owed(booked, NOW).balance, "RB-7K3Q");
    expect(nextSteps("confirmed", payment, due).join(" ")).toMatch(
      /Pay the balance of ₹28,500 by 3rd June 2027, before the ride starts: by UPI/,
    );
    const late = balancePayment(payee, owed(booked, new Date("2027-06-04T00:00:00Z")).balance, "RB-7K3Q");
    expect(nextSteps("confirmed", payment, late).join(" ")).toMatch(/was due on 3rd June 2027: please pay it now/);
    const paidEntries = [...booked, ledgerEntry("payment", "balance", 2_850_000, { method: "upi" })];
    const paid = balancePayment(payee, owed(paidEntries, NOW).balance, "RB-7K3Q");
    expect(nextSteps("confirmed", payment, paid).join(" ")).not.toMatch(/balance/);
    expect(nextSteps("confirmed", payment)).toHaveLength(3);
  });

  it("is due now, with the booking amount, for a booking made after its due date", () => {
    const lateBooking = [
      ledgerEntry("charge", "booking", 1_000_000, { createdAt: "2027-06-05T06:00:00.000Z" }),
      ledgerEntry("charge", "balance", 2_850_000, { createdAt: "2027-06-05T06:00:00.000Z" }),
    ];
    const balance = balancePayment(payee, owed(lateBooking, new Date("2027-06-05T07:00:00Z")).balance, "RB-7K3Q");
    expect(balance).toMatchObject({ dueNow: true, overdue: false, dueDate: "" });
    expect(nextSteps("confirmed", bookingPayment(payee, null, "RB-7K3Q"), balance).join(" ")).toMatch(
      /You booked after the balance's due date, so the balance of ₹28,500 is due now too/,
    );
  });
});
