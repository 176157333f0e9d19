import { describe, expect, it } from "vitest";
import { rideInputSchema, type Ride } from "~/domain/ride";
import { SITE_REMINDERS } from "~/domain/registration/settings";
import { dueRules, reminderDueAt, reminderKey, reminderStatuses, reminderText } from "./reminders";

function ride(overrides: Record<string, unknown> = {}): Ride {
  const input = rideInputSchema.parse({
    title: "Spiti Circuit",
    startDate: "2027-03-12",
    endDate: "2027-03-18",
    description: "Nine days in the cold desert.",
    distance: "1,250 km",
    startingPlace: "Manali Mall Road",
    registration: { mode: "site", seats: 10 },
    thingsToCarryMandatory: ["Riding jacket", "Rain gear"],
    itinerary: [
      { day: 2, title: "Kaza to Langza", distance: "20 km" },
      { day: 1, title: "Manali to Kaza", distance: "200 km" },
    ],
    ...overrides,
  });
  return {
    ...input,
    id: "r1",
    duration: "",
    order: 0,
    price: "",
    thingsToCarry: [],
    createdAt: "",
    updatedAt: "",
    version: 1,
  };
}

describe("reminder timing", () => {
  it("is due days before the start date at 09:00 India time, computed in UTC", () => {
    expect(reminderDueAt("2027-03-12", 7)?.toISOString()).toBe("2027-03-05T03:30:00.000Z");
    expect(reminderDueAt("2027-03-12", 1)?.toISOString()).toBe("2027-03-11T03:30:00.000Z");
    expect(reminderDueAt("", 1)).toBeNull();
  });

  it("lists the rules whose time has come, a missed one included, until the ride starts", () => {
    const keys = (now: string) => dueRules(ride(), new Date(now)).map((rule) => rule.key);
    expect(keys("2027-03-05T03:29:59Z")).toEqual([]);
    expect(keys("2027-03-05T03:30:00Z")).toEqual(["week"]);
    expect(keys("2027-03-11T03:30:00Z")).toEqual(["week", "eve"]);
    expect(keys("2027-03-11T18:29:59Z")).toEqual(["week", "eve"]);
    expect(keys("2027-03-11T18:30:00Z")).toEqual([]);
  });

  it("follows the ride's own rules: off, or another number of days", () => {
    const own = ride({
      registration: { mode: "site", seats: 10, reminders: { week: { on: "off" }, eve: { daysBefore: "3" } } },
    });
    expect(dueRules(own, new Date("2027-03-09T03:30:00Z"))).toEqual([{ key: "eve", daysBefore: 3 }]);
  });

  it("sends nothing for a ride not taking registrations here, or not upcoming", () => {
    const now = new Date("2027-03-11T04:00:00Z");
    expect(dueRules(ride({ registration: { mode: "external" } }), now)).toEqual([]);
    expect(dueRules(ride({ registration: undefined }), now)).toEqual([]);
    expect(dueRules(ride({ status: "cancelled" }), now)).toEqual([]);
  });

  it("keys a reminder by its rule and the start date, so a moved ride is reminded again", () => {
    expect(reminderKey({ key: "eve" }, "2027-03-12")).toBe("eve:2027-03-12");
    expect(reminderStatuses({ key: "eve" })).toEqual(["confirmed"]);
    expect(reminderStatuses({ key: "week" })).toEqual(["confirmed", "waitlisted"]);
  });
});

describe("reminder text", () => {
  const week = SITE_REMINDERS.week;
  it("a week before: the dates, the things to carry, documents", () => {
    const text = reminderText(
      ride(),
      { key: "week", daysBefore: week.daysBefore },
      {
        meetingPoint: "",
        captain: null,
      },
    );
    expect(text.subject).toBe("One week to go: Spiti Circuit");
    expect(text.body).toBe(
      [
        "Spiti Circuit starts on 12th - 18th March 2027.",
        "Things to carry:\n- Riding jacket\n- Rain gear",
        "Documents: your driving licence and an ID; on your own bike, its registration, insurance and pollution (PUC) certificates.",
      ].join("\n\n"),
    );
    expect(
      reminderText(ride(), { key: "week", daysBefore: 7 }, { meetingPoint: "", captain: null }).body,
    ).not.toContain("Balance");
  });

  it("the day before: meeting point, captain, day 1, and the ride's extra text", () => {
    const withExtra = ride({ registration: { mode: "site", seats: 10, reminders: { extra: "Fuel up tonight." } } });
    const text = reminderText(
      withExtra,
      { key: "eve", daysBefore: 1 },
      {
        meetingPoint: "Hadimba Temple gate",
        captain: { name: "Ravi", phone: null },
      },
    );
    expect(text.subject).toBe("Tomorrow: Spiti Circuit");
    expect(text.body).toBe(
      [
        "Spiti Circuit starts tomorrow, on 12th - 18th March 2027.",
        "Meeting point: Hadimba Temple gate\nYour ride captain: Ravi\nDay 1: Manali to Kaza (200 km)",
        "Fuel up tonight.",
      ].join("\n\n"),
    );
    const bare = reminderText(
      ride({ itinerary: [] }),
      { key: "eve", daysBefore: 2 },
      {
        meetingPoint: "",
        captain: { name: "Ravi", phone: "+919812345678" },
      },
    );
    expect(bare).toEqual({
      subject: "In 2 days: Spiti Circuit",
      body: "Spiti Circuit starts in 2 days, on 12th - 18th March 2027.\n\nYour ride captain: Ravi, +919812345678",
    });
  });
});
