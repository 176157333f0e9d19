import { describe, expect, it } from "vitest";
import { bookingAmount, costBadge, formatCost, rideAmount } from "./cost";

describe("formatCost (product.md#costs: display rules)", () => {
  it.each([[""], ["   "], ["0"], ["₹0"], ["₹ 0"], ["0.00"], [0], [null], [undefined], [Number.NaN], [{}]])(
    "hides an empty or zero cost: %j",
    (value) => {
      expect(formatCost(value)).toBeNull();
    },
  );

  it("prefixes ₹ when missing", () => {
    expect(formatCost("5000")).toBe("₹5000");
    expect(formatCost(" 12,500 ")).toBe("₹12,500");
    expect(formatCost(7500)).toBe("₹7500");
  });

  it("keeps an existing ₹ prefix", () => {
    expect(formatCost("₹5,000")).toBe("₹5,000");
    expect(formatCost("₹ 5,000")).toBe("₹ 5,000");
  });

  it("shows a non-numeric cost text as written", () => {
    expect(formatCost("5000 onwards")).toBe("₹5000 onwards");
  });
});

describe("rideAmount (product.md#booking-card: price cards)", () => {
  it("uses tripCost with the note 'Total trip cost', in precedence over price", () => {
    expect(rideAmount({ tripCost: "15000", price: "9000" })).toEqual({ amount: "₹15000", note: "Total trip cost" });
  });

  it("falls back to the legacy price with the note 'per person'", () => {
    expect(rideAmount({ tripCost: "", price: 9000 })).toEqual({ amount: "₹9000", note: "per person" });
    expect(rideAmount({ price: "₹9000" })).toEqual({ amount: "₹9000", note: "per person" });
  });

  it("is hidden when no cost is set", () => {
    expect(rideAmount({})).toBeNull();
    expect(rideAmount({ tripCost: "", price: "0" })).toBeNull();
  });

  it("is hidden by a zero tripCost even with a legacy price", () => {
    expect(rideAmount({ tripCost: "0", price: "9000" })).toBeNull();
  });
});

describe("bookingAmount (product.md#booking-card)", () => {
  it("shows the booking cost with the note 'to reserve your spot'", () => {
    expect(bookingAmount({ bookingCost: "2000" })).toEqual({ amount: "₹2000", note: "to reserve your spot" });
  });

  it("is hidden when the booking cost is empty or zero", () => {
    expect(bookingAmount({})).toBeNull();
    expect(bookingAmount({ bookingCost: "₹0" })).toBeNull();
  });
});

describe("costBadge (product.md#ride-cards: card cost badge when nonzero)", () => {
  it("shows the same amount as the ride amount card", () => {
    expect(costBadge({ tripCost: "₹15,000", price: "9000" })).toBe("₹15,000");
    expect(costBadge({ price: 9000 })).toBe("₹9000");
  });

  it("is hidden for a zero cost", () => {
    expect(costBadge({ tripCost: "0" })).toBeNull();
    expect(costBadge({ price: 0 })).toBeNull();
  });
});
