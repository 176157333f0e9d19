import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GPX_MESSAGES, MAX_GPX_BYTES } from "~/domain/ride-route/gpx-guard";
import { parseGpx } from "~/domain/ride-route/parse-gpx";
import { SPLIT_MESSAGES } from "~/domain/ride-route/days";
import {
  assignRouteDays,
  dayGpx,
  deleteRideAndRoute,
  getRideRoute,
  originalGpx,
  removeRideRoute,
  saveRideRoute,
  setMeetingPoint,
} from "~/server/ride-routes/ride-routes.server";
import type { Database } from "~/server/db/schema.server";
import { createLogger } from "~/server/logger.server";
import { listRecentActivity } from "~/server/audit/audit.server";
import { NotFoundError, ValidationError } from "~/server/validation/errors.server";
import { exportContent, importContent } from "~/server/content/content-transfer.server";
import { createRide, getRide } from "~/server/rides/rides.server";
import { createDiskStorage } from "~/server/storage/disk-storage.server";
import type { ObjectStorage } from "~/server/storage/storage.server";
import { describeEachEngine, openTestDatabase } from "../support/databases";
import { rideInput } from "../support/fixtures";
import { buildGpx, threeDayRide } from "../support/gpx";
import { useSqliteWithS3 } from "../support/s3-database";

const encode = (value: string) => new TextEncoder().encode(value);
const ride3 = threeDayRide(60);
const threeTracks = encode(buildGpx(ride3));
const oneTrack = encode(
  buildGpx({
    days: [[...ride3.days[0]!, ...ride3.days[1]!.slice(1), ...ride3.days[2]!.slice(1)]],
    waypoints: ride3.waypoints,
  }),
);

/** The stored originals of one ride (the storage is shared by the tests of a suite). */
async function listKeys(storage: ObjectStorage, rideId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(`routes/${rideId}/`)) keys.push(object.key);
  return keys;
}

function threeDayRideInput() {
  return rideInput({ startDate: "2027-01-10", endDate: "2027-01-12" });
}

