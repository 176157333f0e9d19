import { rideDays } from "./duration";
import type { ItineraryDay } from "./ride";

/**
 * product.md#itinerary: one itinerary day per ride day, regenerated when a date changes. Days that still
 * exist keep what the admin wrote (matched by day number; the first entry wins on a
 * duplicate); days past the new end are dropped; new days start blank.
 *
 * Without a usable range (a date missing or invalid, or the end before the start) the
 * itinerary is returned unchanged: an admin moving the start date past the end date on the
 * way to a new range must not lose the days already written.
 */
export function generateItinerary(startDate: string, endDate: string, existing: ItineraryDay[]): ItineraryDay[] {
  const days = rideDays(startDate, endDate);
  if (days === 0) return existing;
  const byDay = new Map<number, ItineraryDay>();
  for (const entry of existing) if (!byDay.has(entry.day)) byDay.set(entry.day, entry);
  return Array.from({ length: days }, (_, index) => {
    const day = index + 1;
    return byDay.get(day) ?? { day, title: "", description: "", distance: "", activities: [] };
  });
}
