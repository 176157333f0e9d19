import { parseIsoDate } from "./dates";

const DAY_MS = 86_400_000;

/**
 * product.md#dates: inclusive day count of a ride (same day = 1), never below 0; 0 when a date
 * is missing or invalid.
 */
export function rideDays(startDate: string, endDate: string): number {
  const start = parseIsoDate(startDate);
  const end = parseIsoDate(endDate);
  if (!start || !end) return 0;
  // Both are UTC midnights, so the difference is a whole number of days (no DST in UTC).
  return Math.max(0, (end.getTime() - start.getTime()) / DAY_MS + 1);
}

/** product.md#dates: 'nD (n-1)N' ('5D 4N'), '1D' for one day, '0D' for none. */
export function durationText(startDate: string, endDate: string): string {
  const days = rideDays(startDate, endDate);
  return days <= 1 ? `${days}D` : `${days}D ${days - 1}N`;
}
