import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_OIDC } from "./tests/e2e/support/oidc-settings.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/support/chromium.ts";
import { SERVER_START_CEILING_MS, TEST_CEILING_MS, WAIT_CEILING_MS } from "./tests/e2e/support/ceilings.ts";

// End-to-end tests run against the PRODUCTION server (`node server/main.ts` on the output of
// `react-router build`, which `npm test` runs first) with Debian's Chromium: no browser is
// ever downloaded. Each run starts from a new, freshly seeded SQLite database.

const PORT = Number(process.env.E2E_PORT ?? 4311);
const BASE_URL = `http://127.0.0.1:${PORT}`;

// This file is evaluated by the runner and again by every worker; the workers inherit the
// runner's environment, so the run's directory is created once, by the runner, which removes it
// when it exits (after the web server has stopped). E2E_KEEP_DATA=1 keeps it for inspection.
// It holds the shared server's data directory and the demo content the own servers copy
// (tests/e2e/support/own-server.ts).
const RUN_DIR = process.env.ROADBOOK_E2E_RUN_DIR ?? createRunDir();
const DATA_DIR = path.join(RUN_DIR, "server");

function createRunDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "roadbook-e2e-"));
  mkdirSync(path.join(dir, "server"));
  process.env.ROADBOOK_E2E_RUN_DIR = dir;
  process.env.ROADBOOK_E2E_DATA_DIR = path.join(dir, "server");
  if (!process.env.E2E_KEEP_DATA) process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// scripts/test.ts asks for a machine-readable summary to print one closing count line.
const jsonReport = process.env.E2E_JSON_REPORT;

export default defineConfig({
  testDir: "tests/e2e",
  // A file's tests run in order on one worker: split across both, each worker started the file's
  // own server (own-server.ts): about a tenth of those files' time (decision 056).
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // A flaky test is a defect, fixed at its cause: neither npm test nor CI retries (decision 028).
  retries: 0,
  workers: 2,
  // The suite's only timeouts: ceilings for a loaded machine, never reached by a passing test.
  timeout: TEST_CEILING_MS,
  expect: { timeout: WAIT_CEILING_MS },
  reporter: [
    ["list"],
    ["html", { open: "never", outputFolder: "playwright-report" }],
    ...(jsonReport ? [["json", { outputFile: jsonReport }] as const] : []),
  ],
  outputDir: "test-results",
  use: {
    baseURL: BASE_URL,
    // A failed test keeps its trace, with DOM snapshots but without the screencast: recording
    // the screencast for every passing test cost a fifth of the end-to-end stage (decision 056).
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    // The community's visitors: Indian English in India's time zone (the server runs in UTC,
    // so a date rendered differently on server and browser shows up as a hydration error).
    locale: "en-IN",
    timezoneId: "Asia/Kolkata",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      // Phones: only specs tagged @mobile, to keep the suite fast.
      name: "mobile",
      grep: /@mobile/,
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    command: `"${process.execPath}" server/main.ts`,
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: SERVER_START_CEILING_MS,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      DATA_DIR,
      SEED_DEMO: "true",
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: "warn",
      TZ: "UTC",
      // Always the embedded defaults: SQLite in DATA_DIR and uploads on the local disk.
      DATABASE_URL: "",
      S3_BUCKET: "",
      // Google sign-in against the local OpenID provider the sign-in spec starts (admin-auth.spec.ts).
      OIDC_ISSUER: E2E_OIDC.issuer,
      GOOGLE_CLIENT_ID: E2E_OIDC.clientId,
      GOOGLE_CLIENT_SECRET: E2E_OIDC.clientSecret,
    },
  },
});
