import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import { afterEach, describe, expect, it } from "vitest";
import { backupDataDir, restoreDataDir } from "~/server/backup/sqlite-backup.server";
import { type Engine, openDatabase } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import { dataPaths } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { eraseExpiredRegistrations, eraseRide, scheduleErasure } from "~/server/registrations/erasure.server";
import { listRecentActivity } from "~/server/audit/audit.server";
import { exportContent } from "~/server/content/content-transfer.server";
import { listRegistrations, registrationCounts } from "~/server/registrations/queries.server";
import { createRide } from "~/server/rides/rides.server";
import { describeEachEngine, withDataDir } from "../support/databases";
import { rideInput } from "../support/fixtures";
import { TEST_DATABASE_URL, TEST_ENGINES, withAdminClient } from "../support/postgres";
import { riderForm, registerRider } from "../support/registration-fixtures";

// Riders' personal data outside the pages (decision 021): never in content:export;
// only in the admin's registrations:export; erased after the retention period, automatically
// and by command; kept by backups like every other table.

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Registrations are made before the cut-off of the rides below (start 2027-06-10, end 2027-06-18). */
const BOOKED_AT = new Date("2027-05-01T06:00:00Z");
const RETENTION_DAYS = 180;
/** The first instant a ride ending on 2027-06-18 is past a 180-day retention. */
const PAST_RETENTION = new Date("2027-12-16T00:00:00Z");

/** Every personal value a rider below gives, as it is stored. */
const PERSONAL = [
  "Asha Kulkarni",
  "+919845012345",
  "asha.k@rider.test",
  "Vikram Kulkarni",
  "+919123456789",
  "KA01 20230001234",
  "Meera Pillion",
  "Himalayan 450 Sandstorm",
];

function richRider(n: number) {
  return riderForm(n, {
    name: n === 0 ? "Asha Kulkarni" : `Rider ${n}`,
    mobile: n === 0 ? "+91 98450 12345" : `98${String(n).padStart(8, "0")}`,
    email: n === 0 ? "asha.k@rider.test" : "",
    emergencyName: "Vikram Kulkarni",
    emergencyPhone: "+91 91234 56789",
    bloodGroup: "AB-",
    option: n === 0 ? "pillion" : "solo",
    pillionName: n === 0 ? "Meera Pillion" : "",
    bikeModel: "Himalayan 450 Sandstorm",
    licenceNumber: "KA01 20230001234",
  });
}

/** A ride taking registrations here, with `riders` riders registered (rider 0 gives every field). */
async function rideWithRiders(db: Database, riders: number, overrides: Record<string, unknown> = {}) {
  const ride = await createRide(
    db,
    rideInput({
      registration: {
        mode: "site",
        seats: 20,
        askLicence: true,
        options: { solo: { offered: true }, pillion: { offered: true } },
      },
      ...overrides,
    }),
  );
  // A month before the ride starts: rides in the past were booked while they were upcoming,
  // and public by then.
  await db.updateTable("rides").set({ published_at: "2000-01-01T00:00:00.000Z" }).where("id", "=", ride.id).execute();
  const bookedAt = new Date(Date.parse(ride.startDate) - 30 * 24 * 60 * 60 * 1000);
  for (let n = 0; n < riders; n++) {
    await registerRider(db, ride.id, richRider(n), new Date(bookedAt.getTime() + n * 1000));
  }
  return ride;
}

function expectNoPersonalData(text: string) {
  for (const value of PERSONAL) expect(text).not.toContain(value);
}

