import { describe, expect, it } from "vitest";
import { dateChanges, rideCalendarEvent } from "./ride-calendar";

const ride = {
  id: "r1",
  title: "Coorg",
  startDate: "2027-01-10",
  endDate: "2027-01-12",
  duration: "3 days",
  distance: "600 km",
  description: "Coffee.",
  updatedAt: "2026-11-20T10:00:00.000Z",
};

describe("a ride as a calendar event", () => {
  it("has the UID of the ride on this site, its page as URL and its facts", () => {
    const event = rideCalendarEvent(ride, { origin: "https://rides.example", now: new Date("2026-12-01T00:00:00Z") });
    expect(event.uid).toBe("ride-r1@rides.example");
    expect(event.url).toBe("https://rides.example/ride/r1");
    expect(event.description).toBe(
      "3 days, 600 km\n\nCoffee.\n\nDetails and registration: https://rides.example/ride/r1",
    );
    expect(event.location).toBeUndefined();
  });

  it("counts the revisions whose dates differ from the one before", () => {
    const at = (startDate: string, endDate: string) => ({ startDate, endDate });
    expect(dateChanges([])).toBe(0);
    expect(dateChanges([at("2027-01-10", "2027-01-12")])).toBe(0);
    expect(
      dateChanges([
        at("2027-01-10", "2027-01-12"),
        at("2027-01-10", "2027-01-12"),
        at("2027-01-11", "2027-01-12"),
        at("2027-01-11", "2027-01-13"),
        at("2027-01-11", "2027-01-13"),
        at("2027-01-10", "2027-01-12"),
      ]),
    ).toBe(3);
  });
});
