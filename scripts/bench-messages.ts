/**
 * `npm run bench:messages`: a message due to every rider at once. 10,000 riders over 200 rides
 * (RIDERS, RIDES), each ride's riders sent one broadcast, delivered by the app's own outbox
 * dispatcher and mailer to a local SMTP server, on SQLite and on PostgreSQL, beside a reference
 * measured in the same run: nodemailer's own pooled transport sending as many mails of the same
 * shape to the same server over as many connections as the app's mailer opens.
 *
 *   1. per engine, a new migrated database (a SQLite file in a temporary directory, or a new
 *      database in BENCH_DATABASE_URL's server, default the test PostgreSQL; skipped with a note
 *      when PostgreSQL does not answer); the rides and their riders written straight to the tables
 *   2. ROUNDS times (default 3): each ride's broadcast written through sendBroadcast (one
 *      command per ride, timed: the deliveries and outbox entries), by a process that delivers
 *      no mail, so every entry is due at once. Then a new process (scripts/bench/messages-deliver.ts)
 *      delivers everything due with the app's dispatcher and mailer, and reports its time and its
 *      memory high-water; the mail server must have taken exactly RIDERS more mails, and every
 *      delivery must be marked sent. Then the reference (scripts/bench/messages-reference.ts),
 *      in a process of its own too
 *   3. prints the median round of each: mails/s and the ratio, the spread of the ratios, the
 *      delivering process's RSS and heap high-water, and the time to write the deliveries
 *
 * The mail server runs in a process of its own (scripts/bench/smtp-sink.ts), so receiving costs
 * neither side. Goal: mails/s ≥ 0.8× the reference. Figures and ratios only: a shared machine's
 * absolute numbers measure the neighbours. Databases and processes are always removed.
 */
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { freshPostgresDatabase } from "./bench/postgres.ts";
import { newSecretToken } from "../app/server/auth/secret-token.server.ts";
import { openDatabase } from "../app/server/db/database.server.ts";
import { migrateToLatest } from "../app/server/db/migrate.server.ts";
import type { Database } from "../app/server/db/schema.server.ts";
import { notifyContentChanged, type ContentChange } from "../app/server/content-events.server.ts";
import { attachDispatcher } from "../app/server/commands/command.server.ts";
import { MAIL_CONNECTIONS } from "../app/server/mail/mailer.server.ts";
import { createDispatcher } from "../app/server/outbox/dispatcher.server.ts";
import { sealToken, setBookingLinkSecret } from "../app/server/registrations/link-seal.server.ts";
import { sendBroadcast } from "../app/features/rider-messages/server/broadcast.server.ts";
import { riderSubject, riderText } from "../app/features/rider-messages/domain/rider-text.ts";
import { createRide } from "../app/server/rides/rides.server.ts";
import { rideInput } from "../tests/support/fixtures.ts";
import { ROOT } from "./bench/processes.ts";

const RIDERS = Number(process.env.RIDERS) || 10_000;
const RIDES = Number(process.env.RIDES) || 200;
const ROUNDS = Number(process.env.ROUNDS) || 3;
const DATABASE_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const SECRET = "the bench's booking link secret, long enough";
const ADMIN = { id: null, email: "captain@example.com" };
const ORIGIN = "https://roadbook.example";
const BROADCAST = {
  subject: "Kit check before the ride",
  body: "Bring your riding boots, rain gear and your licence. We meet at 6:00 at the fuel station by the highway.",
  statuses: ["confirmed", "waitlisted"],
  payment: "",
  checkIn: "",
};

type Process = { delivered: number; elapsedMs: number; maxRssKb: number; heapBytes: number };
type Round = { app: Process; reference: Process; writeMs: number; ratio: number };

const cleanups: (() => Promise<void> | void)[] = [];

/** Runs a bench process to its report. */
function runChild(script: string, env: NodeJS.ProcessEnv): Promise<Process> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(ROOT, "scripts/bench", script), { env: { ...process.env, ...env } });
    let report: Process | undefined;
    child.on("message", (message) => (report = message as Process));
    child.on("error", reject);
    child.on("exit", (code) => (report ? resolve(report) : reject(new Error(`${script} exited with ${code}`))));
  });
}

