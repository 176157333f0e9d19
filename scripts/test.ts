// `npm test`: the whole suite, in stages, stopping at the first failure with its exit code.
//   1. Chromium is there (end-to-end tests use Debian's Chromium; no browser is ever downloaded)
//   2. PostgreSQL is reachable (the integration suite runs on SQLite AND PostgreSQL)
//   3. vitest run            unit + integration tests, and beside them
//      react-router build    the production build the end-to-end tests run against
//   4. npm run fuzz --short  generated bad requests against that build (tests/fuzz/fuzz.ts)
//   5. playwright test       end-to-end tests against the production server
// Runs on plain Node 24 (type stripping): erasable TypeScript only, no imports of our own code.
import { spawn } from "node:child_process";
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const ROOT = path.resolve(import.meta.dirname, "..");
const BIN = path.join(ROOT, "node_modules", ".bin");
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const REPORTS = mkdtempSync(path.join(tmpdir(), "roadbook-test-reports-"));
const STARTED = Date.now();

type Counts = { passed: number; failed: number; skipped: number };
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
/** Each failed test, named as a person finds it: "file:line › title [project]". */
const failures: string[] = [];

class StageFailure extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

function heading(step: number, title: string): void {
  console.log(`\n\u25b6 [${step}/${stages.length}] ${title}`);
}

function checkChromium(): void {
  try {
    accessSync(CHROMIUM_PATH, constants.X_OK);
  } catch {
    throw new StageFailure(
      `Chromium is required for the end-to-end tests: apt-get install -y chromium (Debian) or set CHROMIUM_PATH.\n` +
        `  (looked for an executable at ${CHROMIUM_PATH})`,
    );
  }
  console.log(`Chromium: ${CHROMIUM_PATH}`);
}

async function checkPostgres(): Promise<void> {
  const engines = process.env.TEST_ENGINES?.split(",") ?? ["sqlite", "postgres"];
  if (!engines.includes("postgres")) {
    console.log(`TEST_ENGINES=${process.env.TEST_ENGINES}: PostgreSQL not needed for this run (CI runs both engines).`);
    return;
  }
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StageFailure(
      `PostgreSQL is required for the integration suite, which runs on both SQLite and PostgreSQL.\n` +
        `  Could not connect to ${redact(TEST_DATABASE_URL)}: ${reason}\n` +
        `  Start PostgreSQL on 127.0.0.1:5432 with a database "test" (Debian: apt-get install -y postgresql,\n` +
        `  then pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start; createdb -h 127.0.0.1 -U postgres test),\n` +
        `  or point TEST_DATABASE_URL at another server. TEST_ENGINES=sqlite runs the SQLite half only (local use).`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  console.log(`PostgreSQL: ${redact(TEST_DATABASE_URL)}`);
}

/** "12 min 04 s": how long the run took, as a person reads it. */
function wallTime(milliseconds: number): string {
  const seconds = Math.round(milliseconds / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(seconds % 60).padStart(2, "0")} s`;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
}

/**
 * Runs a binary from node_modules/.bin with Node 24 (node_modules/.bin/node) first on the PATH.
 * Its output goes to the terminal, or with `capture` into the string it resolves with (and into
 * the failure's message), for a run beside another whose output is being read.
 */
function run(bin: string, args: string[], env: NodeJS.ProcessEnv = {}, { capture = false } = {}): Promise<string> {
  console.log(`$ ${bin} ${args.join(" ")}${capture ? "  (beside, its output below when it is done)" : ""}`);
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(BIN, bin), args, {
      cwd: ROOT,
      stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ""}` },
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("error", (error) => reject(new StageFailure(`could not start ${bin}: ${error.message}`)));
    child.on("exit", (code, signal) => {
      process.off("SIGINT", forward);
      process.off("SIGTERM", forward);
      if (code === 0) resolve(output);
      else
        reject(
          new StageFailure(
            `${output}\n${bin} ${args[0] ?? ""} exited with ${signal ?? `code ${code}`}`.trim(),
            code || 1,
          ),
        );
    });
  });
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** The ten files that took longest, so whoever makes the suite slower sees where. */
function printSlowest(title: string, durations: Map<string, number>): void {
  const slowest = [...durations].sort(([, a], [, b]) => b - a).slice(0, 10);
  if (slowest.length === 0) return;
  console.log(`\n${title}:`);
  for (const [name, ms] of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);
}

