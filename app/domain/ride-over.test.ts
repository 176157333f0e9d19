import { describe, expect, it } from "vitest";
import { rideEndedAt, rideIsOver } from "./ride-over";

const ride = { status: "upcoming", startDate: "2027-06-10", endDate: "2027-06-18" };

describe("rideIsOver", () => {
  it("turns at midnight in India after the ride's last day, not at midnight UTC", () => {
    expect(rideEndedAt(ride)?.toISOString()).toBe("2027-06-18T18:30:00.000Z");
    // 23:59 and 00:00 IST on the night after 18 June.
    expect(rideIsOver(ride, new Date("2027-06-18T18:29:00Z"))).toBe(false);
    expect(rideIsOver(ride, new Date("2027-06-18T18:30:00Z"))).toBe(true);
  });

  it("counts a one-day ride by its start date, a completed ride at once, a cancelled one never", () => {
    expect(rideIsOver({ ...ride, endDate: "" }, new Date("2027-06-11T00:00:00Z"))).toBe(true);
    expect(rideIsOver({ ...ride, status: "completed" }, new Date("2027-01-01T00:00:00Z"))).toBe(true);
    expect(rideIsOver({ ...ride, status: "cancelled" }, new Date("2028-01-01T00:00:00Z"))).toBe(false);
    expect(rideIsOver({ ...ride, startDate: "", endDate: "" }, new Date("2028-01-01T00:00:00Z"))).toBe(false);
  });
});
