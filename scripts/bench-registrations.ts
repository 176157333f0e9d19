/**
 * `npm run bench:registrations`: a popular ride opens: 300 riders press Register at once for its
 * last 15 seats, on SQLite (one instance) and on two instances on one PostgreSQL, beside a
 * reference measured in the same run: the engine's own rate for bare transactions of the same shape.
 *
 *   1. builds the production bundle into BUILD_DIR (default build-bench) if it is not there
 *   2. per engine, starts the production server on free ports (a new SQLite DATA_DIR; or a new
 *      database in BENCH_DATABASE_URL's server, default the test PostgreSQL, with two instances;
 *      skipped with a note when PostgreSQL does not answer). ENGINES=postgres measures one engine
 *   3. ROUNDS times (default 5): a new ride with 15 seats left and a waitlist; RIDERS (default
 *      300) riders post the registration form at once, each once, each a new rider from its own
 *      address behind the trusted proxy, alternating between the instances. Then the database is
 *      read back: exactly 15 confirmed, the rest waitlisted, none lost
 *   4. the reference, ROUNDS times: RIDERS bare transactions at once from this process on the
 *      same engine (PostgreSQL: a pool as large as one server's), each locking the ride,
 *      counting its confirmed seats, inserting one row and committing
 *   5. prints the median round of each: registrations/s, p10, p50, p90 and p99 (how the answers
 *      spread from the first rider's to the last), and the ratios
 *
 * Goals (issue 39, decision 058): p99 ≤ 2 s and p50 ≤ half of p99, the riders answered as their
 * seats are decided. The rate is reported as a ratio to the reference: a shared machine's
 * absolute numbers measure the neighbours. Servers and databases are always removed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../app/server/db/database.server.ts";
import type { Database } from "../app/server/db/schema.server.ts";
import { dataPaths } from "../app/server/env.server.ts";
import { createRide } from "../app/server/rides/rides.server.ts";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { rideInput } from "../tests/support/fixtures.ts";
import { riderForm } from "../tests/support/registration-fixtures.ts";
import { ensureBuild, startProductionServer, type ProductionServer } from "./bench/processes.ts";
import { freshPostgresDatabase } from "./bench/postgres.ts";

const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const RIDERS = Number(process.env.RIDERS) || 300;
const ROUNDS = Number(process.env.ROUNDS) || 5;
const DATABASE_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
/** The ride's seats, all but the last SEATS_LEFT taken before the riders press. */
const SEATS = 40;
const SEATS_LEFT = 15;
/** Instances of the server on the one PostgreSQL database; SQLite runs one (one file, one writer). */
const INSTANCES = 2;
/** ENGINES=postgres (or sqlite) measures one engine only. */
const ENGINES = (process.env.ENGINES ?? "sqlite,postgres").split(",");

type Figures = { perSecond: number; p10: number; p50: number; p90: number; p99: number; failed: number };
type Round = Figures & { confirmed: number; waitlisted: number; rows: number };
type Row = { engine: string; registrations: Round; reference: Figures };

const cleanups: (() => Promise<void> | void)[] = [];

function percentile(sorted: number[], fraction: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]! : Number.NaN;
}

function figures(latencies: number[], elapsedMs: number, failed: number): Figures {
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / (elapsedMs / 1000),
    p10: percentile(latencies, 0.1),
    p50: percentile(latencies, 0.5),
    p90: percentile(latencies, 0.9),
    p99: percentile(latencies, 0.99),
    failed,
  };
}

/** The round whose rate is the median of the rounds'. */
function median<T extends Figures>(rounds: T[]): T {
  return [...rounds].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(rounds.length / 2)]!;
}

/** A solo registration's row as written straight to the table, without the form's details. */
function bareRow(rideId: string, reference: string, phone: string, status: "confirmed" | "waitlisted") {
  const at = new Date().toISOString();
  return {
    id: randomUUID(),
    ride_id: rideId,
    reference,
    token_hash: null,
    reminders: 1,
    status,
    seats: 1,
    option: "solo",
    phone,
    checked_in_at: null,
    data: "{}",
    created_at: at,
    updated_at: at,
    erased_at: null,
  };
}

