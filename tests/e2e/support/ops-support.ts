// Production instances of Roadbook started by the operations specs themselves (scale-out,
// outages, shutdown, start-up), next to the one playwright.config.ts starts. Each listens on a
// port free when it starts, so specs running in parallel (or another run on the machine) never collide.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestInfo } from "@playwright/test";
import { runPort } from "./run-ports.ts";
import { SERVER_START_CEILING_MS, WAIT_CEILING_MS } from "./ceilings.ts";
import { TEST_DATABASE_URL, TEST_ENGINES, withAdminClient } from "../../support/postgres.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");

export const POSTGRES_ENABLED = TEST_ENGINES.includes("postgres");
export const POSTGRES_SKIP_REASON = "TEST_ENGINES leaves PostgreSQL out (CI runs it)";

/** A secret both instances share, as a real deployment's SESSION_SECRET. */
export const SHARED_SESSION_SECRET = "e2e-shared-session-secret-0123456789abcdef";

export type LogLine = Record<string, unknown> & { msg?: string; level?: number };

export type Instance = {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Every JSON line the instance has written to stdout so far. */
  lines: LogLine[];
  stderr(): string;
  waitForLine(matches: (line: LogLine) => boolean): Promise<LogLine>;
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export type StartOptions = {
  /** A port nothing listens on (default: one found free now). */
  port?: number;
  /** Added to (or overriding) the defaults below; undefined leaves a default out. */
  env?: Record<string, string | undefined>;
  /** "listening": the port is open; "ready": the database is open too (the default). */
  waitFor?: "listening" | "ready" | "nothing";
};

const started = new Set<Instance>();

/** Starts `node server/main.ts` on the production build (BUILD_DIR), SQLite in a new DATA_DIR unless env says otherwise. */
export async function startInstance({ port: wanted, env = {}, waitFor = "ready" }: StartOptions): Promise<Instance> {
  const port = wanted ?? (await runPort());
  const dataDir = mkdtempSync(path.join(tmpdir(), "roadbook-ops-"));
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      BUILD_DIR: process.env.BUILD_DIR ?? "build",
      NODE_ENV: "production",
      TZ: "UTC",
      HOST: "127.0.0.1",
      PORT: String(port),
      // The address the specs reach it at, so links it writes lead back to it.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      LOG_LEVEL: "info",
      DATABASE_URL: "",
      S3_BUCKET: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: LogLine[] = [];
  let stderr = "";
  const waiters = new Set<() => void>();
  let pending = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    pending += chunk;
    const complete = pending.split("\n");
    pending = complete.pop() ?? "";
    for (const text of complete) {
      if (!text.trim()) continue;
      try {
        lines.push(JSON.parse(text) as LogLine);
      } catch {
        lines.push({ msg: text });
      }
    }
    for (const wake of waiters) wake();
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      for (const wake of waiters) wake();
      resolve({ code, signal });
    }),
  );

  const waitForLine = (matches: (line: LogLine) => boolean, ceilingMs = WAIT_CEILING_MS) =>
    new Promise<LogLine>((resolve, reject) => {
      const check = () => {
        const found = lines.find(matches);
        if (found) {
          cleanup();
          resolve(found);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          cleanup();
          reject(
            new Error(
              `instance on port ${port} exited (${child.exitCode ?? child.signalCode}) before the expected log line.\nstderr:\n${stderr}`,
            ),
          );
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(
          new Error(
            `no matching log line from the instance on port ${port} within ${ceilingMs} ms.\nstderr:\n${stderr}\nlast lines:\n${lines
              .slice(-5)
              .map((line) => JSON.stringify(line))
              .join("\n")}`,
          ),
        );
      }, ceilingMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  const instance: Instance = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    child,
    lines,
    stderr: () => stderr,
    waitForLine,
    exited,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const result = await exited;
      started.delete(instance);
      rmSync(dataDir, { recursive: true, force: true });
      return result;
    },
  };
  started.add(instance);
  if (waitFor === "listening")
    await waitForLine(
      (line) => typeof line.msg === "string" && line.msg.startsWith("Roadbook listening"),
      SERVER_START_CEILING_MS,
    );
  if (waitFor === "ready") {
    await waitForLine((line) => line.msg === "ready", SERVER_START_CEILING_MS);
    await waitForLine((line) => typeof line.msg === "string" && line.msg.startsWith("Roadbook listening"));
  }
  return instance;
}

/**
 * Stops every instance a test left running (SIGKILL: a test that failed may have left it
 * stuck), attaching their logs to a failed test's report.
 */
export async function stopAllInstances({}: object, testInfo: TestInfo): Promise<void> {
  const instances = [...started];
  if (testInfo.status !== testInfo.expectedStatus) {
    for (const instance of instances) {
      const file = testInfo.outputPath(`instance-${instance.port}.log`);
      const log = instance.lines.map((line) => JSON.stringify(line)).join("\n");
      writeFileSync(file, `${log}\n--- stderr ---\n${instance.stderr()}`);
      await testInfo.attach(`instance-${instance.port}.log`, { path: file, contentType: "text/plain" });
    }
  }
  await Promise.all(instances.map((instance) => instance.stop("SIGKILL")));
}

export type TestDatabase = { url: string; name: string; drop(): Promise<void> };

/** A new, empty PostgreSQL database on the test server; instances share it as a deployment would. */
export async function createDatabase(): Promise<TestDatabase> {
  const name = `roadbook_e2e_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await withAdminClient((client) => client.query(`create database ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    drop: () =>
      withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** Ends every connection to the database but the caller's: what a failover or an admin's kill does. */
export async function terminateConnections(database: string, applicationName?: string): Promise<number> {
  return withAdminClient(async (client) => {
    const { rowCount } = await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and ($2::text is null or application_name = $2)`,
      [database, applicationName ?? null],
    );
    return rowCount ?? 0;
  });
}

export async function waitFor<T>(check: () => Promise<T | undefined | false>, what: string): Promise<T> {
  const deadline = Date.now() + WAIT_CEILING_MS;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${WAIT_CEILING_MS} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
