import { rideRuleSentences } from "~/domain/registration/policy-sentences";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachEngine } from "../../../tests/support/databases";
import { snapshot } from "../../../tests/support/fixtures";
import { useSqliteWithS3 } from "../../../tests/support/s3-database";
import type { Database } from "../db/schema.server";
import { dayGpx, getRideRoute, originalGpx } from "../ride-routes/ride-routes.server";
import { getConfig, saveConfig } from "../content/config.server";
import { getFeaturedRide } from "../content/featured.server";
import { getRide, listRides, rideCounts } from "../rides/rides.server";
import { listSlides } from "../content/slides.server";
import { getStats } from "../content/stats.server";
import { createDiskStorage } from "../storage/disk-storage.server";
import type { ObjectStorage } from "../storage/storage.server";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { registrationSettingsOf } from "~/domain/registration/settings";
import { DEMO_CONFIG, seedDemoContent } from "./demo-content.server";
import { DEMO_IMAGES } from "./demo-images.server";

const TODAY = new Date("2026-11-22T09:00:00Z");
const LADAKH = "Leh–Ladakh Expedition";
/** Where each day of the Ladakh itinerary ends. */
const LADAKH_NIGHTS = [
  "Manali",
  "Jispa",
  "Sarchu",
  "Leh",
  "Leh",
  "Hunder",
  "Pangong Tso",
  "Leh",
  "Kargil",
  "Srinagar",
  "Srinagar",
];

async function storedKeys(storage: ObjectStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list("")) keys.push(object.key);
  return keys;
}

/** The Ladakh ride's route as a rider meets it: days and stops of the itinerary, a named meeting point, its files stored. */
async function expectLadakhRoute(db: Database, storage: ObjectStorage) {
  const ladakh = (await listRides(db)).find((ride) => ride.title === LADAKH)!;
  const route = (await getRideRoute(db, ladakh.id))!;
  expect(route.summary.days.map((day) => day.endName)).toEqual(LADAKH_NIGHTS);
  // Each day as long as the itinerary says, within a kilometre or two (day 11's loop is a little longer).
  route.summary.days.forEach((day, index) => {
    expect(Math.abs(day.distance / 1000 - Number.parseInt(ladakh.itinerary[index]!.distance, 10))).toBeLessThan(2.5);
  });
  expect(route.summary.highest).toMatchObject({ name: "Chang La", elevation: 5360 });
  expect(route.meetingPoint).toMatchObject({ name: "Mall Road, Manali", latitude: 32.2432, longitude: 77.1892 });
  const original = await text((await originalGpx(storage, route))!.body);
  expect(original).toContain("<name>Day 11: Srinagar and departure</name>");
  expect(await text((await dayGpx(storage, route, 11))!.body)).toContain("<trkpt");
  expect((await storedKeys(storage)).sort()).toEqual([route.originalKey, ...route.dayKeys].sort());
  return ladakh;
}

it("names only demo photos that exist in public/", () => {
  for (const url of Object.values(DEMO_IMAGES)) expect(existsSync(path.join("public", url))).toBe(true);
});

describeEachEngine("demo content", (getDb) => {
  let uploads: string;
  let storage: ObjectStorage;
  beforeAll(() => {
    uploads = mkdtempSync(path.join(tmpdir(), "roadbook-demo-"));
  });
  afterAll(() => rmSync(uploads, { recursive: true, force: true }));
  const services = () => {
    // Each test has a new database, so each gets new storage too.
    storage = createDiskStorage(mkdtempSync(path.join(uploads, "run-")));
    return { db: getDb(), storage };
  };

  it("seeds rides of every status, slides, a featured ride with a route and registration here, and the configuration", async () => {
    expect(await seedDemoContent(services(), TODAY)).toBe(true);
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
      // Only the Ladakh ride registers here; the others keep the external form.
      expect(registrationSettingsOf(ride).mode).toBe(ride.title === LADAKH ? "site" : "external");
      if (ride.title !== LADAKH) expect(await getRideRoute(getDb(), ride.id)).toBeNull();
    }
    expect(await listSlides(getDb())).toHaveLength(3);
    const featured = await getFeaturedRide(getDb());
    expect(featured).toMatchObject({ isActive: true, ctaText: "Know More" });
    const target = await getRide(getDb(), featured!.ctaLink.replace("/ride/", ""));
    expect(target?.status).toBe("upcoming");
    const ladakh = await expectLadakhRoute(getDb(), storage);
    expect(target?.id).toBe(ladakh.id);
    expect(registrationSettingsOf(ladakh)).toMatchObject({ mode: "site", seats: 15, waitlist: true });
    // The featured ride carries tiers, and its page says them (docs/features/cancellation.md).
    expect(rideRuleSentences(ladakh)).toEqual([
      "More than 60 days before the start: full refund",
      "60–30 days: 10 % kept",
      "29–15 days: 25 % kept",
      "14–7 days: 35 % kept",
      "Fewer than 7 days before the start: nothing refunded",
    ]);
    expect(await getConfig(getDb())).toEqual(DEMO_CONFIG);
    expect(DEMO_CONFIG.company).toMatchObject({ ...FALLBACK_CONFIG.company, upiId: "roadbookriders@demo" });
    expect(await getStats(getDb())).toMatchObject({ isAutoCalculated: true, completedRides: counts.completed });
  });

  it("keeps upcoming rides upcoming whenever it runs", async () => {
    await seedDemoContent(services(), new Date("2031-07-01T00:00:00Z"));
    for (const ride of await listRides(getDb())) {
      if (ride.status === "completed") expect(ride.endDate < "2031-07-01").toBe(true);
      else expect(ride.startDate > "2031-07-01").toBe(true);
    }
  });

  it("never writes over existing content", async () => {
    const { db } = services();
    await saveConfig(db, FALLBACK_CONFIG);
    const before = await snapshot(db);
    expect(await seedDemoContent({ db, storage }, TODAY)).toBe(false);
    expect(await snapshot(db)).toEqual(before);
    expect(await storedKeys(storage)).toEqual([]);
  });
});

describe("demo content, S3 storage [sqlite]", () => {
  const s3 = useSqliteWithS3();

  it("stores the demo route's files in the bucket", async () => {
    const { db, storage } = s3();
    expect(await seedDemoContent({ db, storage }, TODAY)).toBe(true);
    await expectLadakhRoute(db, storage);
  });
});