/** A ride taking registrations here with SEATS_LEFT seats left: the others held by confirmed riders. */
async function openingRide(db: Database, title: string): Promise<string> {
  const ride = await createRide(db, rideInput({ title, registration: { mode: "site", seats: SEATS, waitlist: true } }));
  await db
    .insertInto("registrations")
    .values(
      Array.from({ length: SEATS - SEATS_LEFT }, (_, n) =>
        bareRow(ride.id, `T${String(n).padStart(3, "0")}`, `+91 8${String(n).padStart(9, "0")}`, "confirmed"),
      ),
    )
    .execute();
  return ride.id;
}

let nextRider = 0;

/** RIDERS riders press Register at once, each once, each from its own address. */
async function opening(baseUrls: string[], db: Database, rideId: string): Promise<Round> {
  const latencies: number[] = [];
  let failed = 0;
  const rider = async () => {
    const n = nextRider++;
    const body = new URLSearchParams(
      Object.entries(riderForm(n, { mobile: `+91 9${String(n).padStart(9, "0")}` })).map(([k, v]) => [k, String(v)]),
    );
    const started = performance.now();
    // Riders alternate between the instances, as a load balancer would spread them.
    const response = await fetch(`${baseUrls[n % baseUrls.length]}/ride/${rideId}/register`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: { "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
    }).catch(() => null);
    await response?.arrayBuffer();
    if (response?.status === 303) latencies.push(performance.now() - started);
    else failed += 1;
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: RIDERS }, rider));
  const result = figures(latencies, performance.now() - began, failed);
  console.log(
    "deciles",
    [0, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 1]
      .map((f) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * f))]!))
      .join(" "),
  );
  const counts = await db
    .selectFrom("registrations")
    .select(["status", (eb) => eb.fn.countAll<string | number>().as("n")])
    .where("ride_id", "=", rideId)
    .where("reference", "not like", "T%")
    .groupBy("status")
    .execute();
  const count = (status: string) => Number(counts.find((row) => row.status === status)?.n ?? 0);
  return {
    ...result,
    confirmed: count("confirmed"),
    waitlisted: count("waitlisted"),
    rows: count("confirmed") + count("waitlisted") + count("cancelled"),
  };
}

/**
 * The engine's own rate for the shape of a registration: RIDERS transactions at once, each
 * locking the ride (FOR UPDATE on PostgreSQL; BEGIN IMMEDIATE takes SQLite's write lock),
 * counting its confirmed seats, inserting one row, committing.
 */
async function bareTransactions(db: Database, rideId: string, postgres: boolean): Promise<Figures> {
  const latencies: number[] = [];
  const one = async (n: number) => {
    const started = performance.now();
    await db.transaction().execute(async (trx) => {
      let lock = trx.selectFrom("rides").select("id").where("id", "=", rideId);
      if (postgres) lock = lock.forUpdate();
      await lock.executeTakeFirstOrThrow();
      const booked = await trx
        .selectFrom("registrations")
        .select(sql<number>`coalesce(sum(seats), 0)`.as("seats"))
        .where("ride_id", "=", rideId)
        .where("status", "=", "confirmed")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("registrations")
        .values(
          bareRow(
            rideId,
            `R${n}`,
            `+91 7${String(n).padStart(9, "0")}`,
            Number(booked.seats) < SEATS ? "confirmed" : "waitlisted",
          ),
        )
        .execute();
    });
    latencies.push(performance.now() - started);
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: RIDERS }, (_, n) => one(nextRider * 10 + n)));
  nextRider += RIDERS;
  return figures(latencies, performance.now() - began, 0);
}

async function measure(engine: string, servers: ProductionServer[], db: Database, postgres: boolean): Promise<Row> {
  const baseUrls = servers.map((server) => server.baseUrl);
  // A first opening warms the servers (their bundle, their pools, the query plans): not counted.
  await opening(baseUrls, db, await openingRide(db, "Bench warm-up ride"));
  const rounds: Round[] = [];
  const references: Figures[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push(await opening(baseUrls, db, await openingRide(db, `Bench ride ${round}`)));
    references.push(await bareTransactions(db, await openingRide(db, `Reference ride ${round}`), postgres));
  }
  const registrations = median(rounds);
  for (const round of rounds) {
    if (round.confirmed !== SEATS_LEFT || round.rows !== RIDERS - round.failed) {
      console.log(`${engine}: a round confirmed ${round.confirmed} and kept ${round.rows} of ${RIDERS} riders`);
      process.exitCode = 1;
    }
  }
  return { engine, registrations, reference: median(references) };
}

