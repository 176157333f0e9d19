import type { ItineraryDay } from "../ride";
import type { RouteSummary } from "./types";

const grouped = (value: number) => value.toLocaleString("en-IN");

/** '612 km', '8.4 km' under 10 km. */
export function formatKm(metres: number): string {
  const km = metres / 1000;
  return km < 10 ? `${km.toFixed(1)} km` : `${grouped(Math.round(km))} km`;
}

/** '1,250 m'. */
export function formatMetres(metres: number): string {
  return `${grouped(Math.round(metres))} m`;
}

/**
 * The itinerary with each day's distance from the route where the admin left it empty; a
 * typed distance wins. Nothing is written: removing the route brings the ride back as it was.
 */
export function itineraryWithRoute(
  itinerary: ItineraryDay[],
  summary: Pick<RouteSummary, "days"> | null,
): ItineraryDay[] {
  if (!summary) return itinerary;
  return itinerary.map((entry) => {
    const day = summary.days.find((candidate) => candidate.day === entry.day);
    return entry.distance.trim() || !day ? entry : { ...entry, distance: formatKm(day.distance) };
  });
}

/** Where a day ends: the name of its waypoint, else 'End of day 2'. */
export function stopLabel(day: { day: number; endName: string }): string {
  return day.endName || `End of day ${day.day}`;
}
