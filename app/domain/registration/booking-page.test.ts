import { describe, expect, it } from "vitest";
import { balancePayment, bookingPayment, consentText, nextSteps } from "./booking-page";

const payee = { upiId: "hillriders@okaxis", upiName: "Hill Riders" };

describe("bookingPayment", () => {
  it("pays the ride's booking cost to the configured payee, noting the reference", () => {
    expect(bookingPayment(payee, { bookingCost: "₹2,000" }, "RB-7K3Q")).toEqual({
      amount: "₹2,000",
      link: "upi://pay?pa=hillriders@okaxis&pn=Hill%20Riders&am=2000.00&cu=INR&tn=RB-7K3Q",
      payeeId: "hillriders@okaxis",
      payeeName: "Hill Riders",
      credit: null,
      covered: false,
    });
  });

  it("asks only for what the rider's credit left of the booking amount, and for nothing once it paid all", () => {
    const partly = bookingPayment(payee, { bookingCost: "₹10,000" }, "RB-7K3Q", 400_050);
    expect(partly).toMatchObject({ amount: "₹5,999.50", credit: "₹4,000.50", covered: false });
    expect(partly.link).toContain("am=5999.50&");
    expect(nextSteps("confirmed", partly)[1]).toBe(
      "₹4,000.50 of the booking amount is paid with your credit. Pay the rest, ₹5,999.50, by UPI (scan the QR code or open the payment link), then enter the UPI transaction id (UTR) below.",
    );
    const wholly = bookingPayment(payee, { bookingCost: "₹10,000" }, "RB-7K3Q", 1_000_000);
    expect(wholly).toMatchObject({ amount: null, link: null, credit: "₹10,000", covered: true });
    expect(nextSteps("confirmed", wholly)[1]).toBe(
      "Your credit of ₹10,000 paid the booking amount: nothing to pay for it.",
    );
  });

  it("offers no link without a payee (configurations saved before UPI existed) or a readable amount", () => {
    expect(bookingPayment({}, { bookingCost: "₹2,000" }, "RB-7K3Q")).toMatchObject({ amount: "₹2,000", link: null });
    expect(bookingPayment(payee, { bookingCost: "2k per head" }, "RB-7K3Q")).toMatchObject({ link: null });
    expect(bookingPayment(payee, { bookingCost: "" }, "RB-7K3Q")).toMatchObject({ amount: null, link: null });
  });
});

describe("nextSteps", () => {
  const payment = bookingPayment(payee, { bookingCost: "₹2,000" }, "RB-7K3Q");

  it("tells a confirmed rider to pay by UPI and enter the UTR, and to keep the link", () => {
    const steps = nextSteps("confirmed", payment).join(" ");
    expect(steps).toMatch(/Pay the booking amount of ₹2,000 by UPI/);
    expect(steps).toMatch(/UTR/);
    expect(steps).toMatch(/Keep this page's link/);
  });

  it("tells a waitlisted rider to wait and pay only once confirmed", () => {
    const steps = nextSteps("waitlisted", payment).join(" ");
    expect(steps).toMatch(/waitlist/);
    expect(steps).toMatch(/Pay only once you are confirmed/);
    expect(steps).not.toMatch(/by UPI/);
  });

  it("says how to pay when the site cannot take the amount by UPI", () => {
    expect(nextSteps("confirmed", bookingPayment({}, { bookingCost: "₹2,000" }, "RB-7K3Q")).join(" ")).toMatch(
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
  const ride = {
    tripCost: "₹38,500",
    bookingCost: "₹10,000",
    startDate: "2027-06-10",
  };
  const booking = { reference: "RB-7K3Q", option: "solo", status: "confirmed", balancePayment: "due" } as const;
  const NOW = new Date("2027-05-01T06:00:00Z");

  it("pays the trip cost less the booking amount, with the reference and 'balance' as its note", () => {
    expect(balancePayment(payee, ride, booking, NOW)).toEqual({
      amount: "₹28,500",
      dueDate: "3rd June 2027",
      paid: false,
      overdue: false,
      note: "RB-7K3Q balance",
      link: "upi://pay?pa=hillriders@okaxis&pn=Hill%20Riders&am=28500.00&cu=INR&tn=RB-7K3Q%20balance",
      payeeId: "hillriders@okaxis",
      payeeName: "Hill Riders",
    });
  });

  it("is none for a ride with only a booking amount, and none for a waitlisted rider", () => {
    expect(balancePayment(payee, { ...ride, tripCost: "" }, booking, NOW)).toBeNull();
    expect(balancePayment(payee, ride, { ...booking, status: "waitlisted" }, NOW)).toBeNull();
  });

  it("adds its step to a confirmed rider's next steps until it is paid, saying when it is late", () => {
    const payment = bookingPayment(payee, ride, "RB-7K3Q");
    const due = balancePayment(payee, ride, booking, NOW);
    expect(nextSteps("confirmed", payment, due).join(" ")).toMatch(
      /Pay the balance of ₹28,500 by 3rd June 2027, before the ride starts: by UPI/,
    );
    const late = balancePayment(payee, ride, booking, new Date("2027-06-04T00:00:00Z"));
    expect(nextSteps("confirmed", payment, late).join(" ")).toMatch(/was due on 3rd June 2027: please pay it now/);
    const paid = balancePayment(payee, ride, { ...booking, balancePayment: "paid" }, NOW);
    expect(nextSteps("confirmed", payment, paid).join(" ")).not.toMatch(/balance/);
    expect(nextSteps("confirmed", payment)).toHaveLength(3);
  });
});
