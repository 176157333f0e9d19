/**
 * `npm run bench:web`: the public site's performance budget, measured the way a visitor's
 * phone meets it.
 *
 *   1. builds the production bundle into BUILD_DIR (default build-bench; --skip-build reuses it)
 *   2. starts the production server on a free 127.0.0.1 port with a new, seeded SQLite DATA_DIR
 *   3. runs Lighthouse (mobile defaults: emulated mid-range phone, throttled network) on "/",
 *      "/previous" and a ride page, and prints the four category scores of each
 *   4. sums the gzipped JavaScript the browser loads on "/" (first load)
 *   5. checks that no admin route module is among the chunks a public page loads
 *
 * Budgets: performance >= 95; accessibility, best practices and SEO = 100; first-load
 * JavaScript <= 100 KB gzipped; no admin chunk on public pages. Exits 1 when one is missed.
 * The server and Chromium are always stopped.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import {
  clientManifestUrl,
  formatKb,
  parseClientManifest,
  routeModuleChunks,
  scriptUrls,
} from "./bench/page-assets.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium.ts";
import { freePort, ROOT, run, stopProcess } from "./bench/processes.ts";

const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const MIN_SCORES: Record<Category, number> = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const FIRST_LOAD_JS_BUDGET_BYTES = 100 * 1024;

const missed: string[] = [];
const cleanups: (() => void | Promise<void>)[] = [];

async function startServer(): Promise<string> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "roadbook-bench-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = spawn(process.execPath, ["server/main.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      S3_BUCKET: "",
    },
  });
  cleanups.push(() => stopProcess(server));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const ready = await fetch(`${baseUrl}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return baseUrl;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not answer within 60 seconds");
}

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return response.text();
}

/** The first ride page the sitemap lists (an upcoming ride of the demo content). */
async function aRidePath(baseUrl: string): Promise<string> {
  const sitemap = await text(`${baseUrl}/sitemap.xml`);
  const loc = /<loc>([^<]*\/ride\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
  if (!loc) throw new Error("the sitemap lists no ride");
  return new URL(loc).pathname;
}

async function lighthouseScores(baseUrl: string, paths: string[]): Promise<void> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: [...CHROMIUM_FLAGS] });
  cleanups.push(() => chrome.kill());
  // benchmarkIndex: how fast this machine's CPU was during the run. Lighthouse's simulated
  // phone is calibrated for an unloaded desktop; a busy machine lowers it and the scores.
  console.log(
    `\nLighthouse (mobile defaults)\n${"page".padEnd(48)}${CATEGORIES.map((c) => c.padStart(16)).join("")}${"cpu index".padStart(12)}`,
  );
  for (const pagePath of paths) {
    const result = await lighthouse(`${baseUrl}${pagePath}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
    const { categories, audits, environment, runWarnings } = result.lhr;
    const scores = CATEGORIES.map((id) => Math.round((categories[id]?.score ?? 0) * 100));
    console.log(
      `${pagePath.padEnd(48)}${scores.map((score) => String(score).padStart(16)).join("")}${String(Math.round(environment.benchmarkIndex)).padStart(12)}`,
    );
    for (const warning of runWarnings) console.log(`    warning: ${warning}`);
    if (result.lhr.runtimeError)
      console.log(`    error: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    CATEGORIES.forEach((id, index) => {
      if (scores[index]! >= MIN_SCORES[id]) return;
      missed.push(`${pagePath}: ${id} ${scores[index]} < ${MIN_SCORES[id]}`);
      for (const ref of categories[id]?.auditRefs ?? []) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit?.errorMessage)
          console.log(`    ${id}: ${audit.title} could not run: ${audit.errorMessage}`);
        else if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
          console.log(`    ${id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
        }
      }
    });
  }
}

async function gzippedSize(url: string): Promise<number> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return gzipSync(Buffer.from(await response.arrayBuffer())).length;
}

async function firstLoadJavaScript(baseUrl: string): Promise<void> {
  const urls = scriptUrls(await text(`${baseUrl}/`));
  const sizes = await Promise.all(urls.map((url) => gzippedSize(`${baseUrl}${url}`)));
  const total = sizes.reduce((sum, size) => sum + size, 0);
  console.log(
    `\nFirst-load JavaScript of "/": ${formatKb(total)} gzipped in ${urls.length} files (budget ${formatKb(FIRST_LOAD_JS_BUDGET_BYTES)})`,
  );
  urls
    .map((url, index) => ({ url, size: sizes[index]! }))
    .sort((a, b) => b.size - a.size)
    .forEach(({ url, size }) => console.log(`  ${formatKb(size).padStart(9)}  ${url}`));
  if (total > FIRST_LOAD_JS_BUDGET_BYTES)
    missed.push(`first-load JavaScript ${formatKb(total)} > ${formatKb(FIRST_LOAD_JS_BUDGET_BYTES)}`);
}

async function noAdminChunks(baseUrl: string, paths: string[]): Promise<void> {
  let pagesWithAdminChunks = 0;
  for (const pagePath of paths) {
    const html = await text(`${baseUrl}${pagePath}`);
    const urls = scriptUrls(html);
    const manifestUrl = clientManifestUrl(html);
    if (!manifestUrl) throw new Error(`${pagePath} names no React Router client manifest`);
    const adminChunks = routeModuleChunks(parseClientManifest(await text(`${baseUrl}${manifestUrl}`)), "routes/admin/");
    const leaked = urls.filter((url) => adminChunks.has(url)).map((url) => `${url} (${adminChunks.get(url)})`);
    if (leaked.length === 0) continue;
    pagesWithAdminChunks += 1;
    missed.push(`${pagePath} loads admin route chunks: ${leaked.join(", ")}`);
  }
  console.log(
    `\nAdmin route chunks on public pages: ${pagesWithAdminChunks === 0 ? "none" : `on ${pagesWithAdminChunks} page(s)`}`,
  );
}

async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  cleanups.length = 0;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void cleanUp().then(() => process.exit(130)));
}

let exitCode = 0;
try {
  if (!process.argv.includes("--skip-build")) {
    console.log(`Building into ${BUILD_DIR}…`);
    await run(path.join(ROOT, "node_modules", ".bin", "react-router"), ["build"], { BUILD_DIR });
  }
  const baseUrl = await startServer();
  const paths = ["/", "/previous", await aRidePath(baseUrl)];
  await lighthouseScores(baseUrl, paths);
  await firstLoadJavaScript(baseUrl);
  await noAdminChunks(baseUrl, paths);
  if (missed.length > 0) {
    console.log(`\nBudgets missed:\n${missed.map((line) => `  ✖ ${line}`).join("\n")}`);
    exitCode = 1;
  } else {
    console.log("\n✔ Every budget met.");
  }
} catch (error) {
  console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
