import { describe, expect, it } from "vitest";
import { formatDateRange, formatIndiaDateTime, formatIndianShortDate, ordinal, parseIsoDate, toIsoDate } from "./dates";

describe("ordinal", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [22, "22nd"],
    [23, "23rd"],
    [31, "31st"],
    [111, "111th"],
  ])("date range ordinals (product.md#dates): %i → %s", (n, text) => {
    expect(ordinal(n)).toBe(text);
  });
});

describe("formatDateRange (product.md#dates: date range)", () => {
  it("shows 'Date TBD' when the start date is missing or invalid", () => {
    expect(formatDateRange("", "2026-03-05")).toBe("Date TBD");
    expect(formatDateRange("not a date", "")).toBe("Date TBD");
  });

  it("shows one full date for a one-day ride", () => {
    expect(formatDateRange("2026-03-05", "2026-03-05")).toBe("5th March 2026");
  });

  it("shows one full date when the end date is missing", () => {
    expect(formatDateRange("2026-03-05", "")).toBe("5th March 2026");
  });

  it("shows '1st - 5th Month Year' within one month", () => {
    expect(formatDateRange("2026-03-01", "2026-03-05")).toBe("1st - 5th March 2026");
  });

  it("shows two full dates across months", () => {
    expect(formatDateRange("2026-03-28", "2026-04-02")).toBe("28th March 2026 - 2nd April 2026");
  });

  it("shows two full dates for the same month of different years", () => {
    expect(formatDateRange("2025-12-30", "2026-12-02")).toBe("30th December 2025 - 2nd December 2026");
  });
});

describe("formatIndianShortDate (product.md#dates: detail-page dates)", () => {
  it("formats in Indian English short format", () => {
    expect(formatIndianShortDate("2026-03-05")).toBe("5 Mar 2026");
    expect(formatIndianShortDate("2026-12-31")).toBe("31 Dec 2026");
  });

  it("returns '' for a missing or invalid date", () => {
    expect(formatIndianShortDate("")).toBe("");
    expect(formatIndianShortDate("2026-02-30")).toBe("");
  });
});

describe("parseIsoDate", () => {
  it("reads a YYYY-MM-DD day as midnight UTC", () => {
    expect(parseIsoDate("2026-03-05")?.toISOString()).toBe("2026-03-05T00:00:00.000Z");
    expect(parseIsoDate(" 2024-02-29 ")?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
  });

  it("refuses days that do not exist and other shapes", () => {
    for (const value of ["2026-02-29", "2026-02-30", "2026-13-01", "2026-3-5", "05/03/2026", "", null, 20260305]) {
      expect(parseIsoDate(value)).toBeNull();
    }
  });

  it("round-trips through toIsoDate", () => {
    expect(toIsoDate(parseIsoDate("1999-12-31")!)).toBe("1999-12-31");
  });
});

describe("time zones (product.md#dates: SSR and browser agree)", () => {
  it("gives the same texts in every time zone of the runtime", () => {
    const original = process.env.TZ;
    const seen = new Set<string>();
    try {
      for (const zone of ["UTC", "Asia/Kolkata", "America/Los_Angeles", "Pacific/Kiritimati"]) {
        process.env.TZ = zone;
        seen.add([formatDateRange("2026-03-01", "2026-03-31"), formatIndianShortDate("2026-03-01")].join("|"));
      }
    } finally {
      process.env.TZ = original;
    }
    expect([...seen]).toEqual(["1st - 31st March 2026|1 Mar 2026"]);
  });
});

describe("formatIndiaDateTime", () => {
  it("reads an instant in India time, whatever the process's zone", () => {
    const original = process.env.TZ;
    try {
      for (const zone of ["UTC", "America/Los_Angeles"]) {
        process.env.TZ = zone;
        expect(formatIndiaDateTime("2026-12-03T23:51:00Z")).toBe("4 Dec 2026, 5:21 am");
      }
    } finally {
      process.env.TZ = original;
    }
  });
});
