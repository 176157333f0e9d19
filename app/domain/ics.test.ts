import { describe, expect, it } from "vitest";
import { buildCalendar, buildIcs, type CalendarEvent, escapeText, foldLine } from "./ics";

const event: CalendarEvent = {
  uid: "ride-abc@roadbook.example",
  startDate: "2026-12-05",
  endDate: "2026-12-08",
  summary: "Coorg Coffee Trail",
  description: "Four days of coffee estates, waterfalls and winding roads.",
  url: "https://roadbook.example/ride/abc",
  stamp: new Date("2026-11-20T10:15:30.123Z"),
};

const unfold = (ics: string) => ics.replace(/\r\n /g, "");

describe("escapeText (RFC 5545 §3.3.11)", () => {
  it("escapes backslash, semicolon, comma and every kind of newline", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
  });
});

describe("foldLine (RFC 5545 §3.1)", () => {
  it("leaves a line of 75 octets alone", () => {
    const line = "X".repeat(75);
    expect(foldLine(line)).toBe(line);
  });

  it("folds longer lines into physical lines of at most 75 octets, continuations starting with a space", () => {
    const folded = foldLine("D".repeat(200));
    const lines = folded.split("\r\n");
    expect(lines.map((line) => line.length)).toEqual([75, 75, 52]);
    expect(lines.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe("D".repeat(200));
  });

  it("counts octets, not characters, and never splits a multi-byte character", () => {
    const folded = foldLine(`SUMMARY:${"₹".repeat(40)}`);
    const encoder = new TextEncoder();
    for (const line of folded.split("\r\n")) {
      expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
      expect(line).not.toContain("\uFFFD");
    }
    expect(folded.replace(/\r\n /g, "")).toBe(`SUMMARY:${"₹".repeat(40)}`);
  });
});

describe("buildIcs", () => {
  it("is an all-day VEVENT with an exclusive end date, CRLF line endings and all required properties", () => {
    const ics = buildIcs(event, "-//Roadbook//Rides//EN")!;
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = unfold(ics).trimEnd().split("\r\n");
    expect(lines).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Roadbook//Rides//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "BEGIN:VEVENT",
      "UID:ride-abc@roadbook.example",
      "DTSTAMP:20261120T101530Z",
      "DTSTART;VALUE=DATE:20261205",
      "DTEND;VALUE=DATE:20261209",
      "SUMMARY:Coorg Coffee Trail",
      "DESCRIPTION:Four days of coffee estates\\, waterfalls and winding roads.",
      "URL:https://roadbook.example/ride/abc",
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
      "END:VCALENDAR",
    ]);
  });

  it("ends a ride on the last day of a month or year on the next calendar day", () => {
    expect(buildIcs({ ...event, startDate: "2026-12-30", endDate: "2026-12-31" }, "p")).toContain(
      "DTEND;VALUE=DATE:20270101",
    );
    expect(buildIcs({ ...event, startDate: "2028-02-28", endDate: "2028-02-29" }, "p")).toContain(
      "DTEND;VALUE=DATE:20280301",
    );
  });

  it("makes a one-day event when the end date is missing or before the start", () => {
    expect(buildIcs({ ...event, endDate: "" }, "p")).toContain("DTEND;VALUE=DATE:20261206");
    expect(buildIcs({ ...event, endDate: "2026-12-01" }, "p")).toContain("DTEND;VALUE=DATE:20261206");
  });

  it("returns null without a valid start date", () => {
    expect(buildIcs({ ...event, startDate: "" }, "p")).toBeNull();
    expect(buildIcs({ ...event, startDate: "2026-02-30" }, "p")).toBeNull();
  });

  it("folds a long description and keeps its text intact once unfolded", () => {
    const description = "Day 1: Bengaluru to Madikeri, 260 km; Day 2: estates, Abbey Falls; ".repeat(4);
    const ics = buildIcs({ ...event, description }, "p")!;
    const encoder = new TextEncoder();
    expect(ics.split("\r\n").every((line) => encoder.encode(line).length <= 75)).toBe(true);
    expect(unfold(ics)).toContain(`DESCRIPTION:${escapeText(description)}`);
  });
});

describe("buildCalendar", () => {
  it("holds one VEVENT per event with a start date, in one VCALENDAR named for subscribers", () => {
    const ics = buildCalendar(
      [event, { ...event, uid: "ride-def@roadbook.example", summary: "Second" }, { ...event, uid: "x", startDate: "" }],
      "-//Test//EN",
      "Roadbook, rides",
    );
    const lines = unfold(ics).trimEnd().split("\r\n");
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(lines.filter((line) => line === "BEGIN:VCALENDAR")).toHaveLength(1);
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(2);
    expect(lines).toContain("X-WR-CALNAME:Roadbook\\, rides");
    expect(lines.filter((line) => line.startsWith("UID:"))).toEqual([
      "UID:ride-abc@roadbook.example",
      "UID:ride-def@roadbook.example",
    ]);
  });

  it("is an empty calendar without events", () => {
    expect(buildCalendar([], "-//Test//EN").split("\r\n")).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Test//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "END:VCALENDAR",
      "",
    ]);
  });

  it("writes a SEQUENCE, a cancellation and a reminder the morning before, each only when asked", () => {
    const plain = unfold(buildIcs(event, "-//Test//EN")!);
    expect(plain).not.toMatch(/SEQUENCE|STATUS|VALARM/);

    const reminded = unfold(buildIcs({ ...event, sequence: 2, reminder: "Tomorrow: Coorg, trail" }, "-//Test//EN")!);
    expect(reminded).toContain("SEQUENCE:2\r\n");
    expect(reminded).toContain(
      "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Tomorrow: Coorg\\, trail\r\nTRIGGER:-PT15H\r\nEND:VALARM\r\nEND:VEVENT",
    );

    const cancelled = unfold(
      buildIcs({ ...event, sequence: 3, cancelled: true, reminder: "Tomorrow" }, "-//Test//EN")!,
    );
    expect(cancelled).toContain("STATUS:CANCELLED\r\n");
    expect(cancelled).not.toContain("VALARM");
  });
});
