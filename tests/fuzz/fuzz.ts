/**
 * `npm run fuzz`: generated bad requests against every route and action of a running
 * production build (decision 018 and its note). 127.0.0.1 only.
 *
 *   1. builds the production bundle into BUILD_DIR (default build-fuzz; --skip-build reuses it)
 *   2. prepares a new SQLite database with the demo content, the team (an owner, editors, ride
 *      captains, pending invitations), rides taking registrations with their riders, a draft,
 *      riders' accounts (signed in, with bookings offered to a friend, credit, saved details, a
 *      public passport, passkeys, sign-in links);
 *      starts a mail server that refuses some recipients, and the production server on a free
 *      127.0.0.1 port behind a trusted proxy (TRUST_PROXY), its log kept
 *   3. probes each defect class of docs/security.md#hardening the same way every run (probes-*.ts): the render
 *      cache and a client's request id, booking pages and their notices, oversized
 *      registrations, GPX with impossible points, far-future publications, preview links spelt
 *      otherwise, bodies the Riders and captains actions cannot read, Set participants by a
 *      captain, a late last booking date, old invitation links, second factors changed without
 *      a second factor, the authenticator code guessing curve, unthrottled endpoints; riders'
 *      pages never for a shared cache, a public passport without an address or phone, sign-in
 *      and transfer links spelt otherwise, credit amounts no one should type, a captain on money;
 *      the ride-day sync (probes-ride-day.ts): changes timed in 1970 and the far future, a rider
 *      not on the ride, a change sent again, a lapsed session
 *   4. sends --count requests (default 2000; --short: 600), or as many as --time seconds allow
 *      (default 240; --short: 60), generated from --seed (printed, to send them again): hostile
 *      JSON to every admin action, any method on any route, uploads, malformed requests, and
 *      (half of them) the registration form, booking pages, Riders, captains, GPX, publishing,
 *      the team, invitations, sign-in, two factors and passkeys (surfaces.ts), and the riders'
 *      accounts: /me, sign-in links, saved details, their data, the passport, seat transfers,
 *      registering signed in, the riders directory and credit (surfaces-riders.ts); each on its own
 *      connection, followed there by a second request, a write followed by its checks
 *   5. then reads what was stored as every reader does: every public page and ride page (none
 *      showing a ride not yet public), the calendar files, the sitemap, the admin pages, the
 *      export, an import of that export; and reads the server's log for secrets and addresses
 *
 * A finding is any 5xx, a reset or hung connection, a stack trace or SQL error in a body, a
 * page or export that cannot read what was stored, a Content-Security-Policy that is not one
 * policy free of `sandbox`, a refusal (or a body the route cannot read) that changed data, and
 * what each probe and surface check looks for. Prints the figures (inputs, follow-up checks,
 * answers by status class) and each kind of finding once with the request that shows it;
 * exits 1 on any.
 */
import fc from "fast-check";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { dataPaths } from "~/server/env.server";
import type { Database } from "~/server/db/schema.server";
import { seedDemoContent } from "~/server/seed/demo-content.server";
import { createDiskStorage } from "~/server/storage/disk-storage.server";
import { exportContent, importContent } from "~/server/content/content-transfer.server";
import routes from "../../app/routes.ts";
import { startLocalSmtp } from "../support/smtp.ts";
import { ensureBuild, startProductionServer } from "../../scripts/bench/processes.ts";
import { Client } from "./client.ts";
import { Findings } from "./findings.ts";
import { adminProbes, codeGuessingCurve } from "./probes-admin.ts";
import { publicProbes, publicTraces } from "./probes-public.ts";
import { riderProbes } from "./probes-riders.ts";
import { photoProbes } from "./probes-photos.ts";
import { rideDayProbes } from "./probes-ride-day.ts";
import { riderLinkProbes } from "./probes-rider-link.ts";
import { fuzzRequests, type Target } from "./requests.ts";
import { scanServerLog } from "./server-log.ts";
import { isToCome, surfaceRequests, type Surfaces } from "./surfaces.ts";
import { riderSurfaceRequests } from "./surfaces-riders.ts";
import { prepareWorld, sessionSecret, type World } from "./world.ts";

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const SHORT = process.argv.includes("--short");
const COUNT = Number(argument("count") ?? (SHORT ? 600 : 2000));
const SECONDS = Number(argument("time") ?? (SHORT ? 60 : 240));
const SEED = Number(argument("seed") ?? Date.now() % 2 ** 31);
const BUILD_DIR = process.env.BUILD_DIR ?? "build-fuzz";