/** The behaviour of a ride's route on one engine and one storage. */
function routeSuite(services: () => { db: Database; storage: ObjectStorage }) {
  it("stores the original, measures the days and puts the meeting point at the start", async () => {
    const { db, storage } = services();
    const ride = await createRide(db, threeDayRideInput());
    const route = await saveRideRoute({ db, storage }, ride.id, { data: threeTracks, fileName: "Coorg loop.gpx" });
    expect(route.summary.days).toHaveLength(3);
    expect(route.summary.days[0]!.distance).toBeGreaterThan(100_000);
    expect(route.meetingPoint).toEqual({
      name: "",
      address: "",
      latitude: ride3.days[0]![0]!.lat,
      longitude: ride3.days[0]![0]!.lon,
    });
    const object = await originalGpx(storage, route);
    expect(await text(object!.body)).toBe(new TextDecoder().decode(threeTracks));
    expect((await listKeys(storage, ride.id)).sort()).toEqual([route.originalKey, ...route.dayKeys].sort());
    // The ride itself is not changed by its route.
    expect((await getRide(db, ride.id))!.version).toBe(ride.version);
  });

  it("a single track is one day until the admin picks overnight stops (a waypoint and a km)", async () => {
    const { db, storage } = services();
    const ride = await createRide(db, threeDayRideInput());
    const first = await saveRideRoute({ db, storage }, ride.id, { data: oneTrack, fileName: "one.gpx" });
    expect(first.summary.days).toHaveLength(1);
    const kmToMadikeri = first.summary.waypoints[1]!.distance / 1000;
    const route = await assignRouteDays({ db, storage }, ride.id, {
      by: "stops",
      stops: [{ km: kmToMadikeri }, { waypoint: 0 }],
    });
    expect(route.summary.days.map((day) => day.endName)).toEqual(["Mysuru", "Madikeri", ""]);
    // The day files of the single day are replaced by the three new ones.
    expect((await listKeys(storage, ride.id)).sort()).toEqual([route.originalKey, ...route.dayKeys].sort());
    await expect(assignRouteDays({ db, storage }, ride.id, { by: "lines" })).rejects.toThrow(
      SPLIT_MESSAGES.notEnoughLines,
    );
    // A refused assignment changes nothing.
    expect((await getRideRoute(db, ride.id))!.summary.days).toHaveLength(3);
  });

  it("each day's GPX is stored once, holds that day's points only and reads with the same parser", async () => {
    const { db, storage } = services();
    const ride = await createRide(
      db,
      rideInput({ title: "Coorg & Coast <3>", startDate: "2027-01-10", endDate: "2027-01-12" }),
    );
    const route = await saveRideRoute({ db, storage }, ride.id, { data: threeTracks, fileName: "r.gpx" });
    expect(route.dayKeys).toHaveLength(3);
    const day2 = await text((await dayGpx(storage, route, 2))!.body);
    const parsed = parseGpx(encode(day2));
    expect(parsed.lines[0]!.points).toHaveLength(60);
    expect(parsed.lines[0]!.points[0]!.slice(0, 2)).toEqual([ride3.days[1]![0]!.lon, ride3.days[1]![0]!.lat]);
    expect(day2).toContain("Coorg &amp; Coast &lt;3&gt; — day 2");
    expect(await dayGpx(storage, route, 4)).toBeNull();
    expect(await dayGpx(storage, route, 0)).toBeNull();
    expect((await listKeys(storage, ride.id)).sort()).toEqual([route.originalKey, ...route.dayKeys].sort());
  });

  it("replacing stores the new original and deletes the old; a named meeting point stays", async () => {
    const { db, storage } = services();
    const ride = await createRide(db, threeDayRideInput());
    const first = await saveRideRoute({ db, storage }, ride.id, { data: threeTracks, fileName: "a.gpx" });
    await setMeetingPoint(db, ride.id, {
      name: "Cafe Coffee Day, Hebbal",
      address: "Bellary Rd, Bengaluru",
      latitude: "13.04",
      longitude: "",
    });
    const second = await saveRideRoute({ db, storage }, ride.id, { data: oneTrack, fileName: "b.gpx" });
    expect(second.originalKey).not.toBe(first.originalKey);
    expect((await listKeys(storage, ride.id)).sort()).toEqual([second.originalKey, ...second.dayKeys].sort());
    expect(second.meetingPoint).toMatchObject({
      name: "Cafe Coffee Day, Hebbal",
      latitude: 13.04,
      longitude: ride3.days[0]![0]!.lon,
    });
  });

  it("an admin's route writes are audited in their own commands; the seed's are not", async () => {
    const { db, storage } = services();
    const ride = await createRide(db, threeDayRideInput());
    await saveRideRoute({ db, storage }, ride.id, { data: threeTracks, fileName: "seed.gpx" });
    expect(await listRecentActivity(db)).toEqual([]);
    const actor = { id: "admin-1", email: "asha@example.com" };
    await saveRideRoute({ db, storage }, ride.id, { data: threeTracks, fileName: "a.gpx" }, { actor });
    await setMeetingPoint(db, ride.id, { name: "Cafe", latitude: "", longitude: "" }, { actor });
    await removeRideRoute({ db, storage }, ride.id, { actor });
    const summaries = (await listRecentActivity(db)).map((entry) => entry.summary);
    expect(summaries.sort()).toEqual(
      [
        `Uploaded the route (3 days) of ride "${ride.title}"`,
        `Set the meeting point of ride "${ride.title}"`,
        `Removed the route of ride "${ride.title}"`,
      ].sort(),
    );
    // A refused write (the route is gone) leaves no entry.
    await expect(setMeetingPoint(db, ride.id, {}, { actor })).rejects.toBeInstanceOf(NotFoundError);
    expect(await listRecentActivity(db)).toHaveLength(3);
  });

  it("refuses a bad meeting point and a hostile file, and changes nothing", async () => {
    const { db, storage } = services();
    const ride = await createRide(db, threeDayRideInput());
    const route = await saveRideRoute({ db, storage }, ride.id, { data: threeTracks, fileName: "a.gpx" });
    await expect(setMeetingPoint(db, ride.id, { name: "x", latitude: "95", longitude: "77" })).rejects.toBeInstanceOf(
      ValidationError,
    );
    const xxe = encode(`<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY x SYSTEM "file:///etc/passwd">]><gpx>&x;</gpx>`);
    await expect(saveRideRoute({ db, storage }, ride.id, { data: xxe, fileName: "x.gpx" })).rejects.toThrow(
      GPX_MESSAGES.doctype,
    );
    await expect(
      saveRideRoute({ db, storage }, ride.id, { data: new Uint8Array(MAX_GPX_BYTES + 1), fileName: "big.gpx" }),
    ).rejects.toThrow(/limit is 10 MB/);
    // Read in the worker thread: the parser's reason comes back as the message.
    await expect(
      saveRideRoute({ db, storage }, ride.id, {
        data: encode(`<gpx version="1.1"><trk><trkseg>`),
        fileName: "cut.gpx",
      }),
    ).rejects.toThrow(/could not be read: unclosed xml tag/);
    await expect(
      saveRideRoute({ db, storage }, ride.id, { data: encode(`<kml><Document/></kml>`), fileName: "map.kml" }),
    ).rejects.toThrow(GPX_MESSAGES.notGpx);
    // An impossible point, found in the worker thread, is named by its position.
    const nan = `<gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="1"/><trkpt lat="NaN" lon="1"/></trkseg></trk></gpx>`;
    await expect(saveRideRoute({ db, storage }, ride.id, { data: encode(nan), fileName: "nan.gpx" })).rejects.toThrow(
      GPX_MESSAGES.badPoint("Point 2 of track 1 has no valid latitude"),
    );
    expect(await getRideRoute(db, ride.id)).toEqual(route);
    expect((await listKeys(storage, ride.id)).sort()).toEqual([route.originalKey, ...route.dayKeys].sort());
  });

  it("removing deletes the route and its file and leaves the ride as it was", async () => {
    const { db, storage } = services();
    const ride = await createRide(db, threeDayRideInput());
    await saveRideRoute({ db, storage }, ride.id, { data: threeTracks, fileName: "a.gpx" });
    await removeRideRoute({ db, storage }, ride.id);
    expect(await getRideRoute(db, ride.id)).toBeNull();
    expect(await listKeys(storage, ride.id)).toEqual([]);
    expect(await getRide(db, ride.id)).toEqual(ride);
    await expect(
      saveRideRoute({ db, storage }, "no-such-ride", { data: threeTracks, fileName: "a.gpx" }),
    ).rejects.toThrow("This ride no longer exists.");
  });

  it("rides whose ids differ only in '.', '_' or other signs keep their route files apart", async () => {
    const { db, storage } = services();
    const suffix = crypto.randomUUID();
    const ids = [`trip.${suffix}`, `trip_${suffix}`, `trip_2E${suffix}`, `trip/${suffix}`];
    for (const id of ids) {
      const ride = await createRide(db, threeDayRideInput());
      await db.updateTable("rides").set({ id }).where("id", "=", ride.id).execute();
    }
    const routes = [];
    for (const id of ids)
      routes.push(await saveRideRoute({ db, storage }, id, { data: threeTracks, fileName: "a.gpx" }));
    const folders = routes.map((route) => route.originalKey.slice(0, route.originalKey.lastIndexOf("/") + 1));
    expect(new Set(folders).size).toBe(ids.length);
    for (const [index, route] of routes.entries()) {
      for (const key of [route.originalKey, ...route.dayKeys])
        expect(await storage.get(key), `${ids[index]}: ${key}`).not.toBeNull();
    }
  });

  it("deleting a ride deletes its route's row and files; another ride's route stays", async () => {
    const { db, storage } = services();
    const lines: string[] = [];
    const logger = createLogger("info", false, { write: (line: string) => void lines.push(line) });
    const [gone, kept] = [await createRide(db, threeDayRideInput()), await createRide(db, threeDayRideInput())];
    await saveRideRoute({ db, storage }, gone.id, { data: threeTracks, fileName: "a.gpx" });
    const keptRoute = await saveRideRoute({ db, storage }, kept.id, { data: threeTracks, fileName: "b.gpx" });
    await deleteRideAndRoute({ db, storage, logger }, gone.id);
    expect(await getRide(db, gone.id)).toBeNull();
    expect(await getRideRoute(db, gone.id)).toBeNull();
    expect(await getRideRoute(db, kept.id)).toEqual(keptRoute);
    expect(await listKeys(storage, gone.id)).toEqual([]);
    expect((await listKeys(storage, kept.id)).sort()).toEqual([keptRoute.originalKey, ...keptRoute.dayKeys].sort());
    expect(lines).toEqual([]);
  });

  it("a ride whose route files cannot be deleted is deleted all the same, the failure logged", async () => {
    const { db, storage } = services();
    const lines: string[] = [];
    const logger = createLogger("info", false, { write: (line: string) => void lines.push(line) });
    const ride = await createRide(db, threeDayRideInput());
    const route = await saveRideRoute({ db, storage }, ride.id, { data: threeTracks, fileName: "a.gpx" });
    const failing: ObjectStorage = {
      put: (key, body, options) => storage.put(key, body, options),
      get: (key) => storage.get(key),
      head: (key) => storage.head(key),
      list: (prefix) => storage.list(prefix),
      delete: () => Promise.reject(new Error("bucket unreachable")),
      close: async () => undefined,
    };
    await deleteRideAndRoute({ db, storage: failing, logger }, ride.id);
    expect(await getRide(db, ride.id)).toBeNull();
    expect(await getRideRoute(db, ride.id)).toBeNull();
    expect((await listKeys(storage, ride.id)).sort()).toEqual([route.originalKey, ...route.dayKeys].sort());
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 40,
      rideId: ride.id,
      failed: 1 + route.dayKeys.length,
      msg: "a deleted ride's route files could not all be deleted",
    });
  });
}

