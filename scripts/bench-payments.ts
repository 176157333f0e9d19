/**
 * `npm run bench:payments`: Razorpay's webhooks for a burst of online payments (decision 060), on
 * two server instances sharing one PostgreSQL, against the Razorpay stand-in (never the network).
 *
 *   1. builds the production bundle into BUILD_DIR (default build-bench-payments) if it is not there
 *   2. starts the stand-in and two production servers on a new database in BENCH_DATABASE_URL's
 *      server (default the test PostgreSQL), with Razorpay's keys pointing at the stand-in
 *   3. ROUNDS times (default 3): BOOKINGS (default 1,000) confirmed bookings over RIDES rides
 *      (default 50: payments come for many rides at once, each applied under its own ride's lock),
 *      each given its payment link (made here, through the same code as "Pay online") and paid on
 *      the stand-in with its webhooks held; then every payment's signed `payment_link.partially_paid`
 *      event is posted at once, alternating between the instances, as Razorpay's bytes, signature
 *      and event id. Each instance verifies, fetches the payment and the link from the stand-in and
 *      records it. Then the ledger is read back: exactly one confirmed online payment per booking;
 *      every event posted again (Razorpay's retries) must change nothing
 *   4. the reference, in the same round: as many plain requests at once (GET /readyz: the HTTP
 *      shell and one database round trip) spread over the same instances
 *   5. prints the median round: webhooks/s as a ratio to the reference's rate, p50 and p99
 *
 * A shared machine's absolute numbers measure the neighbours: the ratio is the figure to compare.
 * Servers, the stand-in and the database are always removed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../app/server/db/database.server.ts";
import type { Database } from "../app/server/db/schema.server.ts";
import { razorpayMethod } from "../app/server/payments/methods.server.ts";
import { register } from "../app/server/registrations/register.server.ts";
import { createRide } from "../app/server/rides/rides.server.ts";
import { rideInput } from "../tests/support/fixtures.ts";
import { startRazorpayStandIn, type WebhookDelivery } from "../tests/support/razorpay-standin.ts";
import { riderForm } from "../tests/support/registration-fixtures.ts";
import { ensureBuild, startProductionServer, type ProductionServer } from "./bench/processes.ts";
import { freshPostgresDatabase } from "./bench/postgres.ts";

const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench-payments";
const BOOKINGS = Number(process.env.BOOKINGS) || 1000;
const RIDES = Number(process.env.RIDES) || 50;
const ROUNDS = Number(process.env.ROUNDS) || 3;
const DATABASE_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const INSTANCES = 2;
const BOOKING_PAISE = 1_000_000;
/** How many bookings and links are set up at once (the setup is not measured). */
const SETUP_CONCURRENCY = 25;
const WEBHOOK_SECRET = "bench-webhook-secret";

/** `failed`: answered otherwise (a 503 asks Razorpay to retry), counted by status ("0": no answer). */
type Figures = { perSecond: number; p50: number; p99: number; failed: number; statuses: Record<string, number> };
type Round = { webhooks: Figures; reference: Figures; recorded: number; afterRetries: number };

const cleanups: (() => Promise<unknown> | unknown)[] = [];

function percentile(sorted: number[], fraction: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]! : Number.NaN;
}

/** `count` requests at once, the nth to instance n mod INSTANCES; their rate and latencies. */
async function burst(count: number, request: (n: number) => Promise<Response>, ok: number): Promise<Figures> {
  const latencies: number[] = [];
  let failed = 0;
  const statuses: Record<string, number> = {};
  const began = performance.now();
  await Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const started = performance.now();
      const response = await request(n).catch(() => null);
      await response?.arrayBuffer();
      if (response?.status === ok) latencies.push(performance.now() - started);
      else {
        failed += 1;
        const status = String(response?.status ?? 0);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  const elapsed = performance.now() - began;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / (elapsed / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    failed,
    statuses,
  };
}

/** Runs `work` over `items`, `limit` at a time. */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let at = 0; at < items.length; at += limit) {
    results.push(...(await Promise.all(items.slice(at, at + limit).map((item, i) => work(item, at + i)))));
  }
  return results;
}

