import { describe, expect, it } from "vitest";
import { changeNotice, rideChanges, watchedFields, type WatchedRide } from "./change-notice";

const before: WatchedRide = {
  title: "Spiti Circuit",
  startDate: "2027-03-12",
  endDate: "2027-03-18",
  meetingPoint: "Manali Mall Road",
  days: ["Manali to Kaza", "Kaza to Langza"],
  status: "upcoming",
};

describe("change notices", () => {
  it("take the route's meeting point over the starting place, and days in day order", () => {
    const ride = {
      title: "T",
      startDate: "2027-03-12",
      endDate: "2027-03-13",
      startingPlace: "Mall Road",
      status: "upcoming" as const,
      itinerary: [
        { day: 2, title: "B", description: "", distance: "", activities: [] },
        { day: 1, title: "A", description: "", distance: "", activities: [] },
      ],
    };
    expect(watchedFields(ride)).toMatchObject({ meetingPoint: "Mall Road", days: ["A", "B"] });
    expect(watchedFields(ride, "Hadimba gate").meetingPoint).toBe("Hadimba gate");
  });

  it("say each change, before → after", () => {
    const after = {
      ...before,
      startDate: "2027-03-13",
      endDate: "2027-03-19",
      meetingPoint: "Hadimba gate",
      days: ["Manali to Kaza", "Kaza to Komic"],
    };
    expect(rideChanges(before, after)).toEqual([
      "Dates: 12th - 18th March 2027 → 13th - 19th March 2027",
      "Meeting point: Manali Mall Road → Hadimba gate",
      "Day 2: Kaza to Langza → Kaza to Komic",
    ]);
    expect(rideChanges(before, { ...before, days: ["Manali to Kaza"] })).toEqual(["Day plan: 2 days → 1 day"]);
    expect(changeNotice(before, after)).toEqual({
      subject: "Ride updated: Spiti Circuit",
      body: [
        "Spiti Circuit has changed:",
        "Dates: 12th - 18th March 2027 → 13th - 19th March 2027\nMeeting point: Manali Mall Road → Hadimba gate\nDay 2: Kaza to Langza → Kaza to Komic",
        "Your booking stands; reply or write to us if this does not suit you.",
      ].join("\n\n"),
    });
  });

  it("say nothing when the edits cancelled out or touched nothing riders are told about", () => {
    expect(changeNotice(before, { ...before })).toBeNull();
    expect(changeNotice(before, { ...before, title: "Spiti Loop" })).toBeNull();
    expect(changeNotice(before, { ...before, status: "completed" })).toBeNull();
  });

  it("tell of a cancellation alone, and of a ride on again", () => {
    expect(changeNotice(before, { ...before, startDate: "2027-04-01", status: "cancelled" })).toEqual({
      subject: "Ride cancelled: Spiti Circuit",
      body: "Spiti Circuit (12th - 18th March 2027) is cancelled. We are sorry. Everything you paid comes back, nothing kept: choose on your booking page whether it goes back the way you paid or stays as credit for a future ride.",
    });
    expect(changeNotice({ ...before, status: "cancelled" }, before)?.body).toContain("The ride is on again");
  });
});
