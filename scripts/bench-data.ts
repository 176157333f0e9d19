/**
 * Data-layer timings on both engines, with 10,000 rides stored:
 *   - the upcoming page's query (one status section, in display order, parsed);
 *   - a drag-and-drop reorder of a 200-ride section;
 *   - one ride write, including the statistics recomputation in its transaction;
 *   - the first page of /previous (its query and React's render of its cards) with 100 and
 *     with 10,000 completed rides, and their ratio (goal ≤ 1.5×: the page stays light as the
 *     community's past grows).
 *
 *   npm run bench:data [-- --runs 15 --engines sqlite,postgres]
 *
 * SQLite runs in a temporary file; PostgreSQL in a throwaway schema of BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test), dropped afterwards. Prints medians.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import pg from "pg";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { RideGrid } from "../app/components/ride-grid";
import { groupByYear } from "../app/domain/ride-pages";
import { rideSummary } from "../app/domain/ride-summary";
import { rideInputSchema, type RideStatus } from "../app/domain/ride";
import { openDatabase, type Engine } from "../app/server/db/database.server";
import { migrateToLatest } from "../app/server/db/migrate.server";
import type { Database } from "../app/server/db/schema.server";
import { rideRow } from "../app/server/rides/ride-rows.server";
import { listPreviousRides, listUpcomingRides, reorderRides, updateRide } from "../app/server/rides/rides.server";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "15" }, engines: { type: "string", default: "sqlite,postgres" } },
});
const RUNS = Number(values.runs);
const ENGINES = values.engines.split(",") as Engine[];
const PG_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

const SECTIONS: [RideStatus, number][] = [
  ["upcoming", 3_300],
  ["completed", 6_500],
  ["cancelled", 200],
];
const TOTAL = SECTIONS.reduce((sum, [, count]) => sum + count, 0);
const BATCH = 500;

const template = rideInputSchema.parse({
  title: "Spiti Valley Circuit",
  startDate: "2027-09-11",
  endDate: "2027-09-18",
  image: "/images/demo/spiti.webp",
  description: "The full Kinnaur–Spiti loop: cliff roads, monasteries and Chandratal under the stars.",
  distance: "795 km",
  participants: 14,
  tripCost: "₹38,500",
  bookingCost: "₹10,000",
  highlights: ["Key monastery", "Hikkim post office", "Chandratal Lake", "Kunzum La"],
  itinerary: Array.from({ length: 8 }, (_, i) => ({
    day: i + 1,
    title: `Day ${i + 1}`,
    description: "Riding through the high valleys.",
    distance: "100 km",
    activities: ["Ride", "Photo stop"],
  })),
  included: ["Stays", "Breakfast and dinner", "Backup vehicle"],
  excluded: ["Fuel", "Lunch"],
});

type Bench = { db: Database; close(): Promise<void> };

async function openBench(engine: Engine): Promise<Bench> {
  if (engine === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "roadbook-bench-"));
    const { db } = openDatabase({ sqlitePath: path.join(dir, "bench.sqlite") });
    await migrateToLatest(db);
    return { db, close: async () => (await db.destroy(), rmSync(dir, { recursive: true, force: true })) };
  }
  const schema = `bench_${randomUUID().replaceAll("-", "")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema ${schema}`);
  const { db } = openDatabase({ databaseUrl: PG_URL, pgSchema: schema });
  await migrateToLatest(db);
  return { db, close: async () => (await db.destroy(), await admin(`drop schema ${schema} cascade`)) };
}

/** Rides in one transaction, in multi-row INSERTs built by the service's own row mapper. */
async function seed(db: Database, engine: Engine, sections = SECTIONS): Promise<void> {
  const rows = sections.flatMap(([status, count]) =>
    Array.from({ length: count }, (_, order) => {
      const createdAt = new Date(Date.UTC(2024, 0, 1) + order * 60_000).toISOString();
      return rideRow(
        { ...template, status, title: `${template.title} #${order}`, participants: order % 30 },
        { price: "", thingsToCarry: [] },
        {
          id: randomUUID(),
          // Every 50th ride has no order (a ride of the old app): the 999 rule is exercised too.
          order: order % 50 === 49 ? null : order,
          createdAt,
          updatedAt: createdAt,
          version: 1,
        },
      );
    }),
  );
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += BATCH)
      await trx
        .insertInto("rides")
        .values(rows.slice(start, start + BATCH))
        .execute();
  });
  // The planner's statistics, as PostgreSQL's autovacuum would have gathered them for a table
  // that grew to this size (straight after a bulk insert it plans a sort of every row). SQLite
  // gathers none by itself, and the site never asks it to.
  if (engine === "postgres") await sql`analyze rides`.execute(db);
}

