import { parseIsoDate, toIsoDate } from "../dates";

/** How long after the ride's last day a captain's phone keeps its pack: time to settle up. */
export const PACK_DAYS_AFTER_RIDE = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a ride-day pack expires (docs/features/ride-day.md#expiry): the end of the day, in India
 * (the community's time), PACK_DAYS_AFTER_RIDE days after the ride's end date (its start date
 * when the end is unreadable). A ride with neither readable keeps a pack that long after `now`.
 */
export function rideDayPackExpiry(ride: { startDate: string; endDate: string }, now: Date): string {
  const last = parseIsoDate(ride.endDate) ?? parseIsoDate(ride.startDate);
  const day = toIsoDate(new Date((last ?? now).getTime() + PACK_DAYS_AFTER_RIDE * DAY_MS));
  return new Date(`${day}T23:59:59.999+05:30`).toISOString();
}
