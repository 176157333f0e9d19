/**
 * `npm run bench:check-in`: what a captain's cheap Android phone pays to open the Check-in page
 * and the ride-day page (docs/features/ride-day.md#measured).
 *
 *   1. builds the production bundle into BUILD_DIR (default build-bench; --skip-build reuses it)
 *   2. starts the production server on a free 127.0.0.1 port with a new SQLite DATA_DIR, a ride of
 *      RIDERS confirmed riders and a signed-in admin
 *   3. opens each page --runs times (default 5) in a new browser context (nothing cached) with the
 *      CPU slowed 4× and Lighthouse's slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up) through the
 *      DevTools protocol, and prints the median of each figure:
 *      - JS and CSS: the bytes of scripts and stylesheets the page transferred (compressed);
 *      - usable: from the navigation's start until the page answers a tap. The Check-in page is
 *        usable once React has hydrated it; the ride-day page once its riders' Check in buttons,
 *        drawn from the pack on the phone (stored there before the run), are on the screen.
 *
 * The ride-day page is measured twice: at a first, online load (the pack stored on the phone
 * beforehand, the page's files not), and opened again offline once taken as a captain does, when
 * its worker answers the page and its files from the phone (the bytes counted then never crossed
 * the network).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, type Page, chromium } from "@playwright/test";
import { openDatabase } from "../app/server/db/database.server.ts";
import { dataPaths } from "../app/server/env.server.ts";
import { createRide } from "../app/server/rides/rides.server.ts";
import { createSession } from "../app/server/auth/sessions.server.ts";
import { SESSION_COOKIE } from "../app/server/auth/cookies.server.ts";
import { createOrPromoteAdmin } from "../app/server/team/users.server.ts";
import { checkInHref } from "../app/domain/admin-links.ts";
import { rideDayHref, rideDayPackHref } from "../app/features/ride-day/domain/paths.ts";
import { rideInput } from "../tests/support/fixtures.ts";
import { registerRider, riderForm } from "../tests/support/registration-fixtures.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium.ts";
import { ensureBuild, startProductionServer } from "./bench/processes.ts";

const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const RUNS = Number(/^--runs=(\d+)$/.exec(process.argv.find((arg) => arg.startsWith("--runs=")) ?? "")?.[1] ?? 5);
const RIDERS = 40;
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

type Run = { jsBytes: number; cssBytes: number; usableMs: number };

/**
 * Throttles the page and counts the bytes of its scripts and stylesheets as they arrive (offline:
 * the network is left off, and what arrives comes from the worker's cache on the phone).
 */
async function throttled(context: BrowserContext, page: Page, { offline = false } = {}) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  if (!offline) await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const kinds = new Map<string, string>();
  const bytes = { Script: 0, Stylesheet: 0 };
  cdp.on("Network.responseReceived", (event) => kinds.set(event.requestId, event.type));
  cdp.on("Network.loadingFinished", (event) => {
    const kind = kinds.get(event.requestId);
    if (kind === "Script" || kind === "Stylesheet") bytes[kind] += event.encodedDataLength;
  });
  return bytes;
}

const hydrated = () => {
  const main = document.querySelector("main");
  return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
};
const rosterDrawn = () => [...document.querySelectorAll("button")].some((button) => button.textContent === "Check in");

/** The pack put on the phone as Take this ride offline stores it (store.ts), without opening a page's scripts. */
async function storePack(page: Page, baseUrl: string, rideId: string) {
  await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate(
    async (url) => {
      const pack = (await (await fetch(url)).json()) as { rideId: string };
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open("roadbook-ride-day", 1);
        request.addEventListener("upgradeneeded", () => request.result.createObjectStore("rides"));
        request.addEventListener("success", () => resolve(request.result));
        request.addEventListener("error", () => reject(request.error));
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction("rides", "readwrite");
        tx.objectStore("rides").put({ pack, queue: [], conflicts: [] }, pack.rideId);
        tx.addEventListener("complete", () => resolve());
        tx.addEventListener("error", () => reject(tx.error));
      });
      db.close();
    },
    `${baseUrl}${rideDayPackHref(rideId)}`,
  );
}

async function measure(
  page: Page,
  context: BrowserContext,
  url: string,
  usable: () => boolean,
  { offline = false } = {},
): Promise<Run> {
  const bytes = await throttled(context, page, { offline });
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(usable, undefined, { polling: 20, timeout: 60_000 });
  const usableMs = await page.evaluate(() => performance.now());
  return { jsBytes: bytes.Script, cssBytes: bytes.Stylesheet, usableMs };
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function report(name: string, runs: Run[]) {
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const each = runs.map((run) => Math.round(run.usableMs)).join(", ");
  console.log(
    `${name}: JS ${kib(median(runs.map((run) => run.jsBytes)))}, CSS ${kib(median(runs.map((run) => run.cssBytes)))}, ` +
      `usable ${Math.round(median(runs.map((run) => run.usableMs)))} ms (median; runs: ${each} ms)`,
  );
}

async function main() {
  console.log(`${availableParallelism()} CPU cores, load average ${loadavg()[0]!.toFixed(1)}`);
  if (!process.argv.includes("--skip-build")) await ensureBuild(BUILD_DIR, { rebuild: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), "roadbook-bench-check-in-"));
  const server = await startProductionServer(BUILD_DIR, dataDir, { LOG_LEVEL: "warn" });
  const { db } = openDatabase({ sqlitePath: dataPaths(dataDir).sqlitePath });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
  try {
    const ride = await createRide(
      db,
      rideInput({ title: "Bench check-in ride", registration: { mode: "site", seats: RIDERS + 10, waitlist: false } }),
    );
    for (let n = 1; n <= RIDERS; n += 1) await registerRider(db, ride.id, riderForm(n, { name: `Bench Rider ${n}` }));
    const { user } = await createOrPromoteAdmin(db, { email: "bench@roadbook.test", password: "bench-password-1234" });
    const checkIn = `${server.baseUrl}${checkInHref(ride.id)}`;
    const rideDay = `${server.baseUrl}${rideDayHref(ride.id)}`;
    const pages: Record<string, (page: Page, context: BrowserContext) => Promise<Run>> = {
      "Check-in page": (page, context) => measure(page, context, checkIn, hydrated),
      "Ride-day page": async (page, context) => {
        await storePack(page, server.baseUrl, ride.id);
        return measure(page, context, rideDay, rosterDrawn);
      },
      // On the road: taken offline as a captain does, then opened again without signal.
      "Ride-day page, offline": async (page, context) => {
        await page.goto(checkIn);
        await page.getByRole("button", { name: "Take this ride offline" }).click();
        await page.waitForURL(rideDay);
        await page.waitForFunction(rosterDrawn);
        await context.setOffline(true);
        return measure(page, context, rideDay, rosterDrawn, { offline: true });
      },
    };
    const results = new Map<string, Run[]>(Object.keys(pages).map((name) => [name, []]));
    for (let run = 0; run < RUNS; run += 1) {
      for (const [name, open] of Object.entries(pages)) {
        const { token } = await createSession(db, user.id);
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
        });
        await context.addCookies([{ name: SESSION_COOKIE, value: token, url: server.baseUrl, httpOnly: true }]);
        results.get(name)!.push(await open(await context.newPage(), context));
        await context.close();
      }
    }
    console.log(`${RIDERS} riders, ${RUNS} runs each, CPU 4× slower, slow 4G, nothing cached:`);
    for (const [name, measured] of results) report(name, measured);
  } finally {
    await browser.close();
    await db.destroy();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
