import { describe, expect, it } from "vitest";
import { heroSlideInputSchema } from "./content";
import { FALLBACK_RIDES, FALLBACK_SLIDES, fallbackRide, fallbackRides } from "./fallback-content";
import { rideInputSchema } from "./ride";

describe("fallback sample content (product.md#public-fallbacks)", () => {
  it("holds rides an admin could have saved", () => {
    for (const ride of FALLBACK_RIDES) expect(rideInputSchema.safeParse(ride).error).toBeUndefined();
  });

  it("holds active slides an admin could have saved", () => {
    for (const slide of FALLBACK_SLIDES) {
      expect(heroSlideInputSchema.safeParse(slide).error).toBeUndefined();
      expect(slide.isActive).toBe(true);
    }
  });

  it("has upcoming and completed rides and no cancelled one", () => {
    expect(fallbackRides("upcoming").length).toBeGreaterThan(0);
    expect(fallbackRides("completed").length).toBeGreaterThan(0);
    expect(fallbackRides("cancelled")).toEqual([]);
  });

  it("gives every ride a unique sample id and its computed duration", () => {
    const ids = FALLBACK_RIDES.map((ride) => ride.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id.startsWith("sample-"))).toBe(true);
    expect(fallbackRide("sample-spiti-circuit")?.duration).toBe("9D 8N");
    expect(fallbackRide("missing")).toBeNull();
  });
});