const findings = new Findings();
const cleanups: (() => void | Promise<void>)[] = [];

/** Every route path of app/routes.ts, with a real ride id for :rideId and a made-up rest for `*`. */
function routePaths(rideId: string): string[] {
  type Entry = { path?: string; children?: Entry[] };
  const paths: string[] = [];
  const walk = (entries: Entry[], prefix: string) => {
    for (const entry of entries) {
      const joined = entry.path === undefined ? prefix : `${prefix}/${entry.path}`.replace(/\/+/g, "/");
      if (entry.path !== undefined || !entry.children) paths.push(joined || "/");
      if (entry.children) walk(entry.children, joined);
    }
  };
  walk(routes as Entry[], "");
  return [...new Set(paths)].map((p) => p.replace(":rideId", rideId).replace("*", "no-such-page") || "/");
}

async function prepare(dataDir: string): Promise<World> {
  const { sqlitePath, uploadsDir } = dataPaths(dataDir);
  const { db } = openDatabase({ sqlitePath });
  await migrateToLatest(db);
  await seedDemoContent({ db, storage: createDiskStorage(uploadsDir) });
  return prepareWorld(db, SEED);
}

/** Every reader of the stored content: pages, files, the admin, the export and an import of it. */
async function readEverything(client: Client, surfaces: Surfaces, db: Database, cookie: string): Promise<void> {
  const { baseUrl } = surfaces;
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const rides = [...sitemap.matchAll(/<loc>[^<]*(\/ride\/[^<]+)<\/loc>/g)].map((match) => match[1]!);
  const stored = await db.selectFrom("rides").select(["id", "published_at", "status"]).execute();
  const pages = ["/", "/upcoming", "/previous", "/about", "/contact", "/sitemap.xml", "/robots.txt"];
  for (const { id } of stored) pages.push(`/ride/${id}`, `/ride/${id}/calendar.ics`);
  for (const admin of [
    "/admin",
    "/admin/rides",
    "/admin/hero",
    "/admin/featured",
    "/admin/contact",
    "/admin/stats",
    "/admin/team",
    "/admin/account",
  ]) {
    pages.push(admin);
  }
  for (const page of [...new Set([...pages, ...rides])]) {
    const response = await fetch(`${baseUrl}${page}`, { headers: page.startsWith("/admin") ? { cookie } : {} });
    const body = await response.text();
    const asSent = { head: `GET ${page}`, body: "" };
    client.judge(`GET ${page}`, response.status, body, asSent);
    const policy = response.headers.get("content-security-policy") ?? "";
    client.verdict(
      /sandbox|,/.test(policy) ? `the Content-Security-Policy of ${page} is split or sandboxed` : null,
      asSent,
    );
  }
  // A ride not public yet (a draft, a publication to come, compared as instants) shows nowhere.
  for (const ride of stored) {
    if (ride.status === "cancelled" || !isToCome(ride.published_at, Date.now() + 60_000)) continue;
    const shown = await publicTraces(surfaces, ride.id);
    const kind =
      shown.length > 0
        ? `a ride not yet public (published_at ${ride.published_at}) shows on ${shown.join(", ")}`
        : null;
    client.verdict(kind, { head: `GET /ride/${ride.id}`, body: "" });
  }
  const exported = await exportContent(db);
  client.verdict(exported.stats === null ? "the export's statistics are unreadable (null)" : null, {
    head: "export",
    body: "",
  });
  const copy = mkdtempSync(path.join(tmpdir(), "roadbook-fuzz-import-"));
  cleanups.push(() => rmSync(copy, { recursive: true, force: true }));
  const target = openDatabase({ sqlitePath: dataPaths(copy).sqlitePath }).db;
  await migrateToLatest(target);
  await importContent(target, JSON.parse(JSON.stringify(exported)), { replace: true }).catch((error: unknown) => {
    findings.add("the export does not import", error instanceof Error ? error.message : String(error));
  });
  await target.destroy();
  console.log(
    `Read back: ${pages.length} pages and files, the export (${exported.rides.length} rides) and its import.`,
  );
}

