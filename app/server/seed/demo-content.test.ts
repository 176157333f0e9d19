import { existsSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { describeEachEngine } from "../../../tests/support/databases";
import { snapshot } from "../../../tests/support/fixtures";
import { getConfig, saveConfig } from "../services/config.server";
import { getFeaturedRide } from "../services/featured.server";
import { getRide, listRides, rideCounts } from "../services/rides.server";
import { listSlides } from "../services/slides.server";
import { getStats } from "../services/stats.server";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { seedDemoContent } from "./demo-content.server";
import { DEMO_IMAGES } from "./demo-images.server";

const TODAY = new Date("2026-11-22T09:00:00Z");

it("names only demo photos that exist in public/", () => {
  for (const url of Object.values(DEMO_IMAGES)) expect(existsSync(path.join("public", url))).toBe(true);
});

describeEachEngine("demo content", (getDb) => {
  it("seeds rides of every status, slides, a featured ride and the configuration", async () => {
    expect(await seedDemoContent(getDb(), TODAY)).toBe(true);
    const counts = await rideCounts(getDb());
    expect(counts.upcoming).toBeGreaterThanOrEqual(5);
    expect(counts.completed).toBeGreaterThanOrEqual(4);
    expect(counts.cancelled).toBeGreaterThanOrEqual(1);
    const images = new Set<string>(Object.values(DEMO_IMAGES));
    for (const ride of await listRides(getDb())) {
      expect(images.has(ride.image)).toBe(true);
      expect(ride.itinerary.length).toBe(Number(ride.duration.split("D")[0]));
      expect(ride.tripCost).toMatch(/^₹[\d,]+$/);
      expect(ride.highlights.length).toBeGreaterThan(0);
      if (ride.status === "completed") expect(ride.endDate < "2026-11-22").toBe(true);
      else expect(ride.startDate.startsWith("2027")).toBe(true);
    }
    expect(await listSlides(getDb())).toHaveLength(3);
    const featured = await getFeaturedRide(getDb());
    expect(featured).toMatchObject({ isActive: true, ctaText: "Know More" });
    const target = await getRide(getDb(), featured!.ctaLink.replace("/ride/", ""));
    expect(target?.status).toBe("upcoming");
    expect(await getConfig(getDb())).toEqual(FALLBACK_CONFIG);
    expect(await getStats(getDb())).toMatchObject({ isAutoCalculated: true, completedRides: counts.completed });
  });

  it("keeps upcoming rides upcoming whenever it runs", async () => {
    await seedDemoContent(getDb(), new Date("2031-07-01T00:00:00Z"));
    for (const ride of await listRides(getDb())) {
      if (ride.status === "completed") expect(ride.endDate < "2031-07-01").toBe(true);
      else expect(ride.startDate > "2031-07-01").toBe(true);
    }
  });

  it("never writes over existing content", async () => {
    await saveConfig(getDb(), FALLBACK_CONFIG);
    const before = await snapshot(getDb());
    expect(await seedDemoContent(getDb(), TODAY)).toBe(false);
    expect(await snapshot(getDb())).toEqual(before);
  });
});
