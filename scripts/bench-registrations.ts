/**
 * `npm run bench:registrations`: how fast the production server takes registrations, on SQLite
 * and on PostgreSQL, beside a cached page measured in the same run.
 *
 *   1. builds the production bundle into BUILD_DIR (default build-bench) if it is not there
 *   2. per engine, starts the production server on a free port (a new SQLite DATA_DIR, or a new
 *      database in BENCH_DATABASE_URL's server, default the test PostgreSQL; skipped with a
 *      note when PostgreSQL does not answer) and adds one ride taking registrations here
 *   3. 50 riders at once (RIDERS), each posting the registration form again as soon as it is
 *      answered, for BENCH_SECONDS (default 10) after a 3 s warm-up on another ride: each post
 *      a new rider (own mobile number, own address behind the trusted proxy, so the per-network
 *      limit is not what is measured), all for the same ride, so every registration waits for
 *      the ride's lock as a popular ride's opening does. The ride has 10,000 seats and a
 *      waitlist: every post is a full registration
 *   4. loads the same ride's page, served from the render cache, with autocannon at 50
 *      connections for as long
 *   5. prints registrations/s, p50 and p99, the page's, and their ratios
 *
 * Figures only (a shared machine's absolute numbers measure the neighbours; the ratio to the
 * cached page is the comparable one): no goal is judged. Servers and databases are always
 * removed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../app/server/db/database.server.ts";
import type { Database } from "../app/server/db/schema.server.ts";
import { dataPaths } from "../app/server/env.server.ts";
import { siteRide } from "../tests/support/fixtures.ts";
import { riderForm } from "../tests/support/registration-fixtures.ts";
import { ensureBuild, startProductionServer, type ProductionServer } from "./bench/processes.ts";
import pg from "pg";

const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const RIDERS = Number(process.env.RIDERS) || 50;
const WARM_UP_SECONDS = 3;
const DATABASE_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const SEATS = 10_000;

type Figures = { perSecond: number; p50: number; p99: number; failed: number };
type Row = { engine: string; registrations: Figures; page: Figures };

const cleanups: (() => Promise<void> | void)[] = [];

function percentile(sorted: number[], fraction: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]! : Number.NaN;
}

let nextRider = 0;

/** RIDERS loops posting registrations for `seconds`: each post a new rider from a new address. */
async function registrations(baseUrl: string, rideId: string, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  const rider = async () => {
    while (performance.now() < end) {
      const n = nextRider++;
      const body = new URLSearchParams(
        Object.entries(riderForm(n, { mobile: `+91 9${String(n).padStart(9, "0")}` })).map(([k, v]) => [k, String(v)]),
      );
      const started = performance.now();
      const response = await fetch(`${baseUrl}/ride/${rideId}/register`, {
        method: "POST",
        body,
        redirect: "manual",
        headers: { "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
      }).catch(() => null);
      await response?.arrayBuffer();
      if (response?.status === 303) latencies.push(performance.now() - started);
      else failed += 1;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: RIDERS }, rider));
  const elapsed = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    failed,
  };
}

async function cachedPage(url: string, seconds: number): Promise<Figures> {
  const result = await autocannon({ url, connections: RIDERS, duration: seconds });
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

async function measure(engine: string, server: ProductionServer, db: Database): Promise<Row> {
  const warmUp = (await siteRide(db, { seats: SEATS, waitlist: true }, { title: "Bench warm-up ride" })).id;
  const rideId = (await siteRide(db, { seats: SEATS, waitlist: true }, { title: "Bench ride" })).id;
  await registrations(server.baseUrl, warmUp, WARM_UP_SECONDS);
  const registered = await registrations(server.baseUrl, rideId, SECONDS);
  const pageUrl = `${server.baseUrl}/ride/${rideId}`;
  await cachedPage(pageUrl, WARM_UP_SECONDS);
  const page = await cachedPage(pageUrl, SECONDS);
  return { engine, registrations: registered, page };
}

const SERVER_ENV = { TRUST_PROXY: "loopback", LOG_LEVEL: "info", SEED_DEMO: "true" };

async function onSqlite(): Promise<Row> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "roadbook-bench-registrations-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startProductionServer(BUILD_DIR, dataDir, SERVER_ENV);
  cleanups.push(() => server.stop());
  const { db } = openDatabase({ sqlitePath: dataPaths(dataDir).sqlitePath });
  cleanups.push(() => db.destroy());
  return measure("SQLite", server, db);
}

async function onPostgres(): Promise<Row | string> {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL skipped: ${DATABASE_URL} does not answer (${error instanceof Error ? error.message : String(error)})`;
  }
  const name = `roadbook_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  cleanups.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "roadbook-bench-registrations-pg-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startProductionServer(BUILD_DIR, dataDir, { ...SERVER_ENV, DATABASE_URL: url.href });
  // Opened once the server has created the tables.
  const { db } = openDatabase({ databaseUrl: url.href });
  // Stopped before the pool closes and the database is dropped (cleanups run last first).
  cleanups.push(() => db.destroy());
  cleanups.push(() => server.stop());
  return measure("PostgreSQL", server, db);
}

const format = (value: number, digits = 1) => value.toFixed(digits);

async function main(): Promise<void> {
  await ensureBuild(BUILD_DIR);
  console.log(
    `\n${RIDERS} riders at once, ${SECONDS} s per run: registrations (form posts, one ride) vs. that ride's cached page\n`,
  );
  const rows: Row[] = [];
  const notes: string[] = [];
  rows.push(await onSqlite());
  const postgres = await onPostgres();
  if (typeof postgres === "string") notes.push(postgres);
  else rows.push(postgres);

  console.log(
    "engine".padEnd(12),
    "what".padEnd(24),
    "per s".padStart(9),
    "p50 ms".padStart(8),
    "p99 ms".padStart(8),
    "failed".padStart(7),
  );
  for (const { engine, registrations: registered, page } of rows) {
    for (const [what, figures] of [
      ["registrations", registered],
      ["cached ride page", page],
    ] as const) {
      console.log(
        engine.padEnd(12),
        what.padEnd(24),
        format(figures.perSecond, 0).padStart(9),
        format(figures.p50).padStart(8),
        format(figures.p99).padStart(8),
        String(figures.failed).padStart(7),
      );
    }
    console.log(
      `${"".padEnd(12)} ratio: ${format(registered.perSecond / page.perSecond, 3)}× the page's throughput, p99 ${format(registered.p99 / page.p99, 1)}× the page's\n`,
    );
  }
  for (const note of notes) console.log(note);
  if (rows.some((row) => row.registrations.failed > 0 || row.page.failed > 0)) {
    console.log("Some requests failed: the figures above count only the answered ones.");
    process.exitCode = 1;
  }
}

try {
  await main();
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
