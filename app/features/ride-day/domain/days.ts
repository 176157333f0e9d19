import { distanceKm } from "~/domain/distance";
import type { ItineraryDay } from "~/domain/ride";
import type { RouteDay } from "~/domain/ride-route/types";
import type { RideDayDay } from "./pack";

/** A day's summary on the phone: the start of its description, enough to recall the plan. */
export const DAY_SUMMARY_MAX = 160;

function shortened(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= DAY_SUMMARY_MAX) return flat;
  const cut = flat.slice(0, DAY_SUMMARY_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > DAY_SUMMARY_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The day-by-day plan a captain carries: each day of the itinerary or of the route, with its
 * title (else where the route's day ends), a short summary and its distance: the one the admin
 * typed, else the route's (as the ride page shows it, format.ts#itineraryWithRoute).
 */
export function rideDayDays(itinerary: readonly ItineraryDay[], routeDays: readonly RouteDay[] | null): RideDayDay[] {
  const numbers = [...new Set([...itinerary.map((entry) => entry.day), ...(routeDays ?? []).map((d) => d.day)])];
  return numbers
    .sort((a, b) => a - b)
    .map((day) => {
      const entry = itinerary.find((candidate) => candidate.day === day);
      const route = routeDays?.find((candidate) => candidate.day === day);
      const typed = entry ? distanceKm(entry.distance) : 0;
      const fromRoute = route ? Math.round(route.distance / 100) / 10 : null;
      return {
        day,
        title: entry?.title.trim() || route?.endName || "",
        summary: shortened(entry?.description ?? ""),
        distanceKm: typed > 0 ? typed : fromRoute,
      };
    });
}
