import { describe, expect, it } from "vitest";
import { REFERENCE_ALPHABET, referenceFrom, rupeeAmount, upiPaymentLink } from "./payment";

describe("booking reference", () => {
  it("is RB- and four characters of an alphabet without look-alikes", () => {
    expect(referenceFrom([5, 17, 1, 21])).toBe("RB-7K3Q");
    for (const confusable of ["0", "O", "1", "I", "L"]) expect(REFERENCE_ALPHABET).not.toContain(confusable);
  });
});

describe("rupeeAmount", () => {
  it("reads one plain amount as rupees with paise", () => {
    expect(rupeeAmount("₹2,000")).toBe("2000.00");
    expect(rupeeAmount("2000")).toBe("2000.00");
    expect(rupeeAmount("Rs. 2500/-")).toBe("2500.00");
    expect(rupeeAmount("INR 1,00,000")).toBe("100000.00");
    expect(rupeeAmount("₹ 999.5")).toBe("999.50");
  });

  it("refuses anything else, so no payment link is made from a guess", () => {
    for (const text of [
      "",
      "0",
      "₹0",
      "₹2,000 per person",
      "2k",
      "₹2,000-3,000",
      "$20",
      "-500",
      "12,34,5",
      "1.234",
      "9".repeat(20),
    ]) {
      expect(rupeeAmount(text)).toBeNull();
    }
  });
});

describe("upiPaymentLink", () => {
  const payment = {
    payeeId: "hillriders@okaxis",
    payeeName: "Hill Riders",
    bookingCost: "₹5,000",
    reference: "RB-7K3Q",
  };

  it("fills payee, amount, currency and the reference as the note", () => {
    expect(upiPaymentLink(payment)).toBe(
      "upi://pay?pa=hillriders@okaxis&pn=Hill%20Riders&am=5000.00&cu=INR&tn=RB-7K3Q",
    );
  });

  it("encodes every value, so a name cannot add or change a parameter", () => {
    const link = upiPaymentLink({ ...payment, payeeName: "Riders & Co=1 #1 ₹" });
    expect(link).toBe(
      "upi://pay?pa=hillriders@okaxis&pn=Riders%20%26%20Co%3D1%20%231%20%E2%82%B9&am=5000.00&cu=INR&tn=RB-7K3Q",
    );
    expect(new URL(link!).searchParams.get("pn")).toBe("Riders & Co=1 #1 ₹");
  });

  it("is not made when the amount or the payee's UPI id cannot be read", () => {
    expect(upiPaymentLink({ ...payment, bookingCost: "₹5,000 per person" })).toBeNull();
    expect(upiPaymentLink({ ...payment, bookingCost: "" })).toBeNull();
    expect(upiPaymentLink({ ...payment, payeeId: "" })).toBeNull();
    expect(upiPaymentLink({ ...payment, payeeId: "hill riders@okaxis&am=1" })).toBeNull();
  });
});
