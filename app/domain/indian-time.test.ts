import { describe, expect, it } from "vitest";
import { formatIndianTime } from "./indian-time";

describe("formatIndianTime", () => {
  it("shows a UTC moment in India's time, across midnight", () => {
    expect(formatIndianTime("2026-11-22T08:35:00.000Z")).toBe("22 Nov 2026, 14:05 IST");
    expect(formatIndianTime("2026-12-31T19:00:00.000Z")).toBe("1 Jan 2027, 00:30 IST");
  });

  it("shows nothing for a value that is not a time", () => {
    expect(formatIndianTime("soon")).toBe("");
  });
});