/** The mail server's process: its URL, and how many mails it took so far. */
async function startSink(): Promise<{ url: string; count(): Promise<number>; child: ChildProcess }> {
  const child = fork(path.join(ROOT, "scripts/bench/smtp-sink.ts"));
  const url = await new Promise<string>((resolve) => child.once("message", (m) => resolve((m as { url: string }).url)));
  const count = () =>
    new Promise<number>((resolve) => {
      child.once("message", (m) => resolve((m as { count: number }).count));
      child.send("count");
    });
  return { url, count, child };
}

/** RIDES rides with RIDERS riders between them, written straight to the tables, each with an email and a sealed link. */
async function ridesWithRiders(db: Database): Promise<string[]> {
  const rideIds: string[] = [];
  for (let r = 0; r < RIDES; r++) {
    const ride = await createRide(
      db,
      rideInput({ title: `Bench ride ${r}`, registration: { mode: "site", seats: 100 } }),
    );
    rideIds.push(ride.id);
  }
  const at = new Date().toISOString();
  const rows = Array.from({ length: RIDERS }, (_, n) => {
    const { token, hash } = newSecretToken();
    return {
      id: randomUUID(),
      ride_id: rideIds[n % RIDES]!,
      reference: `RB-${String(n).padStart(5, "0")}`,
      token_hash: hash,
      token_sealed: sealToken(token),
      reminders: 1,
      status: "confirmed",
      seats: 1,
      option: "solo",
      phone: `+91 9${String(n).padStart(9, "0")}`,
      checked_in_at: null,
      data: JSON.stringify({
        name: `Rider ${n}`,
        email: `rider-${n}@example.com`,
        emergencyName: "Ravi Rao",
        emergencyPhone: "+91 91234 56789",
        bloodGroup: "O+",
        bikeModel: "Himalayan 450",
        pillionName: "",
        licenceNumber: "",
        agreedAt: at,
      }),
      created_at: at,
      updated_at: at,
      erased_at: null,
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto("registrations")
      .values(rows.slice(start, start + 500))
      .execute();
  }
  return rideIds;
}

async function round(db: Database, dbSetting: string, rideIds: string[], sink: Awaited<ReturnType<typeof startSink>>) {
  const written = performance.now();
  for (const rideId of rideIds) {
    const sent = await sendBroadcast(db, rideId, BROADCAST, { actor: ADMIN, origin: ORIGIN });
    if (!sent.ok) throw new Error(`a broadcast was refused: ${JSON.stringify(sent.errors)}`);
  }
  const writeMs = performance.now() - written;
  const before = await sink.count();
  const app = await runChild("messages-deliver.ts", {
    BENCH_DB: dbSetting,
    BENCH_SMTP_URL: sink.url,
    BENCH_SECRET: SECRET,
  });
  const received = (await sink.count()) - before;
  const unsent = await db
    .selectFrom("message_deliveries")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("channel", "=", "email")
    .where("status", "<>", "sent")
    .executeTakeFirstOrThrow();
  // Counted at the mail server: the process may also have delivered the rides' content events.
  app.delivered = received;
  if (received !== RIDERS || Number(unsent.n) > 0) {
    console.log(`a round's mail server took ${received} mails, ${unsent.n} copies not sent, of ${RIDERS}`);
    process.exitCode = 1;
  }
  const copy = { name: "Rider 1234", rideTitle: "Bench ride 12", subject: BROADCAST.subject, body: BROADCAST.body };
  const link = `${ORIGIN}/booking/${randomBytes(24).toString("base64url")}`;
  const reference = await runChild("messages-reference.ts", {
    BENCH_SMTP_URL: sink.url,
    BENCH_COUNT: String(RIDERS),
    BENCH_CONNECTIONS: String(MAIL_CONNECTIONS),
    BENCH_SUBJECT: riderSubject(copy),
    BENCH_TEXT: riderText({ ...copy, link }),
  });
  const rate = (p: Process) => p.delivered / (p.elapsedMs / 1000);
  return { app, reference, writeMs, ratio: rate(app) / rate(reference) };
}

async function measure(engine: string, db: Database, dbSetting: string, sink: Awaited<ReturnType<typeof startSink>>) {
  await migrateToLatest(db);
  setBookingLinkSecret(SECRET, pino({ level: "error" }));
  // This process writes the broadcasts and delivers no mail: with no claim, every entry is due at once.
  const contentOnly = { "content-changed": ({ change }: { change: ContentChange }) => notifyContentChanged(change) };
  attachDispatcher(db, createDispatcher({ db, deliveries: contentOnly, leaseMs: 0 }));
  const rideIds = await ridesWithRiders(db);
  const rounds: Round[] = [];
  for (let n = 0; n < ROUNDS; n++) {
    const done = await round(db, dbSetting, rideIds, sink);
    console.log(
      `  ${engine} round ${n + 1}: ${perSecond(done.app).toFixed(0)} vs. ${perSecond(done.reference).toFixed(0)} mails/s (${done.ratio.toFixed(2)}×)`,
    );
    rounds.push(done);
  }
  return { engine, rounds };
}

async function onSqlite(sink: Awaited<ReturnType<typeof startSink>>) {
  const dir = mkdtempSync(path.join(tmpdir(), "roadbook-bench-messages-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, "bench.sqlite");
  const { db } = openDatabase({ sqlitePath: file });
  cleanups.push(() => db.destroy());
  return measure("SQLite", db, file, sink);
}

async function onPostgres(sink: Awaited<ReturnType<typeof startSink>>) {
  const database = await freshPostgresDatabase(DATABASE_URL, "roadbook_bench_messages", cleanups);
  if (typeof database === "string") return database;
  const url = new URL(database.url);
  const { db } = openDatabase({ databaseUrl: url.href });
  cleanups.push(() => db.destroy());
  return measure("PostgreSQL", db, url.href, sink);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const perSecond = (p: Process) => p.delivered / (p.elapsedMs / 1000);

async function main(): Promise<void> {
  const sink = await startSink();
  cleanups.push(
    () => new Promise<void>((resolve) => (sink.child.once("exit", () => resolve()), sink.child.send("stop"))),
  );
  console.log(
    `\n${RIDERS} riders over ${RIDES} rides, one broadcast each, median of ${ROUNDS} rounds: the app's outbox ` +
      `and mailer vs. nodemailer's pool (${MAIL_CONNECTIONS} connections), to the same local SMTP server\n`,
  );
  const results = [await onSqlite(sink)];
  const postgres =
    process.env.BENCH_POSTGRES === "off" ? "PostgreSQL skipped (BENCH_POSTGRES=off)" : await onPostgres(sink);
  const notes: string[] = [];
  if (typeof postgres === "string") notes.push(postgres);
  else results.push(postgres);

  for (const { engine, rounds } of results) {
    const sorted = [...rounds].sort((a, b) => a.ratio - b.ratio);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(`${engine}`);
    console.log(
      `  app:       ${perSecond(median.app).toFixed(0).padStart(6)} mails/s   RSS high-water ${mb(median.app.maxRssKb * 1024)}, heap ${mb(median.app.heapBytes)}`,
    );
    console.log(
      `  reference: ${perSecond(median.reference).toFixed(0).padStart(6)} mails/s   RSS high-water ${mb(median.reference.maxRssKb * 1024)}, heap ${mb(median.reference.heapBytes)}`,
    );
    console.log(
      `  ratio ${median.ratio.toFixed(2)}× the reference (goal ≥ 0.8), rounds ${sorted.map((r) => r.ratio.toFixed(2)).join(" / ")}; ` +
        `writing the ${RIDERS} deliveries (${RIDES} commands): ${(median.writeMs / 1000).toFixed(2)} s\n`,
    );
  }
  for (const note of notes) console.log(note);
}

try {
  await main();
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
