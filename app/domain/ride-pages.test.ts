import { describe, expect, it } from "vitest";
import { previousPageHref } from "./links";
import { groupByYear, pageCount, requestedPage } from "./ride-pages";

describe("past rides in pages", () => {
  it("fill pages of 24, and one page when there is nothing", () => {
    expect([0, 1, 24, 25, 48, 49].map((total) => pageCount(total))).toEqual([1, 1, 1, 2, 2, 3]);
  });

  it("take the page asked for only when it exists and is written as our links write it", () => {
    expect(requestedPage(null, 3)).toBe(1);
    expect(requestedPage("2", 3)).toBe(2);
    for (const value of ["0", "4", "-1", "01", "1.5", "abc", "", "99999999999999999999"]) {
      expect(requestedPage(value, 3)).toBeNull();
    }
    expect([1, 2].map(previousPageHref)).toEqual(["/previous", "/previous?page=2"]);
  });

  it("group consecutive rides by their start year, undated ones under none", () => {
    const ride = (id: string, startDate: string) => ({ id, startDate });
    const groups = groupByYear([
      ride("a", "2026-03-01"),
      ride("b", "2026-01-05"),
      ride("c", "2025-12-01"),
      ride("d", ""),
    ]);
    expect(groups.map(({ year, rides }) => [year, rides.map((r) => r.id)])).toEqual([
      [2026, ["a", "b"]],
      [2025, ["c"]],
      [null, ["d"]],
    ]);
  });
});
