/**
 * `npm run fuzz`: generated bad requests against every route and action of a running
 * production build (issue 17). 127.0.0.1 only.
 *
 *   1. builds the production bundle into BUILD_DIR (default build-fuzz; --skip-build reuses it)
 *   2. prepares a new SQLite database with the demo content and a signed-in admin, and starts
 *      the production server on it, on a free 127.0.0.1 port
 *   3. sends --count requests (default 2000; --short: 300), or as many as --time seconds allow
 *      (default 180; --short: 60), generated from --seed (printed, to send them again): hostile
 *      JSON to every admin action, any method on any route, uploads, malformed requests; each on
 *      its own connection, followed there by a second request
 *   4. then reads what was stored as every reader does: every public page and ride page, the
 *      calendar files, the sitemap, the admin pages, the export, an import of that export
 *
 * A failure is any 5xx, a reset or hung connection, a stack trace or SQL error in a body, a
 * page or export that cannot read what was stored, or a Content-Security-Policy that is not
 * one policy free of `sandbox`. Prints the requests by status class and each failure; exits
 * 1 on any.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SESSION_COOKIE } from "~/server/auth/cookies.server";
import { createSession } from "~/server/auth/sessions.server";
import { openDatabase } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { dataPaths } from "~/server/env.server";
import type { Database } from "~/server/db/schema.server";
import { seedDemoContent } from "~/server/seed/demo-content.server";
import { createDiskStorage } from "~/server/storage/disk-storage.server";
import { exportContent, importContent } from "~/server/services/content-transfer.server";
import { createOrPromoteAdmin } from "~/server/services/users.server";
import { exchange } from "../server/raw-http.ts";
import routes from "../app/routes.ts";
import { ensureBuild, startProductionServer } from "./bench/processes.ts";
import { fuzzRequests, type Target } from "./fuzz/requests.ts";

const argument = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const SHORT = process.argv.includes("--short");
const COUNT = Number(argument("count") ?? (SHORT ? 300 : 2000));
const SECONDS = Number(argument("time") ?? (SHORT ? 60 : 180));
const SEED = Number(argument("seed") ?? Date.now() % 2 ** 31);
const BUILD_DIR = process.env.BUILD_DIR ?? "build-fuzz";

/** A stack frame, a Node internal or an SQL engine's error text: never for a visitor's eyes. */
const LEAK =
  /\n\s+at \S+ \(|node:internal|\b(?:TypeError|ReferenceError|SyntaxError): |SQLITE_|syntax error at or near|violates .* constraint/;

const failures: string[] = [];
const statusClasses = new Map<string, number>();
let resets = 0;
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

async function prepare(dataDir: string): Promise<{ db: Database; cookie: string; rideIds: string[] }> {
  const { sqlitePath, uploadsDir } = dataPaths(dataDir);
  const { db } = openDatabase({ sqlitePath });
  await migrateToLatest(db);
  await seedDemoContent({ db, storage: createDiskStorage(uploadsDir) });
  const { user } = await createOrPromoteAdmin(db, { email: "fuzz@roadbook.test", password: `fuzz-${SEED}-password` });
  const { token } = await createSession(db, user.id);
  const rides = await db.selectFrom("rides").select("id").execute();
  return { db, cookie: `${SESSION_COOKIE}=${token}`, rideIds: rides.map((ride) => ride.id) };
}

function judge(label: string, status: number, body: string): void {
  const statusClass = `${Math.floor(status / 100)}xx`;
  statusClasses.set(statusClass, (statusClasses.get(statusClass) ?? 0) + 1);
  if (status >= 500) failures.push(`${status} for ${label}`);
  if (LEAK.test(body)) failures.push(`stack trace or SQL in the answer to ${label}`);
}

/** Sends one request, then a second on the same connection unless the first closes it. */
async function send(port: number, host: string, index: number, head: string, body: Buffer, label: string) {
  const follow = `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
  const result = await exchange(port, [head, body, follow], 10_000);
  const name = `#${index} ${label}`;
  const first = /^HTTP\/1\.[01] (\d{3})/.exec(result.text);
  // An HTTP/1.0 request, or an answer that says so, ends its connection: nothing follows. The
  // admin's live updates are an event stream, open until the client leaves.
  const answerHead = `${result.text.slice(0, result.text.indexOf("\r\n\r\n"))}\r\n`;
  const saysClose = /\r\nConnection: close\r\n/i.test(answerHead);
  const closes = saysClose || / HTTP\/1\.0\r\n/.test(head) || /\r\nContent-Type: text\/event-stream/i.test(answerHead);
  // A client still sending when the server closes, as it said it would, sees an error on its
  // own writes; a reset is a connection that ends any other way.
  if (result.reset && !(first && saysClose)) {
    resets += 1;
    failures.push(`connection reset after ${name}`);
  }
  if (!first) {
    failures.push(`no answer to ${name}`);
    return;
  }
  judge(name, Number(first[1]), result.text);
  if (!closes && result.statusLines.length < 2) failures.push(`the request after ${name} got no answer`);
}

/** Every reader of the stored content: pages, files, the admin, the export and an import of it. */
async function readEverything(baseUrl: string, db: Database, cookie: string): Promise<void> {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const rides = [...sitemap.matchAll(/<loc>[^<]*(\/ride\/[^<]+)<\/loc>/g)].map((match) => match[1]!);
  const stored = await db.selectFrom("rides").select("id").execute();
  const pages = ["/", "/upcoming", "/previous", "/about", "/contact", "/sitemap.xml", "/robots.txt"];
  for (const { id } of stored) pages.push(`/ride/${id}`, `/ride/${id}/calendar.ics`);
  for (const admin of ["/admin", "/admin/rides", "/admin/hero", "/admin/featured", "/admin/contact", "/admin/stats"]) {
    pages.push(admin);
  }
  for (const page of [...new Set([...pages, ...rides])]) {
    const response = await fetch(`${baseUrl}${page}`, { headers: page.startsWith("/admin") ? { cookie } : {} });
    const body = await response.text();
    judge(`reading ${page}`, response.status, body);
    const policy = response.headers.get("content-security-policy") ?? "";
    if (/sandbox|,/.test(policy))
      failures.push(`${page}: the Content-Security-Policy is split or sandboxed: ${policy}`);
  }
  const exported = await exportContent(db);
  if (exported.stats === null) failures.push("the export's statistics are unreadable (null)");
  const copy = mkdtempSync(path.join(tmpdir(), "roadbook-fuzz-import-"));
  cleanups.push(() => rmSync(copy, { recursive: true, force: true }));
  const target = openDatabase({ sqlitePath: dataPaths(copy).sqlitePath }).db;
  await migrateToLatest(target);
  await importContent(target, JSON.parse(JSON.stringify(exported)), { replace: true }).catch((error: unknown) => {
    failures.push(`the export does not import: ${error instanceof Error ? error.message : String(error)}`);
  });
  await target.destroy();
  console.log(
    `Read back: ${pages.length} pages and files, the export (${exported.rides.length} rides) and its import.`,
  );
}

async function main(): Promise<void> {
  // Built afresh unless asked not to: a build older than the code would fuzz the past.
  await ensureBuild(BUILD_DIR, { rebuild: !process.argv.includes("--skip-build") });
  const dataDir = mkdtempSync(path.join(tmpdir(), "roadbook-fuzz-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const { db, cookie, rideIds } = await prepare(dataDir);
  cleanups.push(() => db.destroy());
  // The database is prepared above (demo content, a signed-in admin): the server seeds nothing.
  const server = await startProductionServer(BUILD_DIR, dataDir, { SEED_DEMO: "false", LOG_LEVEL: "fatal" });
  cleanups.push(() => server.stop());
  const { baseUrl } = server;
  const url = new URL(baseUrl);
  const target: Target = { paths: routePaths(rideIds[0]!), cookie, origin: baseUrl, host: url.host, rideIds };

  console.log(`Fuzzing ${baseUrl}: seed ${SEED} (npm run fuzz -- --seed=${SEED} sends the same requests)`);
  const requests = fuzzRequests(target, COUNT, SEED, !SHORT);
  const started = Date.now();
  let sent = 0;
  for (const [index, { head, body, label }] of requests.entries()) {
    if (Date.now() - started > SECONDS * 1000) break;
    await send(Number(url.port), url.host, index, head, body, label);
    sent += 1;
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`Sent ${sent} requests in ${seconds.toFixed(1)} s, each followed by a second one on its connection.`);
  await readEverything(baseUrl, db, cookie);

  console.log("\nAnswers by status class:");
  for (const [statusClass, count] of [...statusClasses].sort()) console.log(`  ${statusClass}  ${count}`);
  console.log(`  connection resets  ${resets}`);
  if (failures.length > 0) {
    console.log(`\n✖ ${failures.length} failure(s) (seed ${SEED}):`);
    for (const failure of failures.slice(0, 50)) console.log(`  - ${failure}`);
    process.exitCode = 1;
  } else {
    console.log("\n✔ No 5xx, no reset, no leak; everything stored reads back.");
  }
}

try {
  await main();
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
}
