import { describe, expect, it } from "vitest";
import {
  amountOf,
  balanceOf,
  balancePaise,
  formatRupees,
  paiseOf,
  paymentTotals,
  tripPrice,
  type BalanceRide,
} from "./balance";
import { registrationSettingsSchema } from "./settings";

const settings = (input: Record<string, unknown> = {}) =>
  registrationSettingsSchema.parse({ mode: "site", seats: 10, ...input });

const ride: BalanceRide = {
  tripCost: "₹38,500",
  bookingCost: "₹10,000",
  startDate: "2027-06-10",
  registration: settings(),
};

const confirmed = { option: "solo", status: "confirmed", balancePayment: "due" } as const;
const NOW = new Date("2027-05-01T06:00:00Z");

describe("the balance", () => {
  it("is the trip cost less the booking amount, due 7 days before the start by default", () => {
    expect(balanceOf(ride, confirmed, NOW)).toEqual({
      amount: "28500.00",
      dueDate: "2027-06-03",
      paid: false,
      overdue: false,
    });
  });

  it("reads amounts with paise, Indian and Western commas, Rs. and /-", () => {
    expect(balancePaise({ ...ride, tripCost: "Rs. 1,00,000.50", bookingCost: "2000/-" }, "solo")).toBe(9_800_050);
    expect(balancePaise({ ...ride, tripCost: "12,345.6", bookingCost: "₹345.10" }, "solo")).toBe(1_200_050);
    expect(amountOf(1_200_050)).toBe("12000.50");
    expect(amountOf(5)).toBe("0.05");
    expect(paiseOf("2000.00")).toBe(200_000);
    expect(paiseOf(null)).toBeNull();
  });

  it("writes rupees as a rider reads them: Indian grouping, paise only when there are some", () => {
    expect(formatRupees(2_850_000)).toBe("₹28,500");
    expect(formatRupees(10_000_050)).toBe("₹1,00,000.50");
    expect(formatRupees(99_900)).toBe("₹999");
    expect(formatRupees(12_345_678_900)).toBe("₹12,34,56,789");
  });

  it("takes the option's price when set: a pillion's is the booking's as a whole", () => {
    const priced = {
      ...ride,
      registration: settings({
        options: { solo: { offered: true }, pillion: { offered: true, price: "₹60,000" }, rental: { offered: true } },
      }),
    };
    expect(tripPrice(priced, "pillion")).toBe(6_000_000);
    expect(tripPrice(priced, "solo")).toBe(3_850_000);
    expect(balanceOf(priced, { ...confirmed, option: "pillion" }, NOW)?.amount).toBe("50000.00");
  });

  it("has none when a price is not one plain amount, nothing is left, or the ride is free", () => {
    expect(balanceOf({ ...ride, tripCost: "" }, confirmed, NOW)).toBeNull();
    expect(balanceOf({ ...ride, tripCost: "₹38,500 per person" }, confirmed, NOW)).toBeNull();
    expect(balanceOf({ ...ride, bookingCost: "" }, confirmed, NOW)).toBeNull();
    expect(balanceOf({ ...ride, tripCost: "₹10,000" }, confirmed, NOW)).toBeNull();
    expect(balanceOf({ ...ride, tripCost: "0", bookingCost: "0" }, confirmed, NOW)).toBeNull();
    const wordy = { ...ride, registration: settings({ options: { solo: { offered: true, price: "ask us" } } }) };
    expect(balanceOf(wordy, confirmed, NOW)).toBeNull();
  });

  it("is owed only by a confirmed seat", () => {
    expect(balanceOf(ride, { ...confirmed, status: "waitlisted" }, NOW)).toBeNull();
    expect(balanceOf(ride, { ...confirmed, status: "cancelled" }, NOW)).toBeNull();
  });

  it("follows the ride's due days, and is overdue after its due date until paid", () => {
    const late = { ...ride, registration: settings({ balanceDueDays: "30" }) };
    expect(balanceOf(late, confirmed, NOW)?.dueDate).toBe("2027-05-11");
    expect(balanceOf(late, confirmed, new Date("2027-05-11T23:00:00Z"))?.overdue).toBe(false);
    expect(balanceOf(late, confirmed, new Date("2027-05-12T00:00:00Z"))?.overdue).toBe(true);
    expect(balanceOf(late, { ...confirmed, balancePayment: "paid" }, new Date("2027-05-12T00:00:00Z"))).toMatchObject({
      paid: true,
      overdue: false,
    });
    expect(balanceOf({ ...ride, registration: settings({ balanceDueDays: 0 }) }, confirmed, NOW)?.dueDate).toBe(
      "2027-06-10",
    );
    expect(balanceOf({ ...ride, registration: undefined }, confirmed, NOW)?.dueDate).toBe("2027-06-03");
  });

  it("adds up what confirmed bookings paid and still owe", () => {
    const rows = [
      { ...confirmed, payment: "paid", balancePayment: "paid" },
      { ...confirmed, payment: "paid", balancePayment: "due" },
      { ...confirmed, payment: "due", balancePayment: "due" },
      { ...confirmed, status: "waitlisted", payment: "paid", balancePayment: "paid" },
      { ...confirmed, status: "cancelled", payment: "paid", balancePayment: "due" },
    ] as const;
    expect(paymentTotals(ride, rows)).toEqual({
      collected: 2 * 1_000_000 + 2_850_000,
      due: 1_000_000 + 2 * 2_850_000,
    });
    expect(paymentTotals({ ...ride, tripCost: "" }, rows)).toEqual({ collected: 2 * 1_000_000, due: 1_000_000 });
    expect(paymentTotals({ ...ride, bookingCost: "" }, rows)).toBeNull();
  });
});

describe("the balance's settings", () => {
  it("default to 7 days, read a form's days and refuse others", () => {
    expect(settings().balanceDueDays).toBe(7);
    expect(settings({ balanceDueDays: "" }).balanceDueDays).toBe(7);
    expect(settings({ balanceDueDays: " 14 " }).balanceDueDays).toBe(14);
    for (const bad of ["-1", "366", "1.5", "a week", 2.5]) {
      expect(registrationSettingsSchema.safeParse({ balanceDueDays: bad }).success).toBe(false);
    }
  });
});
