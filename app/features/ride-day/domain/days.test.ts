import { describe, expect, it } from "vitest";
import type { RouteDay } from "~/domain/ride-route/types";
import { DAY_SUMMARY_MAX, rideDayDays } from "./days";

const routeDay = (day: number, distance: number, endName = ""): RouteDay => ({
  day,
  distance,
  climb: null,
  descent: null,
  highest: null,
  start: [77, 31],
  end: [78, 32],
  endName,
});

const entry = (day: number, title: string, description = "", distance = "") => ({
  day,
  title,
  description,
  distance,
  activities: [],
});

describe("the ride-day plan", () => {
  it("takes each itinerary day's title, a short summary and the distance typed, else the route's", () => {
    const long = `${"Climb through the pines ".repeat(12)}and on.`;
    const days = rideDayDays(
      [entry(1, "Shimla to Narkanda", "Warm-up\nride", "65 km"), entry(2, "To Sarahan", long)],
      [routeDay(1, 70_400), routeDay(2, 112_345, "Sarahan")],
    );
    expect(days[0]).toEqual({ day: 1, title: "Shimla to Narkanda", summary: "Warm-up ride", distanceKm: 65 });
    expect(days[1]).toMatchObject({ day: 2, title: "To Sarahan", distanceKm: 112.3 });
    expect(days[1]!.summary.length).toBeLessThanOrEqual(DAY_SUMMARY_MAX);
    expect(days[1]!.summary).toMatch(/^Climb through the pines .*\w…$/);
  });

  it("adds the route's days the itinerary lacks, named where they end, and has no distance without either", () => {
    expect(rideDayDays([entry(1, "", "", "")], [routeDay(2, 5_000, "Kaza")])).toEqual([
      { day: 1, title: "", summary: "", distanceKm: null },
      { day: 2, title: "Kaza", summary: "", distanceKm: 5 },
    ]);
  });
});