const SERVER_ENV = { TRUST_PROXY: "loopback", LOG_LEVEL: "info", SEED_DEMO: "false" };

async function onSqlite(): Promise<Row> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "roadbook-bench-registrations-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startProductionServer(BUILD_DIR, dataDir, SERVER_ENV);
  cleanups.push(() => server.stop());
  const { db } = openDatabase({ sqlitePath: dataPaths(dataDir).sqlitePath });
  cleanups.push(() => db.destroy());
  return measure("SQLite", [server], db, false);
}

async function onPostgres(): Promise<Row | string> {
  const database = await freshPostgresDatabase(DATABASE_URL, "roadbook_bench", cleanups);
  if (typeof database === "string") return database;
  const url = new URL(database.url);
  const dataDir = mkdtempSync(path.join(tmpdir(), "roadbook-bench-registrations-pg-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  // Two instances on one database, as a site scaled out runs (the first creates the tables).
  const servers: ProductionServer[] = [];
  for (let instance = 0; instance < INSTANCES; instance++) {
    servers.push(await startProductionServer(BUILD_DIR, dataDir, { ...SERVER_ENV, DATABASE_URL: url.href }));
  }
  // Opened once the servers have created the tables; a pool as large as one server's (openDatabase).
  const { db } = openDatabase({ databaseUrl: url.href });
  // Stopped before the pool closes and the database is dropped (cleanups run last first).
  cleanups.push(() => db.destroy());
  cleanups.push(() => Promise.all(servers.map((server) => server.stop())).then(() => undefined));
  return measure(`PostgreSQL ×${INSTANCES}`, servers, db, true);
}

const format = (value: number, digits = 1) => value.toFixed(digits);

async function main(): Promise<void> {
  await ensureBuild(BUILD_DIR);
  console.log(
    `\n${RIDERS} riders at once on the last ${SEATS_LEFT} seats, median of ${ROUNDS} rounds: registrations (form posts) vs. bare transactions of the same shape\n`,
  );
  const rows: Row[] = [];
  const notes: string[] = [];
  if (ENGINES.includes("sqlite")) rows.push(await onSqlite());
  if (ENGINES.includes("postgres")) {
    const postgres = await onPostgres();
    if (typeof postgres === "string") notes.push(postgres);
    else rows.push(postgres);
  }

  console.log(
    "engine".padEnd(12),
    "what".padEnd(24),
    "per s".padStart(9),
    "p10 ms".padStart(8),
    "p50 ms".padStart(8),
    "p90 ms".padStart(8),
    "p99 ms".padStart(8),
    "failed".padStart(7),
  );
  for (const { engine, registrations: registered, reference } of rows) {
    for (const [what, measured] of [
      ["registrations", registered],
      ["bare transactions", reference],
    ] as const) {
      console.log(
        engine.padEnd(12),
        what.padEnd(24),
        format(measured.perSecond, 0).padStart(9),
        format(measured.p10).padStart(8),
        format(measured.p50).padStart(8),
        format(measured.p90).padStart(8),
        format(measured.p99).padStart(8),
        String(measured.failed).padStart(7),
      );
    }
    console.log(
      `${"".padEnd(12)} ${registered.confirmed} confirmed, ${registered.waitlisted} waitlisted of ${RIDERS}; ` +
        `${format(registered.perSecond / reference.perSecond, 2)}× the reference's rate; ` +
        `p99 ${format(registered.p99 / 1000, 2)} s (goal ≤ 2), p50 ${format(registered.p50 / registered.p99, 2)}× p99 (goal ≤ 0.5)\n`,
    );
  }
  for (const note of notes) console.log(note);
  if (rows.some((row) => row.registrations.failed > 0)) {
    console.log("Some registrations failed: the figures above count only the answered ones.");
    process.exitCode = 1;
  }
}

try {
  await main();
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