let nextRider = 0;

/** BOOKINGS confirmed bookings over RIDES rides, each paid its booking amount on the stand-in, webhooks held. */
async function paidBookings(
  db: Database,
  standIn: Awaited<ReturnType<typeof startRazorpayStandIn>>,
  round: string,
): Promise<{ rideIds: string[]; deliveries: WebhookDelivery[] }> {
  const method = razorpayMethod({
    keyId: standIn.keyId,
    keySecret: standIn.keySecret,
    webhookSecrets: [WEBHOOK_SECRET],
    apiUrl: standIn.apiUrl,
  });
  const perRide = Math.ceil(BOOKINGS / RIDES);
  const rides = await inBatches(Array.from({ length: RIDES }), SETUP_CONCURRENCY, (_, n) =>
    createRide(
      db,
      rideInput({
        title: `Bench ${round} ride ${n}`,
        startDate: "2099-06-10",
        endDate: "2099-06-18",
        lastBookingDate: "",
        registration: { mode: "site", seats: perRide + 1 },
      }),
    ),
  );
  const now = new Date();
  return {
    rideIds: rides.map((ride) => ride.id),
    deliveries: await inBatches(Array.from({ length: BOOKINGS }), SETUP_CONCURRENCY, async (_, n) => {
      const rider = nextRider++;
      const result = await register(
        db,
        rides[n % RIDES]!.id,
        riderForm(rider, { mobile: `+91 9${String(rider).padStart(9, "0")}` }),
        {
          clientIp: `10.${(rider >> 16) & 255}.${(rider >> 8) & 255}.${rider & 255}`,
          origin: "http://127.0.0.1",
          now,
        },
      );
      if (!result.ok) throw new Error(`a bench booking was refused: ${JSON.stringify(result)}`);
      const checkout = await method.start(db, result.registration, "http://127.0.0.1/booking/bench", now);
      const { deliveries } = await standIn.pay(new URL(checkout).pathname.split("/").at(-1)!, BOOKING_PAISE);
      // The link's event, which names the link: one signed webhook per payment.
      return deliveries.find((delivery) => delivery.event.startsWith("payment_link."))!;
    }),
  };
}

/** Confirmed online payments on these rides' ledgers, and how many distinct Razorpay payments they are. */
async function onlineRows(db: Database, rideIds: string[]): Promise<{ rows: number; payments: number }> {
  const rows = await db
    .selectFrom("booking_entries")
    .select("reference")
    .where("ride_id", "in", rideIds)
    .where("kind", "=", "payment")
    .where("method", "=", "online")
    .where("state", "=", "confirmed")
    .execute();
  return { rows: rows.length, payments: new Set(rows.map((row) => row.reference)).size };
}

function post(baseUrls: string[], delivery: WebhookDelivery, n: number): Promise<Response> {
  return fetch(`${baseUrls[n % baseUrls.length]}/payments/razorpay/webhook`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-razorpay-signature": delivery.signature,
      "x-razorpay-event-id": delivery.eventId,
    },
    body: delivery.body,
  });
}

async function round(
  db: Database,
  standIn: Awaited<ReturnType<typeof startRazorpayStandIn>>,
  servers: ProductionServer[],
  name: string,
): Promise<Round> {
  const baseUrls = servers.map((server) => server.baseUrl);
  const { rideIds, deliveries } = await paidBookings(db, standIn, name);
  const webhooks = await burst(deliveries.length, (n) => post(baseUrls, deliveries[n]!, n), 200);
  const recorded = await onlineRows(db, rideIds);
  // Razorpay's retries of every one, on the other instance: nothing more may be recorded.
  await burst(deliveries.length, (n) => post(baseUrls, deliveries[n]!, n + 1), 200);
  const afterRetries = await onlineRows(db, rideIds);
  const reference = await burst(deliveries.length, (n) => fetch(`${baseUrls[n % baseUrls.length]}/readyz`), 200);
  const exact = (counted: { rows: number; payments: number }) =>
    counted.rows === BOOKINGS && counted.payments === BOOKINGS;
  if (!exact(recorded) || !exact(afterRetries)) {
    console.log(
      `${name}: ${recorded.rows} rows recorded (${afterRetries.rows} after the retries) for ${BOOKINGS} payments`,
    );
    process.exitCode = 1;
  }
  return { webhooks, reference, recorded: recorded.rows, afterRetries: afterRetries.rows };
}

