import { type ChildProcessByStdio, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { test } from "./fixtures.ts";
import { openDatabase } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import { dataPaths } from "~/server/env.server";
import { seedDemoContent } from "~/server/seed/demo-content.server";
import { createDiskStorage } from "~/server/storage/disk-storage.server";
import { runDir } from "./run-dir.ts";
import { runPort } from "./run-ports.ts";
import { type LocalSmtp, startLocalSmtp } from "../../support/smtp.ts";
import { SERVER_START_CEILING_MS } from "./ceilings.ts";
import { atWorkerEnd } from "./worker-end.ts";

// The server of playwright.config.ts is shared by every spec, and admin specs change its
// content. A spec that asserts exact content, needs content the demo lacks (a ride without a
// cost, a legacy ride without dates) or breaks the database on purpose starts a production
// server of its own instead: on the demo content, on content it prepares, or both.

export type OwnServer = {
  baseURL: string;
  /** A second connection to the server's database, to change it while the server runs. */
  db: Database;
  /** Everything the server logged so far. */
  logs(): string;
  stop(): Promise<void>;
  /** Kills the server without warning (SIGKILL) and starts it again on the same data, with more env. */
  killAndRestart(env?: Record<string, string>): Promise<void>;
};

export type OwnServerOptions = {
  /** Seed the demo content, as a new installation does (a copy of the run's one seeding). */
  seedDemo?: boolean;
  /** Fills the migrated database before the server starts (after the demo content, if any). */
  prepare?: (db: Database) => Promise<void>;
  /** More environment for the server (SMTP_URL, say), over the defaults below. */
  env?: Record<string, string>;
  /**
   * Serve baseURL and PUBLIC_URL as http://localhost:<port> (the server still listens on
   * 127.0.0.1): WebAuthn refuses an IP address as its relying party, so passkeys need a name.
   */
  localhost?: boolean;
  /**
   * The file's tests only read (no admin, no form that stores, no `ownServer.db` writes): files
   * with the same options that say so share one server per worker instead of starting one each.
   */
  readOnly?: boolean;
};

/**
 * The demo content, seeded once per run (playwright.config.ts's run directory) and copied into
 * each own server's data directory: seeding the demo takes seconds (its route, its photos), a
 * copy of its database and uploads does not. Each worker builds it in a directory of its own and
 * renames it into place, so a worker sees the template whole or not at all.
 */
let demoTemplate: Promise<string> | undefined;
function seededDemo(): Promise<string> {
  demoTemplate ??= (async () => {
    const template = path.join(runDir(), "demo");
    if (existsSync(template)) return template;
    const building = mkdtempSync(path.join(runDir(), "demo-building-"));
    const { sqlitePath, uploadsDir } = dataPaths(building);
    const { db } = openDatabase({ sqlitePath });
    await migrateToLatest(db);
    await seedDemoContent({ db, storage: createDiskStorage(uploadsDir) });
    await db.destroy();
    try {
      renameSync(building, template);
    } catch (error) {
      // Another worker put its template there first: use it.
      if (!existsSync(template)) throw error;
      rmSync(building, { recursive: true, force: true });
    }
    return template;
  })();
  return demoTemplate;
}

/** Starts the built production server (BUILD_DIR) on a new SQLite database of its own. */
export async function startOwnServer({
  seedDemo = false,
  prepare,
  env = {},
  localhost = false,
}: OwnServerOptions): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "roadbook-e2e-own-"));
  // The template holds DATA_DIR's database and uploads (the demo route's files).
  if (seedDemo) cpSync(await seededDemo(), dataDir, { recursive: true });
  const { db } = openDatabase({ sqlitePath: dataPaths(dataDir).sqlitePath });
  await migrateToLatest(db);
  await prepare?.(db);

  const port = await runPort();
  const listening = `http://127.0.0.1:${port}`;
  const baseURL = localhost ? `http://localhost:${port}` : listening;
  let output = "";
  let child: ChildProcessByStdio<null, Readable, Readable>;
  let exited: Promise<void>;

  /** The production server on this database and port, once it answers. */
  const launch = async (serverEnv: Record<string, string>) => {
    child = spawn(process.execPath, ["server/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: dataDir,
        // Seeded above when asked for: the server only seeds a database it migrates itself.
        SEED_DEMO: "false",
        PUBLIC_URL: baseURL,
        LOG_LEVEL: "error",
        TZ: "UTC",
        DATABASE_URL: "",
        S3_BUCKET: "",
        ...serverEnv,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    const deadline = Date.now() + SERVER_START_CEILING_MS;
    for (;;) {
      if (child.exitCode !== null) {
        await stop();
        throw new Error(`the server exited during start-up:\n${output}`);
      }
      const ready = await fetch(`${listening}/about`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`the server did not start within ${SERVER_START_CEILING_MS / 1000} s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  };

  /** Kills the server without warning (SIGKILL) and starts it again on the same data, with `more` env. */
  const killAndRestart = async (more: Record<string, string> = {}) => {
    child.kill("SIGKILL");
    await exited;
    await launch({ ...env, ...more });
  };

  await launch(env);
  return { baseURL, db, logs: () => output, stop, killAndRestart };
}

/**
 * The worker's own servers (and their mail servers), by the file and options they were started
 * for: started on a test's first need, kept for that file's next tests, stopped when a test of
 * another file needs one, and at the end of the worker (fixtures.ts). Read-only options share one
 * server across files. Held here rather than in worker fixtures: Playwright restarts a worker
 * (and its browser) for every file whose worker fixtures differ, seconds each (decision 055).
 */
type Pooled = { server: OwnServer; smtp?: LocalSmtp };
/** By key; `file` null for servers shared by read-only files. */
const pool = new Map<string, { file: string | null; pooled: Promise<Pooled> }>();

async function stopPooled(key: string): Promise<void> {
  const pooled = await pool.get(key)?.pooled.catch(() => undefined);
  pool.delete(key);
  await pooled?.server.stop();
  await pooled?.smtp?.close();
}

async function pooledServer(file: string, options: OwnServerOptions, mailing: boolean): Promise<Pooled> {
  atWorkerEnd(stopOwnServers);
  const owner = options.readOnly && !options.prepare ? null : file;
  const key = JSON.stringify({ owner, mailing, options, prepare: options.prepare?.toString() });
  if (!pool.has(key)) {
    // Another file's own server is done with: a file's tests never rely on another file's.
    for (const [other, entry] of pool) if (entry.file !== null && other !== key) await stopPooled(other);
    pool.set(key, { file: owner, pooled: startPooled(options, mailing) });
  }
  return pool.get(key)!.pooled;
}

async function startPooled(options: OwnServerOptions, mailing: boolean): Promise<Pooled> {
  if (!mailing) return { server: await startOwnServer(options) };
  const smtp = await startLocalSmtp();
  const env = { SMTP_URL: smtp.url, MAIL_FROM: "Hill Riders <rides@hillriders.test>", ...options.env };
  return { server: await startOwnServer({ ...options, env }), smtp };
}

/** Stops every own server of this worker. */
async function stopOwnServers(): Promise<void> {
  for (const key of [...pool.keys()]) await stopPooled(key);
}

/**
 * The guarded `test` of fixtures.ts on a server of its own (`ownServer`), one per file and worker
 * (one per worker for read-only options): `baseURL` (page.goto('/'), request.get('/')) points at it.
 */
export function testOnOwnServer(options: OwnServerOptions) {
  return test.extend<{ ownServer: OwnServer }>({
    ownServer: async ({}, use, testInfo) => {
      await use((await pooledServer(testInfo.file, options, false)).server);
    },
    baseURL: async ({ ownServer }, use) => {
      await use(ownServer.baseURL);
    },
  });
}

/**
 * testOnOwnServer, mailing through a local SMTP server of its own (`smtp`: the mails it
 * received), as the server sends riders' and admins' mail (decision 029).
 */
export function testOnOwnMailingServer(options: OwnServerOptions) {
  return test.extend<{ smtp: LocalSmtp; ownServer: OwnServer }>({
    smtp: async ({}, use, testInfo) => {
      await use((await pooledServer(testInfo.file, options, true)).smtp!);
    },
    ownServer: async ({}, use, testInfo) => {
      await use((await pooledServer(testInfo.file, options, true)).server);
    },
    baseURL: async ({ ownServer }, use) => {
      await use(ownServer.baseURL);
    },
  });
}