describeEachEngine("ride routes, disk storage", (getDb) => {
  let dir: string;
  let storage: ObjectStorage;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "roadbook-routes-"));
    storage = createDiskStorage(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  routeSuite(() => ({ db: getDb(), storage }));
});

describe("ride routes, S3 storage [sqlite]", () => {
  routeSuite(useSqliteWithS3());
});

describeEachEngine("content export and import carry routes", (getDb, engine) => {
  let dir: string;
  let storage: ObjectStorage;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "roadbook-routes-"));
    storage = createDiskStorage(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("a route exported with its ride comes back whole in another database; a route of no ride is refused", async () => {
    const db = getDb();
    const ride = await createRide(db, threeDayRideInput());
    await saveRideRoute({ db, storage }, ride.id, { data: threeTracks, fileName: "a.gpx" });
    await setMeetingPoint(db, ride.id, { name: "Hebbal", address: "Bengaluru", latitude: "13.04", longitude: "77.59" });
    const route = await getRideRoute(db, ride.id);
    const file = JSON.parse(JSON.stringify(await exportContent(db)));
    expect(file.routes).toHaveLength(1);

    const other = await openTestDatabase(engine);
    try {
      await expect(
        importContent(other.db, { ...file, routes: [{ ...file.routes[0], rideId: "no-such-ride" }] }),
      ).rejects.toMatchObject({ errors: { "routes[0].rideId": "Must be the id of a ride in the file" } });
      expect(await other.db.selectFrom("rides").select("id").execute()).toEqual([]);
      await importContent(other.db, file);
      expect(await getRideRoute(other.db, ride.id)).toEqual(route);
      expect(await text((await originalGpx(storage, route!))!.body)).toBe(new TextDecoder().decode(threeTracks));
    } finally {
      await other.close();
    }
  });
});