describeEachEngine("riders' personal data", (getDb) => {
  it("content:export holds the rides but not one registration", async () => {
    const db = getDb();
    const ride = await rideWithRiders(db, 3);
    const exported = JSON.stringify(await exportContent(db));
    expect(exported).toContain(ride.id);
    expectNoPersonalData(exported);
    expect(exported).not.toMatch(/registrations"|RB-[0-9A-Z]{4}/);
  });

  it("is erased once the ride has been over for the retention period, keeping the anonymous counts", async () => {
    const db = getDb();
    const ended = await rideWithRiders(db, 3);
    const later = await rideWithRiders(db, 1, { startDate: "2027-09-01", endDate: "2027-09-05" });
    const countsBefore = await registrationCounts(db, [ended.id, later.id]);

    const dayBefore = new Date(PAST_RETENTION.getTime() - 1);
    expect(await eraseExpiredRegistrations(db, RETENTION_DAYS, dayBefore)).toBe(0);
    expect(await eraseExpiredRegistrations(db, RETENTION_DAYS, PAST_RETENTION)).toBe(3);
    const entry = (await listRecentActivity(db, 100)).find((recent) => recent.actorEmail === "the site");
    expect(entry).toMatchObject({ collection: "registrations", action: "deleted" });
    expect(entry!.summary).toBe(
      `Erased the personal data of 3 registrations kept ${RETENTION_DAYS} days past their ride`,
    );
    // Idempotent: a second sweep (another instance's) finds nothing left to erase.
    expect(await eraseExpiredRegistrations(db, RETENTION_DAYS, PAST_RETENTION)).toBe(0);

    const erased = await listRegistrations(db, ended.id);
    expect(erased).toHaveLength(3);
    for (const registration of erased) {
      expect(registration).toMatchObject({ name: "", phone: "", email: "", licenceNumber: "" });
      expect(registration.erasedAt).not.toBeNull();
    }
    expectNoPersonalData(
      JSON.stringify(await db.selectFrom("registrations").selectAll().where("ride_id", "=", ended.id).execute()),
    );
    // The later ride's riders are still within their retention.
    expect((await listRegistrations(db, later.id))[0]).toMatchObject({ name: "Asha Kulkarni", erasedAt: null });
    expect(await registrationCounts(db, [ended.id, later.id])).toEqual(countsBefore);
  });

  it("one ride is erased on request: refused within its retention unless asked now", async () => {
    const db = getDb();
    const ride = await rideWithRiders(db, 2);
    const within = await eraseRide(db, ride.id, { days: RETENTION_DAYS, now: false, at: BOOKED_AT });
    expect(within).toEqual({ refused: expect.stringContaining("kept until 2027-12-16") });
    expect((await listRegistrations(db, ride.id)).every((registration) => registration.name !== "")).toBe(true);

    expect(await eraseRide(db, ride.id, { days: RETENTION_DAYS, now: true, at: BOOKED_AT })).toEqual({ erased: 2 });
    expect((await listRegistrations(db, ride.id)).every((registration) => registration.name === "")).toBe(true);
    expect(await eraseRide(db, "no-such-ride", { days: RETENTION_DAYS, now: true })).toEqual({
      refused: "No ride no-such-ride and no registrations for it.",
    });
  });

  it("the server's schedule sweeps at start-up and logs counts only", async () => {
    const db = getDb();
    await rideWithRiders(db, 2, { startDate: "2020-01-01", endDate: "2020-01-03" });
    const lines: string[] = [];
    const logger = createLogger("info", false, { write: (line: string) => void lines.push(line) });
    const schedule = scheduleErasure(db, RETENTION_DAYS, logger);
    await schedule.stop();
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ msg: "registrations past retention erased", erased: 2, retentionDays: 180 }),
    ]);
    expectNoPersonalData(lines.join("\n"));
  });
});

/** Two handles on one new database, as two instances have: two pools, or two SQLite connections. */
async function twoInstances(engine: Engine): Promise<{ dbs: [Database, Database]; close(): Promise<void> }> {
  if (engine === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "roadbook-erase-"));
    const file = path.join(dir, "erase.sqlite");
    const dbs: [Database, Database] = [openDatabase({ sqlitePath: file }).db, openDatabase({ sqlitePath: file }).db];
    await migrateToLatest(dbs[0]);
    return {
      dbs,
      close: async () => {
        await Promise.all(dbs.map((db) => db.destroy()));
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `test_${randomUUID().replaceAll("-", "")}`;
  await withAdminClient((client) => client.query(`create schema ${schema}`));
  const open = () => openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema }).db;
  const dbs: [Database, Database] = [open(), open()];
  await migrateToLatest(dbs[0]);
  return {
    dbs,
    close: async () => {
      await Promise.all(dbs.map((db) => db.destroy()));
      await withAdminClient((client) => client.query(`drop schema ${schema} cascade`));
    },
  };
}

