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
import { freePort } from "../../support/ports.ts";
import { type LocalSmtp, startLocalSmtp } from "../../support/smtp.ts";
import { SERVER_START_CEILING_MS } from "./ceilings.ts";

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
    const runDir = process.env.ROADBOOK_E2E_RUN_DIR;
    if (!runDir) throw new Error("ROADBOOK_E2E_RUN_DIR is not set: run the specs through playwright.config.ts");
    const template = path.join(runDir, "demo");
    if (existsSync(template)) return template;
    const building = mkdtempSync(path.join(runDir, "demo-building-"));
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

  const port = await freePort();
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

/** The `test` of each set of read-only options, so that their files share a worker and its server. */
const readOnlyTests = new Map<string, ReturnType<typeof newTestOnOwnServer>>();

/**
 * The guarded `test` of fixtures.ts on a server of its own: one per worker, and `baseURL`
 * (page.goto('/'), request.get('/')) points at it. Playwright keeps a worker, and its server,
 * from one file to the next only for the same fixture, hence one `test` per read-only options.
 */
export function testOnOwnServer(options: OwnServerOptions) {
  if (!options.readOnly || options.prepare) return newTestOnOwnServer(options);
  const key = JSON.stringify(options);
  const shared = readOnlyTests.get(key) ?? newTestOnOwnServer(options);
  readOnlyTests.set(key, shared);
  return shared;
}

function newTestOnOwnServer(options: OwnServerOptions) {
  return test.extend<object, { ownServer: OwnServer }>({
    ownServer: [
      async ({}, use) => {
        const server = await startOwnServer(options);
        await use(server);
        await server.stop();
      },
      { scope: "worker" },
    ],
    baseURL: async ({ ownServer }, use) => {
      await use(ownServer.baseURL);
    },
  });
}

/**
 * testOnOwnServer, mailing through a local SMTP server of the worker's (`smtp`: the mails it
 * received), as the server sends riders' and admins' mail (decision 029).
 */
export function testOnOwnMailingServer(options: OwnServerOptions) {
  return test.extend<object, { smtp: LocalSmtp; ownServer: OwnServer }>({
    smtp: [
      async ({}, use) => {
        const smtp = await startLocalSmtp();
        await use(smtp);
        await smtp.close();
      },
      { scope: "worker" },
    ],
    ownServer: [
      async ({ smtp }, use) => {
        const env = { SMTP_URL: smtp.url, MAIL_FROM: "Hill Riders <rides@hillriders.test>", ...options.env };
        const server = await startOwnServer({ ...options, env });
        await use(server);
        await server.stop();
      },
      { scope: "worker" },
    ],
    baseURL: async ({ ownServer }, use) => {
      await use(ownServer.baseURL);
    },
  });
}
