import { isSupportedDay, parseIsoDate, toIsoDate } from "./dates";

// RFC 5545 iCalendar for all-day events: one ride's, every upcoming ride's, a rider's own. Calendar apps are strict about three things
// that are easy to get wrong: CRLF line endings, lines folded at 75 octets (bytes, not
// characters), and the escaping of text values.

export type CalendarEvent = {
  /** Globally unique and stable across downloads, so re-importing updates the entry. */
  uid: string;
  /** First day, 'YYYY-MM-DD'. */
  startDate: string;
  /** Last day (inclusive), 'YYYY-MM-DD'. */
  endDate: string;
  summary: string;
  description: string;
  url: string;
  /** When the event data last changed. */
  stamp: Date;
  /** Where it starts (a ride's meeting point): LOCATION text and GEO. */
  location?: { text: string; latitude: number; longitude: number };
  /** How many times its dates changed since first published: a calendar app takes the highest as the event. */
  sequence?: number;
  /** The event is called off: calendar apps strike it out or remove it. */
  cancelled?: boolean;
  /** A reminder at 09:00 the day before, saying this; none for a cancelled event. */
  reminder?: string;
};

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * Folds a content line (RFC 5545 §3.1): no physical line longer than 75 octets; each
 * continuation starts with one space, which counts toward its 75. Splits only between
 * characters, never inside a multi-byte UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0)!);
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

const compactDate = (isoDate: string) => isoDate.replaceAll("-", "");

/** '20261122T093000Z': a UTC date-time as DTSTAMP wants it. */
function utcDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** The day after an ISO date: DTEND of an all-day event is exclusive. */
function nextDay(isoDate: string): string {
  const date = parseIsoDate(isoDate)!;
  return toIsoDate(new Date(date.getTime() + 86_400_000));
}

/** 09:00 on the day before an all-day event (which starts at midnight, the rider's own time). */
const DAY_BEFORE_MORNING = "-PT15H";

/**
 * The lines of one all-day VEVENT from the first to the last day, or null when the start date is
 * missing, invalid or outside the supported years (there is nothing to put in a calendar); a
 * missing, earlier or unsupported end date makes it a one-day event. Every date written then has
 * four-digit years, as iCalendar requires.
 */
function eventLines(event: CalendarEvent): string[] | null {
  if (!isSupportedDay(event.startDate)) return null;
  const lastDay = isSupportedDay(event.endDate) && event.endDate >= event.startDate ? event.endDate : event.startDate;
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    ...(event.sequence ? [`SEQUENCE:${event.sequence}`] : []),
    ...(event.cancelled ? ["STATUS:CANCELLED"] : []),
    `DTSTART;VALUE=DATE:${compactDate(event.startDate)}`,
    `DTEND;VALUE=DATE:${compactDate(nextDay(lastDay))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    ...(event.location
      ? [
          `LOCATION:${escapeText(event.location.text)}`,
          // GEO is latitude;longitude as floats (RFC 5545 §3.8.1.6); six decimals are about 0.1 m.
          `GEO:${event.location.latitude.toFixed(6)};${event.location.longitude.toFixed(6)}`,
        ]
      : []),
    "TRANSP:TRANSPARENT",
    ...(event.reminder && !event.cancelled
      ? [
          "BEGIN:VALARM",
          "ACTION:DISPLAY",
          `DESCRIPTION:${escapeText(event.reminder)}`,
          `TRIGGER:${DAY_BEFORE_MORNING}`,
          "END:VALARM",
        ]
      : []),
    "END:VEVENT",
  ];
}

/**
 * A VCALENDAR of all-day events, one per event that has a usable start date (see eventLines);
 * with `name`, the name calendar apps give a subscribed feed.
 */
export function buildCalendar(events: readonly CalendarEvent[], productId: string, name?: string): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${productId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(name ? [`X-WR-CALNAME:${escapeText(name)}`] : []),
    ...events.flatMap((event) => eventLines(event) ?? []),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A VCALENDAR with one all-day event, or null when it has no usable start date (see eventLines). */
export function buildIcs(event: CalendarEvent, productId: string): string | null {
  return eventLines(event) ? buildCalendar([event], productId) : null;
}
