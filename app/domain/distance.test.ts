import { describe, expect, it } from "vitest";
import { distanceKm } from "./distance";

describe("distanceKm (product.md#statistics: first whole number in the distance text)", () => {
  it.each([
    ["450 km", 450],
    ["approx 300-350 km", 300],
    ["1,200 km", 1200],
    ["18,500", 18500],
    ["1,234,567 km", 1234567],
    ["1,20,000 km", 120000],
    ["1,2000 km", 1],
    ["12.5 km", 12],
    ["Day 1: 220 km", 1],
    ["~ 90km", 90],
  ])("%s → %i", (text, km) => {
    expect(distanceKm(text)).toBe(km);
  });

  it("accepts a legacy numeric distance", () => {
    expect(distanceKm(450)).toBe(450);
  });

  it("is 0 without a number", () => {
    for (const value of ["", "TBD", null, undefined, {}]) expect(distanceKm(value)).toBe(0);
  });
});
