import { describe, expect, it } from "vitest";
import { durationText, rideDays } from "./duration";

describe("rideDays (product.md#dates: inclusive day difference, min 0)", () => {
  it("counts both the start and the end day", () => {
    expect(rideDays("2026-03-01", "2026-03-05")).toBe(5);
    expect(rideDays("2026-03-05", "2026-03-05")).toBe(1);
  });

  it("counts across month, leap day and year ends", () => {
    expect(rideDays("2024-02-28", "2024-03-01")).toBe(3);
    expect(rideDays("2025-12-30", "2026-01-02")).toBe(4);
  });

  it("is not shifted by a daylight-saving change", () => {
    const original = process.env.TZ;
    try {
      process.env.TZ = "Europe/London";
      expect(rideDays("2026-03-28", "2026-03-30")).toBe(3);
    } finally {
      process.env.TZ = original;
    }
  });

  it("is 0 when the end is before the start", () => {
    expect(rideDays("2026-03-05", "2026-03-04")).toBe(0);
    expect(rideDays("2026-03-05", "2026-02-01")).toBe(0);
  });

  it("is 0 when a date is missing or invalid", () => {
    expect(rideDays("", "2026-03-05")).toBe(0);
    expect(rideDays("2026-03-05", "")).toBe(0);
    expect(rideDays("2026-02-30", "2026-03-05")).toBe(0);
  });
});

describe("durationText (product.md#dates: duration text 'nD (n-1)N')", () => {
  it("renders n days as 'nD (n-1)N'", () => {
    expect(durationText("2026-03-01", "2026-03-05")).toBe("5D 4N");
    expect(durationText("2026-03-01", "2026-03-02")).toBe("2D 1N");
  });

  it("renders one day as '1D'", () => {
    expect(durationText("2026-03-01", "2026-03-01")).toBe("1D");
  });

  it("renders zero days as '0D'", () => {
    expect(durationText("", "")).toBe("0D");
    expect(durationText("2026-03-05", "2026-03-01")).toBe("0D");
  });
});
