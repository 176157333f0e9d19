import { describe, expect, it } from "vitest";
import { rotationOfDay } from "./rotation";
import { routeStem, sameRoute } from "./same-route";

describe("the same route", () => {
  it("is the same title with years, numbers and brackets set aside", () => {
    expect(routeStem("Spiti Circuit 2026")).toBe("spiti circuit");
    expect(routeStem("Spiti  Circuit (Winter) — 3rd Edition")).toBe("spiti circuit");
    expect(sameRoute("Spiti Circuit 2025", "SPITI CIRCUIT – 2026")).toBe(true);
    expect(sameRoute("Spiti Circuit", "Spiti Valley")).toBe(false);
    expect(sameRoute("2026", "2026")).toBe(false);
  });
});

describe("the About page's rotation", () => {
  const words = ["a", "b", "c", "d", "e"];

  it("is the same all day in India and moves on the next", () => {
    const morning = rotationOfDay(words, 2, new Date("2027-03-01T19:00:00Z"));
    expect(rotationOfDay(words, 2, new Date("2027-03-02T18:00:00Z"))).toEqual(morning);
    const next = rotationOfDay(words, 2, new Date("2027-03-02T18:30:00Z"));
    expect(next).not.toEqual(morning);
    expect(next).toHaveLength(2);
  });

  it("shows everything when there are few", () => {
    expect(rotationOfDay(["a"], 3, new Date())).toEqual(["a"]);
  });
});
