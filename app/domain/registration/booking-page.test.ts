import { describe, expect, it } from "vitest";
import { bookingPayment, consentText, nextSteps } from "./booking-page";

const payee = { upiId: "hillriders@okaxis", upiName: "Hill Riders" };

describe("bookingPayment", () => {
  it("pays the ride's booking cost to the configured payee, noting the reference", () => {
    expect(bookingPayment(payee, { bookingCost: "₹2,000" }, "RB-7K3Q")).toEqual({
      amount: "₹2,000",
      link: "upi://pay?pa=hillriders@okaxis&pn=Hill%20Riders&am=2000.00&cu=INR&tn=RB-7K3Q",
      payeeId: "hillriders@okaxis",
      payeeName: "Hill Riders",
    });
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
