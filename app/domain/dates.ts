import { PLACEHOLDERS } from "./messages";

// Ride dates are calendar days, not instants: every computation here is in UTC so the
// server render and a browser in any time zone agree on the day.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a 'YYYY-MM-DD' calendar day, or null when missing or not a real day (e.g. '2026-02-30'). */
export function parseIsoDate(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls day 30 of February over into March; a real day survives the round trip.
  const isRealDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isRealDay ? date : null;
}

/**
 * The years a ride's dates may take. Beyond them nothing is a ride any more, and formats
 * with four-digit years (the calendar file's DTEND is the day after the last) would break.
 */
export const SUPPORTED_YEARS = { first: 2000, last: 2100 } as const;

/** A real 'YYYY-MM-DD' day within the supported years. */
export function isSupportedDay(value: unknown): boolean {
  const year = parseIsoDate(value)?.getUTCFullYear();
  return year !== undefined && year >= SUPPORTED_YEARS.first && year <= SUPPORTED_YEARS.last;
}

/** The 'YYYY-MM-DD' UTC calendar day of an instant. */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function ordinal(n: number): string {
  const lastTwo = Math.abs(n) % 100;
  const last = lastTwo % 10;
  const suffix =
    lastTwo >= 11 && lastTwo <= 13 ? "th" : last === 1 ? "st" : last === 2 ? "nd" : last === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

// Spelled out rather than taken from Intl so the text never depends on the ICU data of the
// server or browser.
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** A full date as the ride cards show it: ordinal day, full month name, year ('28th March 2026'). */
function fullDate(date: Date): string {
  return `${ordinal(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * Date range (product.md#dates): 'Date TBD' without a start date; one full date for a single day (or a
 * missing end date); '1st - 5th March 2026' within one month; otherwise two full dates
 * ('28th March 2026 - 2nd April 2026').
 */
export function formatDateRange(startDate: string, endDate: string): string {
  const start = parseIsoDate(startDate);
  if (!start) return PLACEHOLDERS.dateTbd;
  const end = parseIsoDate(endDate);
  if (!end || end.getTime() === start.getTime()) return fullDate(start);
  const sameMonth = start.getUTCFullYear() === end.getUTCFullYear() && start.getUTCMonth() === end.getUTCMonth();
  if (sameMonth) return `${ordinal(start.getUTCDate())} - ${fullDate(end)}`;
  return `${fullDate(start)} - ${fullDate(end)}`;
}

const indianShortDate = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** product.md#dates: detail-page dates in Indian English short format ('5 Mar 2026'); '' when missing or invalid. */
export function formatIndianShortDate(date: string): string {
  const parsed = parseIsoDate(date);
  return parsed ? indianShortDate.format(parsed) : "";
}

/** An instant as riders and the team read it: "4 Dec 2026, 5:51 am", in India time whatever the server's zone. */
export function formatIndiaDateTime(instant: string | Date): string {
  return new Date(instant).toLocaleString("en-IN", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Asia/Kolkata",
  });
}
