/**
 * Publishing (decision 025): whether a ride or hero slide is public is one instant, kept apart
 * from the ride's status. No instant is a draft; an instant to come is a scheduled
 * publication; an instant past is published. Admins give the instant as a wall-clock date and
 * time in a time zone, India's unless told otherwise, and the conversion is the same whatever
 * zone the server or the browser runs in.
 */

import { SUPPORTED_YEARS } from "./dates";

export const DEFAULT_TIME_ZONE = "Asia/Kolkata";

export type PublicationState = "draft" | "scheduled" | "published";

export function publicationState(publishedAt: string | null, now: Date): PublicationState {
  if (publishedAt === null) return "draft";
  return Date.parse(publishedAt) > now.getTime() ? "scheduled" : "published";
}

/** Whether an instant falls in the years the site supports (those of a ride's dates). */
export function isSupportedInstant(instant: Date): boolean {
  const year = instant.getUTCFullYear();
  return year >= SUPPORTED_YEARS.first && year <= SUPPORTED_YEARS.last;
}

/**
 * Whether a stored or imported instant is no later than the supported years. An earlier one is
 * simply past: the column's default, 1970, is "published since ever", which content made before
 * publishing existed has.
 */
export function isNotPastSupportedYears(instant: Date): boolean {
  return instant.getUTCFullYear() <= SUPPORTED_YEARS.last;
}

/**
 * Whether `value` is a publication instant as stored: UTC, 'YYYY-MM-DDTHH:mm:ss.sssZ', no later
 * than the supported years. The public queries compare the column as text, which orders instants
 * only in this one spelling: '+010000-01-01…' (what toISOString gives past 9999) sorts before
 * today.
 */
export function isStorableInstant(value: string): boolean {
  const instant = new Date(value);
  return !Number.isNaN(instant.getTime()) && instant.toISOString() === value && isNotPastSupportedYears(instant);
}

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - (instant - (instant % 1000));
}

/**
 * The instant of a wall-clock 'YYYY-MM-DDTHH:mm' (what a datetime-local field gives) in
 * `timeZone`, or null when it is not a real date and time.
 */
export function zonedToInstant(local: string, timeZone = DEFAULT_TIME_ZONE): Date | null {
  const match = LOCAL_DATE_TIME.exec(local.trim());
  if (!match || !isTimeZone(timeZone)) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  // The zone's offset at the guess, then again at the result: right across a daylight-saving change.
  const first = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(first, timeZone));
}

/** The wall-clock 'YYYY-MM-DDTHH:mm' of an instant in `timeZone`: the value a datetime-local field shows. */
export function instantToZoned(instant: string | Date, timeZone = DEFAULT_TIME_ZONE): string {
  const time = new Date(instant).getTime();
  return new Date(time + zoneOffsetMs(time, timeZone)).toISOString().slice(0, 16);
}

/** '27 Nov 2026, 18:30 IST': how admins read an instant. */
export function formatInstant(instant: string, timeZone = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat("en-IN", {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  }).format(new Date(instant));
}

/** What an admin asks for: keep it a draft, publish it now, or publish it at a time. */
export type PublicationRequest =
  { publish: "draft" } | { publish: "now" } | { publish: "at"; at: string; timeZone?: string };

export const PUBLICATION_MESSAGES = {
  invalid: "Choose Draft, Publish now or Publish at a date and time",
  badTime: "Enter the date and time to publish at",
  badZone: "Unknown time zone",
  past: "That time has passed: choose a time to come, or Publish now",
  outOfRange: `Choose a date and time between ${SUPPORTED_YEARS.first} and ${SUPPORTED_YEARS.last}`,
} as const;

/**
 * The `published_at` a request means at `now`: null for a draft, or the instant; or the
 * field's message when the request is not one.
 */
export function resolvePublication(
  request: unknown,
  now: Date,
): { ok: true; publishedAt: string | null } | { ok: false; field: "publish" | "at" | "timeZone"; message: string } {
  if (typeof request !== "object" || request === null) {
    return { ok: false, field: "publish", message: PUBLICATION_MESSAGES.invalid };
  }
  const { publish, at, timeZone } = request as Record<string, unknown>;
  if (publish === "draft") return { ok: true, publishedAt: null };
  if (publish === "now") return { ok: true, publishedAt: now.toISOString() };
  if (publish !== "at") return { ok: false, field: "publish", message: PUBLICATION_MESSAGES.invalid };
  const zone = timeZone === undefined || timeZone === "" ? DEFAULT_TIME_ZONE : timeZone;
  if (!isTimeZone(zone)) return { ok: false, field: "timeZone", message: PUBLICATION_MESSAGES.badZone };
  const instant = typeof at === "string" ? zonedToInstant(at, zone) : null;
  if (!instant) return { ok: false, field: "at", message: PUBLICATION_MESSAGES.badTime };
  if (!isSupportedInstant(instant)) return { ok: false, field: "at", message: PUBLICATION_MESSAGES.outOfRange };
  if (instant.getTime() <= now.getTime()) return { ok: false, field: "at", message: PUBLICATION_MESSAGES.past };
  return { ok: true, publishedAt: instant.toISOString() };
}
