import { describe, expect, it } from "vitest";
import { generateItinerary } from "./itinerary";
import type { ItineraryDay } from "./ride";

const blank = (day: number): ItineraryDay => ({ day, title: "", description: "", distance: "", activities: [] });
const written = (day: number): ItineraryDay => ({
  day,
  title: `Day ${day}`,
  description: "Ride",
  distance: "200 km",
  activities: ["Ride"],
});

describe("generateItinerary (product.md#itinerary: days generated from start and end dates)", () => {
  it("creates one blank day per ride day", () => {
    expect(generateItinerary("2026-03-01", "2026-03-03", [])).toEqual([blank(1), blank(2), blank(3)]);
  });

  it("keeps existing entries for days that still exist when the range grows", () => {
    const existing = [written(1), written(2)];
    const days = generateItinerary("2026-03-01", "2026-03-04", existing);
    expect(days).toEqual([written(1), written(2), blank(3), blank(4)]);
  });

  it("matches existing entries by day number, not position", () => {
    expect(generateItinerary("2026-03-01", "2026-03-02", [written(2)])).toEqual([blank(1), written(2)]);
  });

  it("drops days past the new end when the range shrinks", () => {
    expect(generateItinerary("2026-03-01", "2026-03-02", [written(1), written(2), written(3)])).toEqual([
      written(1),
      written(2),
    ]);
  });

  it("returns the existing itinerary unchanged for missing, invalid or reversed dates", () => {
    const existing = [written(1), written(2)];
    expect(generateItinerary("", "2026-03-02", existing)).toBe(existing);
    expect(generateItinerary("2026-03-01", "2026-02-30", existing)).toBe(existing);
    expect(generateItinerary("2026-03-05", "2026-03-01", existing)).toBe(existing);
  });

  it("never mutates the existing entries", () => {
    const existing = [written(3), written(1)];
    const copy = structuredClone(existing);
    generateItinerary("2026-03-01", "2026-03-02", existing);
    expect(existing).toEqual(copy);
  });

  it("handles a year-long ride, keeping the written days and filling the rest", () => {
    const existing = Array.from({ length: 40 }, (_, i) => written(i + 1));
    const days = generateItinerary("2026-01-01", "2026-12-31", existing);
    expect(days).toHaveLength(365);
    expect(days[39]).toEqual(written(40));
    expect(days[40]).toEqual(blank(41));
  });
});
