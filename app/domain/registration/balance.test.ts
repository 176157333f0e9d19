import { describe, expect, it } from "vitest";
import { amountOf, balanceDueDate, balancePaise, formatRupees, paiseOf, tripPrice, type BalanceRide } from "./balance";
import { registrationSettingsSchema } from "./settings";

const settings = (input: Record<string, unknown> = {}) =>
  registrationSettingsSchema.parse({ mode: "site", seats: 10, ...input });

const ride: BalanceRide = {
  tripCost: "₹38,500",
  bookingCost: "₹10,000",
  startDate: "2027-06-10",
  registration: settings(),
};

describe("the balance", () => {
  it("is the trip cost less the booking amount, due 7 days before the start by default", () => {
    expect(balancePaise(ride, "solo")).toBe(2_850_000);
    expect(balanceDueDate(ride)).toBe("2027-06-03");
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
    expect(balancePaise(priced, "pillion")).toBe(5_000_000);
  });

  it("has none when a price is not one plain amount, nothing is left, or the ride is free", () => {
    expect(balancePaise({ ...ride, tripCost: "" }, "solo")).toBeNull();
    expect(balancePaise({ ...ride, tripCost: "₹38,500 per person" }, "solo")).toBeNull();
    expect(balancePaise({ ...ride, bookingCost: "" }, "solo")).toBeNull();
    expect(balancePaise({ ...ride, tripCost: "₹10,000" }, "solo")).toBeNull();
    expect(balancePaise({ ...ride, tripCost: "0", bookingCost: "0" }, "solo")).toBeNull();
    const wordy = { ...ride, registration: settings({ options: { solo: { offered: true, price: "ask us" } } }) };
    expect(balancePaise(wordy, "solo")).toBeNull();
  });

  it("is due the ride's due days before its start (none without a start date)", () => {
    expect(balanceDueDate({ ...ride, registration: settings({ balanceDueDays: "30" }) })).toBe("2027-05-11");
    expect(balanceDueDate({ ...ride, registration: settings({ balanceDueDays: 0 }) })).toBe("2027-06-10");
    expect(balanceDueDate({ ...ride, registration: undefined })).toBe("2027-06-03");
    expect(balanceDueDate({ ...ride, startDate: "" })).toBe("");
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