describe.each(TEST_ENGINES)("erasure on several instances at once [%s]", (engine) => {
  it("erases each registration once between them", async () => {
    const { dbs, close } = await twoInstances(engine);
    try {
      for (let ride = 0; ride < 4; ride++) {
        await rideWithRiders(dbs[0], 5, { title: `Old ride ${ride}`, startDate: "2020-01-01", endDate: "2020-01-02" });
      }
      const counts = await Promise.all([
        eraseExpiredRegistrations(dbs[0], RETENTION_DAYS),
        eraseExpiredRegistrations(dbs[1], RETENTION_DAYS),
        eraseExpiredRegistrations(dbs[1], RETENTION_DAYS),
      ]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(20);
      const rows = await dbs[1].selectFrom("registrations").select(["erased_at", "phone", "data"]).execute();
      expect(rows).toHaveLength(20);
      expect(rows.every((row) => row.erased_at !== null && row.phone === null && row.data === "{}")).toBe(true);
    } finally {
      await close();
    }
  });
});

// ——— The command-line scripts and backups, on a SQLite data directory as a deployment has ———

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function temporary(name: string): string {
  const directory = mkdtempSync(path.join(tmpdir(), `roadbook-${name}-`));
  directories.push(directory);
  return directory;
}

const runScript = (script: string, args: string[], env: Record<string, string>) =>
  promisify(execFile)(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATABASE_URL: "", ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );

describe("registrations on the command line and in backups (SQLite)", () => {
  it(
    "content:export leaves registrations out; registrations:export writes them as CSV for Excel",
    { timeout: 60_000 },
    async () => {
      const dataDir = temporary("data");
      const [first, second] = await withDataDir(dataDir, async (db) => {
        const ride = await rideWithRiders(db, 2);
        const other = await rideWithRiders(db, 1, {
          title: "Coorg Coffee Trail",
          startDate: "2027-07-01",
          endDate: "2027-07-02",
        });
        await registerRider(
          db,
          other.id,
          riderForm(9, { name: '=HYPERLINK("http://evil.test")', licenceNumber: "MH12 1" }),
          new Date("2027-06-05T00:00:00Z"),
        );
        return [ride, other];
      });
      const env = { DATA_DIR: dataDir };

      const content = await runScript("scripts/content-export.ts", ["-"], env);
      expect(content.code).toBe(0);
      expect(content.stdout).toContain(first!.id);
      expectNoPersonalData(content.stdout);

      const file = path.join(temporary("export"), "riders.csv");
      const all = await runScript("scripts/registrations-export.ts", [file], env);
      expect(all).toMatchObject({ code: 0, stderr: expect.stringContaining("Exported 4 registrations") });
      const bytes = readFileSync(file);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(statSync(file).mode & 0o077).toBe(0);
      const records = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
      expect(records.map((record) => [record.Ride, record.Name])).toEqual([
        ["Spiti Valley Circuit", "Asha Kulkarni"],
        ["Spiti Valley Circuit", "Rider 1"],
        ["Coorg Coffee Trail", "Asha Kulkarni"],
        // A spreadsheet shows it as text rather than running it.
        ["Coorg Coffee Trail", '\'=HYPERLINK("http://evil.test")'],
      ]);
      expect(records[0]).toMatchObject({
        Status: "confirmed",
        Seats: "2",
        Mobile: "'+919845012345",
        Email: "asha.k@rider.test",
        "Emergency contact": "Vikram Kulkarni",
        "Blood group": "AB-",
        Pillion: "Meera Pillion",
        "Licence number": "KA01 20230001234",
        "Booking payment": "due",
        Reference: expect.stringMatching(/^RB-[0-9A-Z]{4}$/),
      });

      const one = await runScript("scripts/registrations-export.ts", ["-", "--ride", second!.id], env);
      expect(one.code).toBe(0);
      expect((parse(one.stdout, { bom: true, columns: true }) as unknown[]).length).toBe(2);
      expect(await runScript("scripts/registrations-export.ts", ["-", "--ride", "nope"], env)).toMatchObject({
        code: 1,
        stderr: expect.stringContaining("No ride nope"),
      });
      expect(await runScript("scripts/registrations-export.ts", [], env)).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("Usage: npm run registrations:export -- FILE [--ride ID]"),
      });
    },
  );

  it(
    "registrations:export makes the file its owner's alone, even over files others could read",
    { timeout: 60_000 },
    async () => {
      const dataDir = temporary("data");
      await withDataDir(dataDir, (db) => rideWithRiders(db, 1));
      const file = path.join(temporary("export"), "riders.csv");
      // An earlier export's file and an interrupted one's leftover, both readable by anyone.
      for (const leftover of [file, `${file}.partial`]) {
        writeFileSync(leftover, "old");
        chmodSync(leftover, 0o644);
      }
      const exported = await runScript("scripts/registrations-export.ts", [file], { DATA_DIR: dataDir });
      expect(exported).toMatchObject({ code: 0, stderr: expect.stringContaining("Exported 1 registrations") });
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, "utf8")).toContain("Asha Kulkarni");
      expect(existsSync(`${file}.partial`)).toBe(false);
    },
  );

  it(
    "registrations:erase erases past the retention, one ride on request, and --now at once",
    { timeout: 60_000 },
    async () => {
      const dataDir = temporary("data");
      const [old, upcoming] = await withDataDir(dataDir, async (db) => [
        await rideWithRiders(db, 2, {
          title: "Old ride",
          startDate: "2020-01-01",
          endDate: "2020-01-03",
        }),
        await rideWithRiders(db, 2),
      ]);
      const env = { DATA_DIR: dataDir, REGISTRATION_RETENTION_DAYS: "30" };
      const names = (rideId: string) =>
        withDataDir(dataDir, async (db) =>
          (await listRegistrations(db, rideId)).map((registration) => registration.name),
        );

      expect(await runScript("scripts/registrations-erase.ts", [], env)).toMatchObject({
        code: 0,
        stderr: expect.stringContaining(
          "Erased the personal data of 2 registrations of rides that ended more than 30 days ago",
        ),
      });
      expect(await names(old!.id)).toEqual(["", ""]);
      expect(await names(upcoming!.id)).toEqual(["Asha Kulkarni", "Rider 1"]);

      expect(await runScript("scripts/registrations-erase.ts", ["--ride", upcoming!.id], env)).toMatchObject({
        code: 1,
        stderr: expect.stringContaining("Add --now to erase it now"),
      });
      expect(await names(upcoming!.id)).toEqual(["Asha Kulkarni", "Rider 1"]);
      expect(await runScript("scripts/registrations-erase.ts", ["--ride", upcoming!.id, "--now"], env)).toMatchObject({
        code: 0,
        stderr: expect.stringContaining("Erased the personal data of 2 registrations of ride"),
      });
      expect(await names(upcoming!.id)).toEqual(["", ""]);
      expect(await runScript("scripts/registrations-erase.ts", ["--bogus"], env)).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("Usage: npm run registrations:erase -- [--ride ID] [--now]"),
      });
    },
  );

  it("a backup holds the registrations, personal data included, and restores them", { timeout: 60_000 }, async () => {
    const dataDir = temporary("data");
    const ride = await withDataDir(dataDir, (db) => rideWithRiders(db, 3));
    const target = path.join(temporary("backup"), "backup");
    await backupDataDir({ dataDir, target });
    // Read through a copy: opening the backup itself would change its bytes.
    const copy = temporary("inspect");
    copyFileSync(dataPaths(target).sqlitePath, dataPaths(copy).sqlitePath);
    const original = await withDataDir(dataDir, (db) => listRegistrations(db, ride.id));
    expect(await withDataDir(copy, (db) => listRegistrations(db, ride.id))).toEqual(original);
    expect(original.map((registration) => registration.name)).toEqual(["Asha Kulkarni", "Rider 1", "Rider 2"]);

    const restored = temporary("restored");
    await restoreDataDir({ dataDir: restored, source: target });
    expect(await withDataDir(restored, (db) => listRegistrations(db, ride.id))).toEqual(original);
  });
});
