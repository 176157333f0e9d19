/**
 * `npm run bench:http`: how close the production server comes to serving static files.
 *
 *   1. builds the production bundle into BUILD_DIR (default build-bench) if it is not there
 *   2. starts the production server on a free 127.0.0.1 port with a new, seeded SQLite DATA_DIR
 *      (JSON access log on, as in production), and a plain node:http server that answers with
 *      the very bytes the app sent for the same pages
 *   3. loads both with autocannon, the same way (100 connections, BENCH_SECONDS each, default
 *      10, after a 5 s warm-up), for "/" and a ride page, and prints requests/s, p50/p99
 *      latency and the app/static ratio
 *   4. times BENCH_RENDERS (default 200) renders of the ride page with the render cache
 *      bypassed (a request with a cookie is never served from it) and prints the median
 *
 * Goals, as ratios to the static server measured in the same run (docs/deploy.md#performance-check:
 * an absolute figure on a shared machine measures the neighbours): cached pages at least 0.6× its
 * throughput, with a p99 at most 2× its p99, at 100 connections. The uncached ride page's median is
 * reported, not judged. Prints pass or fail for each and exits 1 when one fails. Both servers are
 * always stopped.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "../tests/support/ports.ts";
import { ensureBuild, ROOT, stopProcess } from "./bench/processes.ts";

const BUILD_DIR = process.env.BUILD_DIR ?? "build-bench";
const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const RENDERS = Number(process.env.BENCH_RENDERS) || 200;
const CONNECTIONS = 100;
/** Long enough for the JIT and the heap to settle: production servers are measured warm. */
const WARM_UP_SECONDS = 5;
const GOALS = { throughput: 0.6, p99: 2 };

const cleanups: (() => Promise<void> | void)[] = [];
const missed: string[] = [];

async function until(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function startProcess(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // stdout (the access log) goes nowhere: writing it is part of the cost measured, reading it is not.
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { PATH: process.env.PATH, ...env },
  });
  cleanups.push(() => stopProcess(child));
  return child;
}

/** A plain node:http server answering each path with fixed bytes: the ceiling to compare with. */
const STATIC_SERVER = `
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
const pages = JSON.parse(readFileSync(process.env.PAGES_FILE, "utf8"));
const bodies = Object.fromEntries(Object.entries(pages).map(([path, page]) => [path, { ...page, body: Buffer.from(page.body, "base64") }]));
createServer((req, res) => {
  const page = bodies[req.url];
  if (!page) { res.writeHead(404).end(); return; }
  res.writeHead(200, { "Content-Type": page.contentType, "Content-Length": page.body.length });
  res.end(page.body);
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

type Load = { requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number };

async function load(url: string, seconds: number): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const format = (value: number, digits = 1) => value.toFixed(digits);

async function main(): Promise<void> {
  await ensureBuild(BUILD_DIR);

  const dataDir = mkdtempSync(path.join(tmpdir(), "roadbook-bench-http-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const appPort = await freePort();
  const app = `http://127.0.0.1:${appPort}`;
  startProcess(["server/main.ts"], {
    NODE_ENV: "production",
    BUILD_DIR,
    HOST: "127.0.0.1",
    PORT: String(appPort),
    DATA_DIR: dataDir,
    SEED_DEMO: "true",
    LOG_LEVEL: "info",
    DATABASE_URL: "",
    S3_BUCKET: "",
  });
  await until(`${app}/readyz`);

  const home = await fetch(`${app}/`).then((response) => response.text());
  const ridePath = /href="(\/ride\/[^"]+)"/.exec(home)?.[1];
  if (!ridePath) throw new Error("no ride link on the home page: was the demo content seeded?");
  const paths = ["/", ridePath];

  const pages: Record<string, { contentType: string; body: string }> = {};
  for (const pagePath of paths) {
    const response = await fetch(`${app}${pagePath}`);
    pages[pagePath] = {
      contentType: response.headers.get("content-type") ?? "text/html",
      body: Buffer.from(await response.arrayBuffer()).toString("base64"),
    };
  }
  const pagesFile = path.join(dataDir, "static-pages.json");
  writeFileSync(pagesFile, JSON.stringify(pages));
  const staticPort = await freePort();
  const plain = `http://127.0.0.1:${staticPort}`;
  startProcess(["--input-type=module", "-e", STATIC_SERVER], { PORT: String(staticPort), PAGES_FILE: pagesFile });
  await until(`${plain}/`);

  console.log(
    `\nThroughput at ${CONNECTIONS} connections, ${SECONDS} s per run (cached pages vs. the same bytes from a static server):\n`,
  );
  console.log("page".padEnd(48), "server".padEnd(8), "req/s".padStart(9), "p50 ms".padStart(8), "p99 ms".padStart(8));
  for (const pagePath of paths) {
    const results: Record<"app" | "static", Load> = {} as Record<"app" | "static", Load>;
    for (const [name, base] of [
      ["app", app],
      ["static", plain],
    ] as const) {
      await load(`${base}${pagePath}`, WARM_UP_SECONDS);
      results[name] = await load(`${base}${pagePath}`, SECONDS);
      const result = results[name];
      console.log(
        pagePath.padEnd(48),
        name.padEnd(8),
        format(result.requestsPerSecond, 0).padStart(9),
        format(result.p50).padStart(8),
        format(result.p99).padStart(8),
      );
      if (result.errors || result.non2xx)
        missed.push(`${name} ${pagePath}: ${result.errors} errors, ${result.non2xx} non-2xx responses`);
    }
    const throughput = results.app.requestsPerSecond / results.static.requestsPerSecond;
    const p99 = results.app.p99 / results.static.p99;
    for (const [name, value, met, goal] of [
      ["throughput", throughput, throughput >= GOALS.throughput, `≥ ${GOALS.throughput}× static`],
      ["p99", p99, p99 <= GOALS.p99, `≤ ${GOALS.p99}× static's`],
    ] as const) {
      console.log(`${"".padEnd(48)} ${met ? "pass" : "FAIL"}  ${name} ${format(value, 2)}× (${goal})`);
      if (!met) missed.push(`${pagePath}: ${name} ${format(value, 2)}× static (goal ${goal})`);
    }
    console.log("");
  }

  // A request with a cookie is never answered from the render cache: each one is a full render.
  // node:http with a kept-alive connection: the lightest client, so the time is the server's.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const timings: number[] = [];
  for (let index = 0; index < RENDERS + 20; index += 1) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      get(`${app}${ridePath}`, { agent, headers: { Cookie: "bench=uncached" } }, (response) => {
        response.resume();
        response.on("end", resolve);
      }).on("error", reject);
    });
    if (index >= 20) timings.push(performance.now() - started);
  }
  agent.destroy();
  const uncached = median(timings);
  console.log(
    `Uncached ride page (${ridePath}), ${RENDERS} renders one after another: median ${format(uncached)} ms, p90 ${format(timings.sort((a, b) => a - b)[Math.floor(RENDERS * 0.9)]!)} ms (including the local HTTP round trip)`,
  );
}

try {
  await main();
  if (missed.length) {
    console.log(`\nGoals missed:\n${missed.map((line) => `  - ${line}`).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log("\nAll goals met.");
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
