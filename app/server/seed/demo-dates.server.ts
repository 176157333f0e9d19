import { toIsoDate } from "~/domain/dates";

const DAY_MS = 86_400_000;

/** Demo rides keep their season (Ladakh in June) yet stay upcoming or past whenever seeded. */
const UPCOMING_LEAD_DAYS = 30;
const COMPLETED_GAP_DAYS = 14;

function utcDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

function onDay(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day);
}

export type DemoDates = { startDate: string; endDate: string; lastBookingDate: string };

function datesFrom(start: number, days: number, bookingCloses: number): DemoDates {
  return {
    startDate: toIsoDate(new Date(start)),
    endDate: toIsoDate(new Date(start + (days - 1) * DAY_MS)),
    lastBookingDate: toIsoDate(new Date(bookingCloses)),
  };
}

/** The next `month`/`day` at least a month after `today`, for a ride of `days` days. */
export function upcomingDates(today: Date, month: number, day: number, days: number): DemoDates {
  const earliest = utcDay(today) + UPCOMING_LEAD_DAYS * DAY_MS;
  let year = today.getUTCFullYear();
  while (onDay(year, month, day) < earliest) year += 1;
  const start = onDay(year, month, day);
  return datesFrom(start, days, start - 14 * DAY_MS);
}

/** The last `month`/`day` whose ride of `days` days ended at least two weeks before `today`. */
export function completedDates(today: Date, month: number, day: number, days: number): DemoDates {
  const latestEnd = utcDay(today) - COMPLETED_GAP_DAYS * DAY_MS;
  let year = today.getUTCFullYear();
  while (onDay(year, month, day) + (days - 1) * DAY_MS > latestEnd) year -= 1;
  const start = onDay(year, month, day);
  return datesFrom(start, days, start - 14 * DAY_MS);
}
