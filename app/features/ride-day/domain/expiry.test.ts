import { describe, expect, it } from "vitest";
import { rideDayPackExpiry } from "./expiry";

describe("a ride-day pack's expiry", () => {
  const now = new Date("2027-06-01T00:00:00Z");

  it("is the end of the third day after the ride's end date, in India", () => {
    expect(rideDayPackExpiry({ startDate: "2027-06-10", endDate: "2027-06-18" }, now)).toBe("2027-06-21T18:29:59.999Z");
  });

  it("crosses a month's end", () => {
    expect(rideDayPackExpiry({ startDate: "2027-06-29", endDate: "2027-06-30" }, now)).toBe("2027-07-03T18:29:59.999Z");
  });

  it("counts from the start date when the end date is unreadable, and from now without either", () => {
    expect(rideDayPackExpiry({ startDate: "2027-06-10", endDate: "" }, now)).toBe("2027-06-13T18:29:59.999Z");
    expect(rideDayPackExpiry({ startDate: "", endDate: "" }, now)).toBe("2027-06-04T18:29:59.999Z");
  });
});