async function main(): Promise<void> {
  const started = Date.now();
  // Built afresh unless asked not to: a build older than the code would fuzz the past.
  await ensureBuild(BUILD_DIR, { rebuild: !process.argv.includes("--skip-build") });
  const dataDir = mkdtempSync(path.join(tmpdir(), "roadbook-fuzz-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const world = await prepare(dataDir);
  cleanups.push(() => world.db.destroy());
  // Addresses starting `reject-` are refused as unknown users, quoting them, as real servers do.
  const smtp = await startLocalSmtp({ rejects: (address) => address.startsWith("reject-") });
  cleanups.push(() => smtp.close());
  const secret = sessionSecret();
  // The database is prepared above: the server seeds nothing. Behind a trusted proxy (the
  // deployment docs/deploy.md recommends), logging at info level as in production.
  const server = await startProductionServer(
    BUILD_DIR,
    dataDir,
    { SEED_DEMO: "false", LOG_LEVEL: "info", TRUST_PROXY: "loopback", SMTP_URL: smtp.url, SESSION_SECRET: secret },
    { keepOutput: true },
  );
  cleanups.push(() => server.stop());
  const { baseUrl } = server;
  const url = new URL(baseUrl);
  const client = new Client({ port: Number(url.port), host: url.host, origin: baseUrl, findings });
  const rideIds = (await world.db.selectFrom("rides").select("id").execute()).map((ride) => ride.id);
  const surfaces: Surfaces = { client, world, baseUrl, rideIds };
  console.log(`Fuzzing ${baseUrl}: seed ${SEED} (npm run fuzz -- --seed=${SEED} sends the same requests)`);

  const probing = Date.now();
  // First: its second half waits out the throttle's first delay, which the rest fills.
  const finishGuessing = await codeGuessingCurve(surfaces);
  await publicProbes(surfaces, { full: !SHORT, secret });
  await adminProbes(surfaces);
  await riderProbes(surfaces);
  await rideDayProbes(surfaces);
  await photoProbes(surfaces);
  await riderLinkProbes(surfaces, { secret });
  const probed = { inputs: client.inputs, checks: client.checks, seconds: (Date.now() - probing) / 1000 };
  console.log(`Probes: ${probed.inputs} requests and ${probed.checks} checks in ${probed.seconds.toFixed(1)} s.`);

  const target: Target = {
    paths: routePaths(rideIds[0]!),
    cookie: world.owner.cookie,
    origin: baseUrl,
    host: url.host,
    rideIds,
  };
  const surfaceArbitrary = fc.oneof(
    { arbitrary: surfaceRequests(surfaces, !SHORT), weight: 3 },
    { arbitrary: riderSurfaceRequests(surfaces), weight: 2 },
  );
  const requests = fuzzRequests(target, COUNT, SEED, !SHORT, surfaceArbitrary);
  const sending = Date.now();
  let sent = 0;
  for (const fuzzRequest of requests) {
    if (Date.now() - sending > SECONDS * 1000) break;
    await client.send(fuzzRequest);
    sent += 1;
  }
  await finishGuessing();
  console.log(
    `Generated: ${sent} requests in ${((Date.now() - sending) / 1000).toFixed(1)} s, each followed by a second one on its connection.`,
  );
  await readEverything(client, surfaces, world.db, world.owner.cookie);
  await server.stop();
  const looked = scanServerLog(server.output(), world, findings);
  console.log(`Log: ${looked} secrets and addresses looked for in ${server.output().split("\n").length} lines.`);

  console.log(
    `\nFigures: ${client.inputs} inputs, ${client.checks} follow-up checks, ${((Date.now() - started) / 1000).toFixed(0)} s in all.`,
  );
  console.log("Answers by status class:");
  for (const [statusClass, count] of [...client.statusClasses].sort()) console.log(`  ${statusClass}  ${count}`);
  console.log(`  connection resets  ${client.resets}`);
  if (findings.kinds > 0) {
    console.log(`\n✖ ${findings.kinds} kinds of finding, ${findings.occurrences} in all (seed ${SEED}):`);
    findings.print();
    process.exitCode = 1;
  } else {
    console.log("\n✔ No 5xx, no reset, no leak, no finding; everything stored reads back.");
  }
}

try {
  await main();
} catch (error) {
  console.error(`✖ ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
}
