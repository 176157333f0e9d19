/**
 * A ride's route end to end, for a large file.
 *
 *   npm run bench:routes [-- --runs 3]
 *
 * Generates a 10-day GPX of 50,000 winding track points with elevations (about 3 MB), then
 * times what the site does with it: the upload (checks, the XML read by xmldom + togeojson in
 * a worker thread, measuring, simplifying, storing the original, the day files and the row;
 * disk storage and SQLite in a temporary directory), re-cutting the days at nine overnight
 * stops, drawing the sketch and profile the ride page shows, and one day's GPX download.
 * Also: the longest stall of the main thread's event loop during the upload (what a visitor
 * could wait), the main heap kept after it, and the process's peak resident memory (worker
 * included).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ElevationProfile } from "~/components/ride-route/elevation-profile";
import { RouteSketch } from "~/components/ride-route/route-sketch";
import { openDatabase } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { assignRouteDays, dayGpx, getRideRoute, saveRideRoute } from "~/server/ride-routes/ride-routes.server";
import { createRide } from "~/server/rides/rides.server";
import { createDiskStorage } from "~/server/storage/disk-storage.server";
import { rideInput } from "../tests/support/fixtures";
import { buildGpx, seeded, windingTrack } from "../tests/support/gpx";
import { benchRuns } from "./bench/runs.ts";

const DAYS = 10;
const POINTS_PER_DAY = 5000;

async function time<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

const ms = (value: number) => `${Math.round(value)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const runs = benchRuns();

  const days = Array.from({ length: DAYS }, (_, index) =>
    windingTrack({ lat: 12 + index * 0.4, lon: 76 + index * 0.2 }, POINTS_PER_DAY, seeded(100 + index), 0.003),
  );
  const tracks = new TextEncoder().encode(buildGpx({ days }));
  const single = new TextEncoder().encode(buildGpx({ days: [days.flat()] }));
  console.log(`GPX: ${DAYS * POINTS_PER_DAY} points, ${mb(tracks.byteLength)} as ${DAYS} tracks`);

  const dir = mkdtempSync(path.join(tmpdir(), "roadbook-bench-routes-"));
  const { db } = openDatabase({ sqlitePath: path.join(dir, "bench.sqlite") });
  try {
    await migrateToLatest(db);
    const storage = createDiskStorage(path.join(dir, "uploads"));
    const ride = await createRide(
      db,
      rideInput({ title: "Bench ride", startDate: "2027-01-01", endDate: "2027-01-10" }),
    );
    for (let run = 1; run <= runs; run += 1) {
      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      // How long visitors' requests could wait: the longest stall of this thread's event loop.
      const stalls = monitorEventLoopDelay({ resolution: 10 });
      stalls.enable();
      const [route, uploadMs] = await time(() =>
        saveRideRoute({ db, storage }, ride.id, { data: tracks, fileName: "bench.gpx" }),
      );
      stalls.disable();
      global.gc?.();
      const heapAfter = process.memoryUsage().heapUsed;
      await saveRideRoute({ db, storage }, ride.id, { data: single, fileName: "bench-single.gpx" });
      const stops = route.summary.days.slice(0, -1).map((day, index) => ({
        km: route.summary.days.slice(0, index + 1).reduce((sum, each) => sum + each.distance, 0) / 1000,
      }));
      const [, splitMs] = await time(() => assignRouteDays({ db, storage }, ride.id, { by: "stops", stops }));
      const stored = (await getRideRoute(db, ride.id))!;
      const [markup, drawMs] = await time(async () =>
        renderToStaticMarkup(
          createElement(
            Fragment,
            null,
            createElement(RouteSketch, { summary: stored.summary, title: "Bench ride" }),
            createElement(ElevationProfile, { summary: stored.summary }),
          ),
        ),
      );
      const [, dayMs] = await time(async () => text((await dayGpx(storage, stored, 5))!.body));
      console.log(
        `run ${run}: upload ${ms(uploadMs)} (longest event-loop stall ${ms(stalls.max / 1e6)}, ` +
          `main heap +${mb(heapAfter - heapBefore)} kept), days at 9 stops ${ms(splitMs)}, ` +
          `sketch + profile ${ms(drawMs)} (${(gzipSync(markup).byteLength / 1024).toFixed(1)} KB gzip, ` +
          `${stored.summary.drawing.flat(2).length} points drawn), day 5 GPX ${ms(dayMs)}; ` +
          `peak resident memory so far ${mb(process.resourceUsage().maxRSS * 1024)}`,
      );
    }
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
