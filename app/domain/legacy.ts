import { parseIsoDate, toIsoDate } from "./dates";

// A legacy date is a calendar day however it was stored, and must come back as the day the
// admin picked on any machine:
// - 'YYYY-MM-DD', with or without a zone-less time: that day, literally;
// - a Date string without a zone ('March 5, 2026'): the day it names, read in local fields;
// - an instant (Firestore timestamp, Date, string with a zone): written by browsers in
//   India, so it is read at India's fixed offset (no daylight saving). That recovers the day
//   whether the instant was local midnight (18:30 UTC the day before) or UTC midnight.
const ISO_DAY_WITHOUT_ZONE = /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;
const TIME_WITH_ZONE = /\d:\d{2}(?::\d{2})?(?:\.\d+)?\s*(?:Z|GMT|UTC|[+-]\d{2}:?\d{2})/i;
const INDIA_OFFSET_MS = 330 * 60_000;

function legacyCalendarDay(value: unknown): string | null {
  if (typeof value === "string") {
    const text = value.trim();
    const isoDay = ISO_DAY_WITHOUT_ZONE.exec(text)?.[1];
    if (isoDay) return parseIsoDate(isoDay) ? isoDay : null;
    const ms = Date.parse(text);
    if (TIME_WITH_ZONE.test(text)) return indianDay(ms);
    if (!Number.isFinite(ms)) return null;
    const local = new Date(ms);
    return toIsoDate(new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate())));
  }
  if (value instanceof Date) return indianDay(value.getTime());
  if (typeof value === "object" && value !== null) {
    // Firestore's SDK writes { seconds, nanoseconds }; its JSON exports write { _seconds, _nanoseconds }.
    const { seconds, _seconds } = value as { seconds?: unknown; _seconds?: unknown };
    const s = typeof seconds === "number" ? seconds : _seconds;
    if (typeof s === "number") return indianDay(s * 1000);
  }
  return null;
}

function indianDay(ms: number): string | null {
  return Number.isFinite(ms) ? toIsoDate(new Date(ms + INDIA_OFFSET_MS)) : null;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === "";
const isEmptyList = (value: unknown) => !Array.isArray(value) || value.length === 0;

/**
 * Brings a ride stored by the old app into the current shape (product.md#legacy-rides), never mutating
 * its argument:
 * - a single `date` and no start/end date gives startDate = endDate = that day;
 * - a legacy `thingsToCarry` list, when both new lists are empty, is split in half: the
 *   first half (rounded up) mandatory, the rest suggested.
 * A ride already in the current shape comes back equal. Unreadable legacy values are left
 * for the schema to report.
 */
export function migrateLegacyRide(raw: Record<string, unknown>): Record<string, unknown> {
  const ride = { ...raw };
  if (isBlank(raw.startDate) && isBlank(raw.endDate)) {
    const day = legacyCalendarDay(raw.date);
    if (day) {
      ride.startDate = day;
      ride.endDate = day;
    }
  }
  const carry = Array.isArray(raw.thingsToCarry)
    ? raw.thingsToCarry.filter((item): item is string => typeof item === "string" && item.trim() !== "")
    : [];
  if (carry.length > 0 && isEmptyList(raw.thingsToCarryMandatory) && isEmptyList(raw.thingsToCarrySuggested)) {
    const half = Math.ceil(carry.length / 2);
    ride.thingsToCarryMandatory = carry.slice(0, half);
    ride.thingsToCarrySuggested = carry.slice(half);
  }
  return ride;
}
