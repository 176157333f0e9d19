import { parseIsoDate, toIsoDate } from "~/domain/dates";

// The window of a ride's ride day (docs/features/ride-day.md#the-window), in India (the
// community's time): it opens PACK_DAYS_BEFORE_RIDE days before the ride's first day, when a
// captain may hold a briefing, and the phone's pack expires PACK_DAYS_AFTER_RIDE days after its
// last, time to settle up. A change a phone sends is timed within it.

/** How long before the ride's first day its changes may be timed: a briefing, a check-in the eve before. */
export const PACK_DAYS_BEFORE_RIDE = 3;
/** How long after the ride's last day a captain's phone keeps its pack: time to settle up. */
export const PACK_DAYS_AFTER_RIDE = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

type RideDates = { startDate: string; endDate: string };

/** The date `days` after (or before) `from`, else after `now`, as an ISO date. */
function dayFrom(from: Date | null, now: Date, days: number): string {
  return toIsoDate(new Date((from ?? now).getTime() + days * DAY_MS));
}

/**
 * When a ride-day pack expires (docs/features/ride-day.md#expiry): the end of the day, in India,
 * PACK_DAYS_AFTER_RIDE days after the ride's end date (its start date when the end is
 * unreadable). A ride with neither readable keeps a pack that long after `now`.
 */
export function rideDayPackExpiry(ride: RideDates, now: Date): string {
  const last = parseIsoDate(ride.endDate) ?? parseIsoDate(ride.startDate);
  return new Date(`${dayFrom(last, now, PACK_DAYS_AFTER_RIDE)}T23:59:59.999+05:30`).toISOString();
}

/**
 * The earliest time a ride-day change may carry: the start of the day, in India,
 * PACK_DAYS_BEFORE_RIDE days before the ride's start date (its end date when the start is
 * unreadable; that long before `now` with neither). A phone's clock set to 1970 is clamped here.
 */
export function rideDayWindowStart(ride: RideDates, now: Date): Date {
  const first = parseIsoDate(ride.startDate) ?? parseIsoDate(ride.endDate);
  return new Date(`${dayFrom(first, now, -PACK_DAYS_BEFORE_RIDE)}T00:00:00.000+05:30`);
}
