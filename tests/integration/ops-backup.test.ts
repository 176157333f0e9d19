import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, test } from "vitest";
import { SESSION_SECRET_FILE } from "~/server/auth/kept-session-secret.server";
import { BackupError, backupDataDir, restoreDataDir, verifyBackup } from "~/server/backup/sqlite-backup.server";
import type { Database } from "~/server/db/schema.server";
import { dataPaths } from "~/server/env.server";
import { getStats } from "~/server/content/stats.server";
import { withDataDir } from "../support/databases";
import { snapshot } from "../support/fixtures";
import { startWriter } from "../support/ops-processes";

// npm run backup / npm run restore on SQLite: a consistent copy taken while a server writes,
// put back byte for byte, and the refusals that protect the data in place.

const ROOT = path.resolve(import.meta.dirname, "../..");
const directories: string[] = [];

function temporary(name: string): string {
  const directory = mkdtempSync(path.join(tmpdir(), `roadbook-${name}-`));
  directories.push(directory);
  return directory;
}

afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** Reads a backup's database through a copy: opening the backup itself would change its bytes. */
async function inBackup<T>(backup: string, work: (db: Database) => Promise<T>): Promise<T> {
  const copy = temporary("inspect");
  copyFileSync(dataPaths(backup).sqlitePath, dataPaths(copy).sqlitePath);
  return withDataDir(copy, work);
}

/** A data directory with a migrated database and two uploads, as a running site has. */
async function siteData(): Promise<string> {
  const dataDir = temporary("data");
  await withDataDir(dataDir, async () => undefined);
  const { uploadsDir: uploads } = dataPaths(dataDir);
  await mkdir(path.join(uploads, "images/rides"), { recursive: true });
  writeFileSync(path.join(uploads, "images/rides/1763800000000_pass.webp"), Buffer.alloc(5_000, 7));
  writeFileSync(path.join(uploads, "images/rides/1763800000001_lake.webp"), Buffer.alloc(3_000, 9));
  // An upload still being written: not part of any backup.
  writeFileSync(path.join(uploads, "images/rides/.upload-123"), "partial");
  return dataDir;
}

