import { afterEach, describe, expect, it } from "vitest";
import { migrateLegacyRide } from "./legacy";

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe("migrateLegacyRide: single date (product.md#legacy-rides: migrated to startDate/endDate)", () => {
  it("uses a YYYY-MM-DD date as start and end", () => {
    expect(migrateLegacyRide({ title: "Old", date: "2023-11-18" })).toEqual({
      title: "Old",
      date: "2023-11-18",
      startDate: "2023-11-18",
      endDate: "2023-11-18",
    });
  });

  it.each([
    ["a Firestore timestamp at midnight in India", { seconds: Date.UTC(2023, 10, 17, 18, 30) / 1000, nanoseconds: 0 }],
    ["a Firestore export timestamp at midnight UTC", { _seconds: Date.UTC(2023, 10, 18) / 1000, _nanoseconds: 0 }],
    ["an ISO instant of midnight in India", "2023-11-17T18:30:00.000Z"],
    ["a Date.toString() written in India", "Sat Nov 18 2023 00:00:00 GMT+0530 (India Standard Time)"],
    ["a date-time without a zone", "2023-11-18T09:00"],
    ["a Date", new Date(Date.UTC(2023, 10, 18))],
  ])("reads %s as the day the admin picked, in any time zone", (_, date) => {
    for (const zone of ["UTC", "Asia/Kolkata", "America/New_York", "Asia/Tokyo"]) {
      process.env.TZ = zone;
      expect(migrateLegacyRide({ date })).toMatchObject({ startDate: "2023-11-18", endDate: "2023-11-18" });
    }
  });

  it("reads a zone-less date text as the day it names, in any time zone", () => {
    for (const zone of ["UTC", "Asia/Kolkata", "America/Los_Angeles", "Pacific/Auckland"]) {
      process.env.TZ = zone;
      expect(migrateLegacyRide({ date: "November 18, 2023" })).toMatchObject({ startDate: "2023-11-18" });
    }
  });

  it("leaves an unreadable date for validation to report", () => {
    expect(migrateLegacyRide({ date: "someday" })).toEqual({ date: "someday" });
    expect(migrateLegacyRide({ date: "2023-02-30" })).toEqual({ date: "2023-02-30" });
    expect(migrateLegacyRide({ date: { seconds: "soon" } })).toEqual({ date: { seconds: "soon" } });
  });

  it("keeps start and end dates that are already set", () => {
    const ride = { date: "2020-01-01", startDate: "2023-11-18", endDate: "" };
    expect(migrateLegacyRide(ride)).toEqual(ride);
  });
});

describe("migrateLegacyRide: carry list (product.md#legacy-rides: a legacy carry list is split in half)", () => {
  it("puts the first half, rounded up, in mandatory and the rest in suggested", () => {
    expect(migrateLegacyRide({ thingsToCarry: ["a", "b", "c", "d", "e"] })).toMatchObject({
      thingsToCarryMandatory: ["a", "b", "c"],
      thingsToCarrySuggested: ["d", "e"],
    });
    expect(
      migrateLegacyRide({ thingsToCarry: ["a", "b"], thingsToCarryMandatory: [], thingsToCarrySuggested: [] }),
    ).toMatchObject({
      thingsToCarryMandatory: ["a"],
      thingsToCarrySuggested: ["b"],
    });
  });

  it("skips blank and non-text items before splitting", () => {
    expect(migrateLegacyRide({ thingsToCarry: ["a", "", 3, "  ", "b", "c"] })).toMatchObject({
      thingsToCarryMandatory: ["a", "b"],
      thingsToCarrySuggested: ["c"],
    });
  });

  it("leaves the new lists alone when either is filled", () => {
    const ride = { thingsToCarry: ["a", "b"], thingsToCarryMandatory: [], thingsToCarrySuggested: ["x"] };
    expect(migrateLegacyRide(ride)).toEqual(ride);
  });
});

describe("migrateLegacyRide: current shape", () => {
  it("returns a ride already in the new shape equal, without mutating its argument", () => {
    const ride = {
      title: "New",
      startDate: "2026-03-01",
      endDate: "2026-03-03",
      thingsToCarry: [],
      thingsToCarryMandatory: ["Helmet"],
      thingsToCarrySuggested: [],
    };
    const copy = structuredClone(ride);
    expect(migrateLegacyRide(ride)).toEqual(copy);
    expect(ride).toEqual(copy);
  });

  it("never mutates a legacy ride", () => {
    const ride = { date: "2023-11-18", thingsToCarry: ["a", "b"] };
    const copy = structuredClone(ride);
    migrateLegacyRide(ride);
    expect(ride).toEqual(copy);
  });
});