const format = (value: number, digits = 1) => value.toFixed(digits);

async function main(): Promise<void> {
  await ensureBuild(BUILD_DIR, { rebuild: process.env.REBUILD === "1" });
  const database = await freshPostgresDatabase(DATABASE_URL, "roadbook_bench_payments", cleanups);
  if (typeof database === "string") {
    console.log(database);
    process.exitCode = 1;
    return;
  }
  const standIn = await startRazorpayStandIn({ webhookSecret: WEBHOOK_SECRET, holdWebhooks: true });
  cleanups.push(() => standIn.close());
  const dataDir = mkdtempSync(path.join(tmpdir(), "roadbook-bench-payments-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = {
    DATABASE_URL: database.url,
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
    RAZORPAY_KEY_ID: standIn.keyId,
    RAZORPAY_KEY_SECRET: standIn.keySecret,
    RAZORPAY_WEBHOOK_SECRETS: WEBHOOK_SECRET,
    RAZORPAY_API_URL: standIn.apiUrl,
  };
  const servers: ProductionServer[] = [];
  for (let instance = 0; instance < INSTANCES; instance++)
    servers.push(await startProductionServer(BUILD_DIR, dataDir, env));
  const { db } = openDatabase({ databaseUrl: database.url });
  cleanups.push(() => db.destroy());
  cleanups.push(() => Promise.all(servers.map((server) => server.stop())));

  // A first, smaller round warms the servers (bundle, pools, query plans): not counted.
  const rounds: Round[] = [];
  await round(db, standIn, servers, "warm-up");
  for (let n = 0; n < ROUNDS; n++) rounds.push(await round(db, standIn, servers, `round ${n}`));
  const median = [...rounds].sort((a, b) => a.webhooks.perSecond - b.webhooks.perSecond)[
    Math.floor(rounds.length / 2)
  ]!;

  console.log(
    `\n${BOOKINGS} payments' webhooks at once over ${RIDES} rides, ${INSTANCES} instances on one PostgreSQL, median of ${ROUNDS} rounds\n`,
  );
  console.log("what".padEnd(28), "per s".padStart(9), "p50 ms".padStart(9), "p99 ms".padStart(9), "failed".padStart(7));
  for (const [what, figures] of [
    ["webhooks (verify+fetch+record)", median.webhooks],
    ["plain requests (GET /readyz)", median.reference],
  ] as const) {
    console.log(
      what.padEnd(28),
      format(figures.perSecond, 0).padStart(9),
      format(figures.p50).padStart(9),
      format(figures.p99).padStart(9),
      String(figures.failed).padStart(7),
    );
  }
  console.log(
    `\n${median.recorded} payments recorded for ${BOOKINGS} (${median.afterRetries} after every event was posted again); ` +
      `webhooks at ${format(median.webhooks.perSecond / median.reference.perSecond, 2)}× the plain requests' rate; ` +
      `p99/p50 ${format(median.webhooks.p99 / median.webhooks.p50, 2)}`,
  );
  if (median.webhooks.failed > 0) {
    console.log(
      `${median.webhooks.failed} webhooks were answered otherwise at first (${JSON.stringify(median.webhooks.statuses)}), recorded by their retry; the figures count the answered ones.`,
    );
  }
}

try {
  await main();
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