async function medianMs(runs: number, work: (run: number) => Promise<unknown>): Promise<number> {
  await work(-1); // warm-up: statement caches, JIT
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await work(run);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const middle = Math.floor(times.length / 2);
  return times.length % 2 ? times[middle]! : (times[middle - 1]! + times[middle]!) / 2;
}

async function measure(engine: Engine): Promise<Record<string, number>> {
  const bench = await openBench(engine);
  try {
    const { db } = bench;
    const seedStart = performance.now();
    await seed(db, engine);
    const seedMs = performance.now() - seedStart;

    const upcoming = await listUpcomingRides(db);
    if (upcoming.length !== 3_300) throw new Error(`expected 3,300 upcoming rides, got ${upcoming.length}`);
    const listMs = await medianMs(RUNS, () => listUpcomingRides(db));

    const cancelled = await db
      .selectFrom("rides")
      .select("id")
      .where("status", "=", "cancelled")
      .orderBy("created_at")
      .execute();
    const ids = cancelled.map((row) => row.id);
    const reversed = [...ids].reverse();
    // Alternate between two orders so every run really moves all 200 rides.
    const reorderMs = await medianMs(RUNS, (run) => reorderRides(db, "cancelled", run % 2 === 0 ? reversed : ids));

    const target = upcoming[0]!;
    const {
      id: _id,
      order: _order,
      duration: _duration,
      createdAt: _c,
      updatedAt: _u,
      version: _v,
      price: _p,
      thingsToCarry: _t,
      ...fields
    } = target;
    const writeMs = await medianMs(RUNS, (run) => updateRide(db, target.id, { ...fields, participants: run + 2 }));

    return { seedMs, listMs, reorderMs, writeMs };
  } finally {
    await bench.close();
  }
}

/** The first page of /previous, as its loader reads it and React renders its cards, with `completed` past rides. */
async function previousPageMs(engine: Engine, completed: number): Promise<number> {
  const bench = await openBench(engine);
  try {
    await seed(bench.db, engine, [["completed", completed]]);
    return await medianMs(RUNS, async () => {
      const { rides } = await listPreviousRides(bench.db, 1);
      const years = groupByYear(rides.map(rideSummary));
      const grids = years.map(({ year, rides: ofYear }) =>
        createElement(RideGrid, { key: year, rides: ofYear, variant: "completed", headingLevel: 3 }),
      );
      return renderToString(createElement(MemoryRouter, null, grids));
    });
  } finally {
    await bench.close();
  }
}

const results = new Map<Engine, Record<string, number>>();
const started = performance.now();
for (const engine of ENGINES) {
  const figures = await measure(engine);
  const fewMs = await previousPageMs(engine, 100);
  const manyMs = await previousPageMs(engine, 10_000);
  results.set(engine, { ...figures, fewMs, manyMs, ratio: manyMs / fewMs });
}

const rows: [string, string][] = [
  [`seed ${TOTAL.toLocaleString("en-US")} rides (one transaction, once)`, "seedMs"],
  ["list upcoming (3,300 of 10,000 rides, parsed)", "listMs"],
  ["reorder 200 rides (one transaction + stats)", "reorderMs"],
  ["one ride write incl. stats recomputation", "writeMs"],
  ["first page of /previous, 100 completed rides", "fewMs"],
  ["first page of /previous, 10,000 completed rides", "manyMs"],
  ["  ratio, 10,000 : 100 (goal ≤ 1.5×)", "ratio"],
];
const width = Math.max(...rows.map(([label]) => label.length));
const cell = (value: string) => value.padStart(12);
console.log(`\nbench:data — median of ${RUNS} runs, ms (Node ${process.version})\n`);
console.log(`${"operation".padEnd(width)}${ENGINES.map(cell).join("")}`);
for (const [label, key] of rows) {
  console.log(`${label.padEnd(width)}${ENGINES.map((engine) => cell(results.get(engine)![key]!.toFixed(1))).join("")}`);
}
const PAGE_RATIO_GOAL = 1.5;
const missed = ENGINES.filter((engine) => results.get(engine)!.ratio! > PAGE_RATIO_GOAL);
console.log(
  missed.length === 0
    ? `\n✔ /previous: the first page with 10,000 completed rides within ${PAGE_RATIO_GOAL}× of 100`
    : `\n✖ /previous: the first page with 10,000 completed rides over ${PAGE_RATIO_GOAL}× of 100 on ${missed.join(", ")}`,
);
if (missed.length > 0) process.exitCode = 1;
console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s`);