function countVitest(file: string): void {
  const report = readJson(file) as
    | {
        numPassedTests?: number;
        numFailedTests?: number;
        numPendingTests?: number;
        numTodoTests?: number;
        testResults?: {
          name: string;
          startTime: number;
          endTime: number;
          status?: string;
          message?: string;
          assertionResults?: { status: string; fullName: string; location?: { line: number } }[];
        }[];
      }
    | undefined;
  if (!report) return;
  const durations = new Map<string, number>();
  for (const result of report.testResults ?? []) {
    const file = path.relative(ROOT, result.name);
    durations.set(file, result.endTime - result.startTime);
    const failed = (result.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed)
      failures.push(`${file}${test.location ? `:${test.location.line}` : ""} › ${test.fullName}`);
    // A file that failed outside any test (an import, a hook) has no failed test to name.
    if (failed.length === 0 && result.status === "failed") failures.push(`${file} (the file itself)`);
  }
  printSlowest("Slowest test files (vitest)", durations);
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

type PlaywrightSuite = {
  file?: string;
  title?: string;
  specs?: {
    title: string;
    file: string;
    line: number;
    tests?: { projectName?: string; status?: string; results?: { duration?: number }[] }[];
  }[];
  suites?: PlaywrightSuite[];
};

/** Adds each test that did not end as expected to `failures`, with its describe titles. */
function specFailures(suites: PlaywrightSuite[], titles: string[] = []): void {
  for (const suite of suites) {
    // A file's own suite is titled with the file name, which the location already says.
    const inner = suite.file && suite.title === suite.file ? titles : [...titles, suite.title ?? ""];
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "unexpected")
          failures.push(
            `tests/e2e/${spec.file}:${spec.line} › ${[...inner, spec.title].filter(Boolean).join(" › ")} [${test.projectName}]`,
          );
    specFailures(suite.suites ?? [], inner);
  }
}

/** Adds each spec file's test time (every project, every attempt) to `durations`. */
function specDurations(suites: PlaywrightSuite[], durations: Map<string, number>, file = ""): void {
  for (const suite of suites) {
    const name = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          durations.set(name, (durations.get(name) ?? 0) + (result.duration ?? 0));
    specDurations(suite.suites ?? [], durations, name);
  }
}

function countPlaywright(file: string): void {
  const report = readJson(file) as
    | {
        stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
        suites?: PlaywrightSuite[];
      }
    | undefined;
  if (!report?.stats) return;
  const durations = new Map<string, number>();
  specDurations(report.suites ?? [], durations);
  specFailures(report.suites ?? []);
  printSlowest("Slowest spec files (playwright, test time summed over its tests)", durations);
  totals.passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
  totals.failed += report.stats.unexpected ?? 0;
  totals.skipped += report.stats.skipped ?? 0;
}

const stages: { title: string; action: () => void | Promise<void> }[] = [
  { title: "Chromium for the end-to-end tests", action: checkChromium },
  { title: "PostgreSQL for the integration tests", action: checkPostgres },
  {
    // Side by side: the build's ~40 s of work shares the machine with Vitest's two workers
    // (vitest.config.ts) instead of running alone after them; the suite is that much shorter.
    title: "Unit and integration tests (vitest run), the production build (react-router build) beside them",
    action: async () => {
      const report = path.join(REPORTS, "vitest.json");
      const build = run("react-router", ["build"], {}, { capture: true }).then(
        (output) => ({ output, failure: undefined }),
        (failure: unknown) => ({ output: "", failure }),
      );
      try {
        await run("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]);
      } finally {
        countVitest(report);
        // Never left running on its own when the tests fail.
        const { output } = await build;
        if (output) console.log(`\n$ react-router build (done)\n${output.trimEnd()}`);
      }
      const { failure } = await build;
      if (failure) throw failure;
    },
  },
  // Decision 018: bad requests generated against that build; any 5xx, reset or leak fails the
  // stage.
  {
    title: "Request fuzzer, short form (npm run fuzz -- --short)",
    action: async () => {
      await run("tsx", ["tests/fuzz/fuzz.ts", "--short", "--skip-build"], {
        BUILD_DIR: process.env.BUILD_DIR ?? "build",
      });
    },
  },
  {
    title: "End-to-end tests (playwright test)",
    action: async () => {
      const report = path.join(REPORTS, "playwright.json");
      try {
        await run("playwright", ["test"], { CHROMIUM_PATH, E2E_JSON_REPORT: report });
      } finally {
        countPlaywright(report);
      }
    },
  },
];

let exitCode = 0;
let current = "";
let stoppedAt = "";
try {
  for (const [index, stage] of stages.entries()) {
    current = stage.title;
    heading(index + 1, stage.title);
    await stage.action();
  }
  console.log(`\n\u2714 All stages passed.`);
} catch (error) {
  exitCode = error instanceof StageFailure ? error.exitCode : 1;
  const message = error instanceof Error ? error.message : String(error);
  console.error(`\n\u2716 Stage failed: ${current}\n  ${message}`);
  stoppedAt = current;
} finally {
  rmSync(REPORTS, { recursive: true, force: true });
}
// One closing line over both runners (unit + integration + end-to-end), with the wall time and,
// when the run failed, what failed: the tests by name, or the stage that stopped it.
console.log(
  `Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped in ${wallTime(Date.now() - STARTED)}` +
    (failures.length > 0 ? `; failed: ${failures.join("; ")}` : stoppedAt ? `; stopped at: ${stoppedAt}` : ""),
);
process.exit(exitCode);
