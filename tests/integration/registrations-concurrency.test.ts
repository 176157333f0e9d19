import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUSALS } from "~/domain/registration";
import { openDatabase, type Engine } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import { ValidationError } from "~/server/services/errors.server";
import { register, registrationCounts } from "~/server/services/registrations.server";
import { createRide } from "~/server/services/rides.server";
import { rideInput } from "../support/fixtures";
import { TEST_DATABASE_URL, TEST_ENGINES, withAdminClient } from "../support/postgres";
import { riderForm } from "../support/registration-fixtures";

// Never overbook (issue 12): riders race for the last 3 seats of a ride through two server
// instances at once. On PostgreSQL the instances are two connection pools on one database; on
// SQLite, this process and a second one on the same file.

const NOW = new Date("2027-05-01T06:00:00Z");
const CAPACITY = 10;
const ALREADY_BOOKED = CAPACITY - 3;
const RACERS = 60;

type Outcome = string;

/** An instance firing registrations when `go` is called; resolves with each one's outcome. */
type Instance = { go(): Promise<Outcome[]> };

function fire(db: Database, rideId: string, first: number, count: number): Promise<Outcome[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      register(db, rideId, riderForm(first + i), NOW).then(
        ({ registration }) => registration.status,
        (error: unknown) => (error instanceof ValidationError ? error.message : `error: ${String(error)}`),
      ),
    ),
  );
}

/** The second SQLite instance: tests/support/register-riders.ts in a process of its own. */
async function sqliteProcess(file: string, rideId: string, first: number, count: number): Promise<Instance> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.resolve("tests/support/register-riders.ts"),
      file,
      rideId,
      String(first),
      String(count),
      NOW.toISOString(),
    ],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const ready = await lines.next();
  if (ready.value !== "ready") throw new Error(`second instance did not start: ${String(ready.value)}`);
  return {
    go: async () => {
      child.stdin!.write("go\n");
      const result = await lines.next();
      return JSON.parse(String(result.value)) as Outcome[];
    },
  };
}

type Setup = {
  first: Database;
  second: (rideId: string, first: number, count: number) => Promise<Instance>;
  close(): Promise<void>;
};

async function openInstances(engine: Engine): Promise<Setup> {
  if (engine === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "roadbook-race-"));
    const file = path.join(dir, "race.sqlite");
    const { db } = openDatabase({ sqlitePath: file });
    await migrateToLatest(db);
    return {
      first: db,
      second: (rideId, first, count) => sqliteProcess(file, rideId, first, count),
      close: async () => {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `test_${randomUUID().replaceAll("-", "")}`;
  await withAdminClient((client) => client.query(`create schema ${schema}`));
  const first = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema }).db;
  const second = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema }).db;
  await migrateToLatest(first);
  return {
    first,
    second: async (rideId, from, count) => ({ go: () => fire(second, rideId, from, count) }),
    close: async () => {
      await Promise.all([first.destroy(), second.destroy()]);
      await withAdminClient((client) => client.query(`drop schema ${schema} cascade`));
    },
  };
}

/** A ride with CAPACITY seats, all but the last 3 taken, then RACERS riders at once through both instances. */
async function race(setup: Setup, waitlist: boolean) {
  const ride = await createRide(setup.first, rideInput({ registration: { mode: "site", seats: CAPACITY, waitlist } }));
  for (let n = 0; n < ALREADY_BOOKED; n++) await register(setup.first, ride.id, riderForm(n), NOW);
  const half = RACERS / 2;
  const second = await setup.second(ride.id, 1000 + half, half);
  const outcomes = (await Promise.all([fire(setup.first, ride.id, 1000, half), second.go()])).flat();
  const tally = Object.groupBy(outcomes, (outcome) => outcome);
  const counts = (await registrationCounts(setup.first, [ride.id])).get(ride.id)!;
  return { tally: Object.fromEntries(Object.entries(tally).map(([key, list]) => [key, list!.length])), counts };
}

for (const engine of TEST_ENGINES) {
  describe(`registrations under concurrency [${engine}]`, () => {
    let setup: Setup;
    beforeAll(async () => {
      setup = await openInstances(engine);
    });
    afterAll(async () => {
      await setup?.close();
    });

    it(`confirms exactly the last 3 seats among ${RACERS} riders at once, and waitlists the rest`, async () => {
      const { tally, counts } = await race(setup, true);
      expect(tally).toEqual({ confirmed: 3, waitlisted: RACERS - 3 });
      expect(counts).toMatchObject({ bookedSeats: CAPACITY, confirmed: CAPACITY, waitlisted: RACERS - 3 });
    });

    it(`without a waitlist confirms exactly 3 of ${RACERS} riders at once and tells the rest the ride is full`, async () => {
      const { tally, counts } = await race(setup, false);
      expect(tally).toEqual({ confirmed: 3, [REFUSALS.full]: RACERS - 3 });
      expect(counts).toMatchObject({ bookedSeats: CAPACITY, confirmed: CAPACITY, waitlisted: 0 });
    });
  });
}