const runScript = (script: string, args: string[], env: Record<string, string>) =>
  promisify(execFile)(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
  }).then(
    ({ stderr }) => ({ code: 0, stderr }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );

describe("backup and restore (SQLite)", () => {
  test(
    "a backup taken while writes stream in is consistent, and restores to exactly what it holds",
    { timeout: 90_000 },
    async () => {
      const dataDir = await siteData();
      const writer = await startWriter({ DATA_DIR: dataDir });
      try {
        await writer.untilAcked(10);
        const before = writer.acked.length;
        const target = path.join(temporary("backup"), "backup");
        const manifest = await backupDataDir({ dataDir, target });
        const after = writer.acked.length;
        await writer.untilAcked(after + 5);

        expect(manifest.database.migrations.length).toBeGreaterThan(0);
        expect(manifest.uploads.map((file) => file.path)).toEqual([
          "images/rides/1763800000000_pass.webp",
          "images/rides/1763800000001_lake.webp",
        ]);
        await inBackup(target, async (db) => {
          const rides = await db.selectFrom("rides").select(["id", "status"]).execute();
          // Every ride acknowledged before the backup began is in it; rides keep coming after.
          const ids = new Set(rides.map((ride) => ride.id));
          expect(writer.acked.slice(0, before).every((id) => ids.has(id))).toBe(true);
          expect(rides.length).toBeLessThan(writer.acked.length + 1);
          // One snapshot: the statistics written in each ride's transaction match its rides.
          expect((await getStats(db)).completedRides).toBe(rides.filter((ride) => ride.status === "completed").length);
        });

        const restored = temporary("restored");
        await restoreDataDir({ dataDir: restored, source: target });
        expect(await withDataDir(restored, snapshot)).toEqual(await inBackup(target, snapshot));
        for (const file of manifest.uploads) {
          expect(readFileSync(path.join(dataPaths(restored).uploadsDir, file.path))).toEqual(
            readFileSync(path.join(dataPaths(dataDir).uploadsDir, file.path)),
          );
        }
      } finally {
        writer.child.kill("SIGKILL");
        await writer.exited;
      }

      // Once the writes have stopped, backup and restore give back the data exactly.
      const quiet = path.join(temporary("backup"), "quiet");
      await backupDataDir({ dataDir, target: quiet });
      const restored = temporary("restored");
      await restoreDataDir({ dataDir: restored, source: quiet });
      expect(await withDataDir(restored, snapshot)).toEqual(await withDataDir(dataDir, snapshot));
    },
  );

  test("restore refuses while a program has the database open", { timeout: 60_000 }, async () => {
    const dataDir = await siteData();
    const target = path.join(temporary("backup"), "b");
    await backupDataDir({ dataDir, target });
    const writer = await startWriter({ DATA_DIR: dataDir });
    try {
      await expect(restoreDataDir({ dataDir, source: target, force: true })).rejects.toThrow(
        /is in use: stop the server/,
      );
    } finally {
      writer.child.kill("SIGKILL");
      await writer.exited;
    }
  });

  test("restore refuses a data directory that holds data unless forced, and then keeps the old data aside", async () => {
    const dataDir = await siteData();
    const target = path.join(temporary("backup"), "b");
    await backupDataDir({ dataDir, target });
    await expect(restoreDataDir({ dataDir, source: target })).rejects.toThrow(/already holds data.*--force/);
    const { setAside } = await restoreDataDir({ dataDir, source: target, force: true });
    expect(setAside).not.toBeNull();
    expect(existsSync(dataPaths(setAside!).sqlitePath)).toBe(true);
    expect(existsSync(path.join(dataPaths(setAside!).uploadsDir, "images/rides/1763800000000_pass.webp"))).toBe(true);
    expect(existsSync(dataPaths(dataDir).sqlitePath)).toBe(true);
  });

  test("the session secret kept in DATA_DIR travels with the backup, owner-only, and a restore puts it back", async () => {
    const dataDir = await siteData();
    const secret = path.join(dataDir, SESSION_SECRET_FILE);
    writeFileSync(secret, "kept-secret-of-this-site-0123456789abcdef\n", { mode: 0o600 });
    const target = path.join(temporary("backup"), "b");
    const manifest = await backupDataDir({ dataDir, target });
    expect(manifest.sessionSecret?.path).toBe(SESSION_SECRET_FILE);
    expect(statSync(path.join(target, SESSION_SECRET_FILE)).mode & 0o777).toBe(0o600);

    // Restored elsewhere (a new machine): the riders' sealed links open with the same secret.
    const elsewhere = temporary("restored");
    await restoreDataDir({ dataDir: elsewhere, source: target });
    expect(readFileSync(path.join(elsewhere, SESSION_SECRET_FILE), "utf8")).toBe(readFileSync(secret, "utf8"));
    expect(statSync(path.join(elsewhere, SESSION_SECRET_FILE)).mode & 0o777).toBe(0o600);

    // Restored over a site with another secret: that one is kept aside with the rest.
    writeFileSync(secret, "a-newer-secret-made-after-the-backup-000000\n", { mode: 0o600 });
    const { setAside } = await restoreDataDir({ dataDir, source: target, force: true });
    expect(readFileSync(path.join(setAside!, SESSION_SECRET_FILE), "utf8")).toContain("a-newer-secret");
    expect(readFileSync(secret, "utf8")).toContain("kept-secret-of-this-site");

    // A tampered copy is refused like any other file of the backup.
    writeFileSync(path.join(target, SESSION_SECRET_FILE), "tampered");
    await expect(verifyBackup(target)).rejects.toThrow(/session-secret is missing or damaged/);
  });

  test("a damaged or unfinished backup is refused before anything is touched", async () => {
    const dataDir = await siteData();
    const target = path.join(temporary("backup"), "b");
    await backupDataDir({ dataDir, target });
    writeFileSync(path.join(dataPaths(target).uploadsDir, "images/rides/1763800000001_lake.webp"), "tampered");
    await expect(verifyBackup(target)).rejects.toThrow(/missing or damaged/);
    const empty = temporary("restored");
    await expect(restoreDataDir({ dataDir: empty, source: empty })).rejects.toThrow(BackupError);
    expect(existsSync(dataPaths(empty).sqlitePath)).toBe(false);
  });

  test("backup refuses a target that is not empty", async () => {
    const dataDir = await siteData();
    await expect(backupDataDir({ dataDir, target: dataDir })).rejects.toThrow(/not empty/);
  });

  test(
    "the command-line scripts: usage, PostgreSQL pointed to pg_dump, a round trip",
    { timeout: 60_000 },
    async () => {
      expect(await runScript("scripts/backup.ts", [], {})).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("Usage: npm run backup -- DIR"),
      });
      expect(await runScript("scripts/restore.ts", [], {})).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("Usage: npm run restore -- DIR [--force]"),
      });
      const postgres = await runScript("scripts/backup.ts", ["/tmp/x"], { DATABASE_URL: "postgres://u:p@h/db" });
      expect(postgres).toMatchObject({ code: 2, stderr: expect.stringContaining("pg_dump") });

      const dataDir = await siteData();
      const target = path.join(temporary("backup"), "cli");
      expect(await runScript("scripts/backup.ts", [target], { DATA_DIR: dataDir })).toMatchObject({
        code: 0,
        stderr: expect.stringContaining("2 uploads"),
      });
      const refused = await runScript("scripts/restore.ts", [target], { DATA_DIR: dataDir });
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining("--force") });
      const restored = temporary("restored");
      expect(await runScript("scripts/restore.ts", [target], { DATA_DIR: restored })).toMatchObject({ code: 0 });
      expect(await withDataDir(restored, snapshot)).toEqual(await withDataDir(dataDir, snapshot));
    },
  );
});
