import { spawn } from "node:child_process";
import { bookingPartEvenCancelled, duesOfRegistration } from "../support/dues";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUSALS } from "~/domain/registration/availability";
import { openDatabase, type Engine } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import type { Database, Executor } from "~/server/db/schema.server";
import { ValidationError } from "~/server/validation/errors.server";
import { getRegistration, registrationCounts } from "~/server/registrations/queries.server";
import { cancelRegistration } from "~/server/registrations/cancel.server";
import {
  CHECK_IN_CONFIRMED_ONLY,
  setCheckedIn,
  setParticipantsFromCheckIns,
} from "~/features/ride-day/server/check-in.server";
import { register } from "~/server/registrations/register.server";
import { setPayment } from "~/server/registrations/admin-changes.server";
import { ALREADY_PAID, submitUtrByToken } from "~/server/registrations/rider-changes.server";
import { matchStatement } from "~/domain/payments/match-statement";
import { guessMapping, readLines } from "~/domain/payments/statement";
import { confirmStatementMatches } from "~/server/payments/confirm-statement.server";
import { paymentsOwed } from "~/server/payments/expected-payments.server";
import { readStatementCsv } from "~/server/payments/statement-csv.server";
import { statementCsv } from "../support/statement-csv";
import { claimRefund } from "../support/refunds";
import { recordUpiRefund } from "~/server/payments/upi-refunds.server";
import { findOrCreateRider } from "~/features/rider-accounts/server/riders.server";
import { createRide, getRide } from "~/server/rides/rides.server";
import { rideInput } from "../support/fixtures";
import { TEST_DATABASE_URL, TEST_ENGINES, withAdminClient } from "../support/postgres";
import { riderForm, registerRider } from "../support/registration-fixtures";

const ADMIN = { id: null, email: "admin@example.com" };

// Never overbook (decision 019): riders race for the last 3 seats of a ride through two server
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
      registerRider(db, rideId, riderForm(first + i), NOW).then(
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
  /** Another instance's pool on PostgreSQL; on SQLite this process's own database. */
  other: Database;
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
      other: db,
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
    other: second,
    close: async () => {
      await Promise.all([first.destroy(), second.destroy()]);
      await withAdminClient((client) => client.query(`drop schema ${schema} cascade`));
    },
  };
}

/** A ride with CAPACITY seats, all but the last 3 taken, then RACERS riders at once through both instances. */
async function race(setup: Setup, waitlist: boolean) {
  const ride = await createRide(setup.first, rideInput({ registration: { mode: "site", seats: CAPACITY, waitlist } }));
  for (let n = 0; n < ALREADY_BOOKED; n++) await registerRider(setup.first, ride.id, riderForm(n), NOW);
  const half = RACERS / 2;
  const second = await setup.second(ride.id, 1000 + half, half);
  const outcomes = (await Promise.all([fire(setup.first, ride.id, 1000, half), second.go()])).flat();
  const tally = Object.groupBy(outcomes, (outcome) => outcome);
  const counts = (await registrationCounts(setup.first, [ride.id])).get(ride.id)!;
  return { tally: Object.fromEntries(Object.entries(tally).map(([key, list]) => [key, list!.length])), counts };
}

/** A bank statement's line (UTR `utr`) paying `reference`'s booking amount, matched as the statement page read it. */
async function statementMatches(db: Database, reference: string, utr: string) {
  const { headers, rows } = readStatementCsv(statementCsv([{ utr, amountPaise: 1_000_000, note: reference }]));
  const { lines } = readLines(rows, guessMapping(headers)!);
  return matchStatement(lines, (await paymentsOwed(db, NOW)).expected, new Set()).matches;
}

/** The booking's confirmed payments, and what it owes after them: each payment applied once. */
async function confirmedPayments(db: Database, registrationId: string) {
  const rows = await db
    .selectFrom("booking_entries")
    .select(["part", "amount_paise"])
    .where("registration_id", "=", registrationId)
    .where("kind", "=", "payment")
    .where("state", "=", "confirmed")
    .execute();
  const dues = await duesOfRegistration(db, registrationId, NOW);
  return { rows, received: dues.receivedPaise, booking: dues.booking };
}

const refusal = (error: unknown) => (error instanceof ValidationError ? error.message : `error: ${String(error)}`);

/**
 * Holds the lock of a ride (or a rider) as a command in progress does (PostgreSQL), makes
 * `change` in that transaction, starts `contenders` on another pool, and commits only once one
 * of them is waiting for this transaction: whatever they read then, they must see the change.
 */
async function whileLocked(
  db: Database,
  [table, id]: ["rides" | "riders", string],
  change: (trx: Executor) => Promise<Promise<unknown>[]>,
): Promise<unknown[]> {
  let contenders: Promise<unknown>[] = [];
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom(table).select("id").where("id", "=", id).forUpdate().execute();
    contenders = await change(trx);
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
    const holder = rows[0]!.pid;
    for (;;) {
      // A transaction sees pg_stat_activity as it was at its first look, unless told to look again.
      await sql`select pg_stat_clear_snapshot()`.execute(trx);
      const waiting = await sql<{ count: number }>`
        select count(*)::int as count from pg_stat_activity where ${holder} = any(pg_blocking_pids(pid))`.execute(trx);
      if (waiting.rows[0]!.count > 0) break;
    }
  });
  return Promise.all(contenders);
}

async function countRows(db: Database, table: "login_attempts"): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
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

    // Decision 058: a rush in one process is decided in batches, one transaction each.
    it("keeps each rider's audit row, confirmation mail and throttle count when a rush is decided in batches", async () => {
      const { first } = setup;
      const ride = await createRide(
        first,
        rideInput({ registration: { mode: "site", seats: CAPACITY, waitlist: true } }),
      );
      const attemptsBefore = await countRows(first, "login_attempts");
      const riders = Array.from({ length: RACERS }, (_, n) =>
        registerRider(first, ride.id, riderForm(3000 + n, { email: `rider${n}@example.com` }), NOW),
      );
      const statuses = (await Promise.all(riders)).map(({ registration }) => registration.status);
      expect(statuses).toEqual(Array.from({ length: RACERS }, (_, n) => (n < CAPACITY ? "confirmed" : "waitlisted")));
      const ids = (await first.selectFrom("registrations").select("id").where("ride_id", "=", ride.id).execute()).map(
        (row) => row.id,
      );
      expect(ids).toHaveLength(RACERS);
      const audited = await first
        .selectFrom("audit_log")
        .select("record_id")
        .where("collection", "=", "registrations")
        .where("record_id", "in", ids)
        .execute();
      expect(new Set(audited.map((row) => row.record_id)).size).toBe(RACERS);
      const mails = await first.selectFrom("outbox").select("payload").where("kind", "=", "registered-mail").execute();
      const mailed = mails.map((row) => (JSON.parse(row.payload) as { registrationId: string }).registrationId);
      expect(mailed.filter((id) => ids.includes(id))).toHaveLength(RACERS);
      expect((await countRows(first, "login_attempts")) - attemptsBefore).toBe(RACERS);
    });

    it(`without a waitlist confirms exactly 3 of ${RACERS} riders at once and tells the rest the ride is full`, async () => {
      const { tally, counts } = await race(setup, false);
      expect(tally).toEqual({ confirmed: 3, [REFUSALS.full]: RACERS - 3 });
      expect(counts).toMatchObject({ bookedSeats: CAPACITY, confirmed: CAPACITY, waitlisted: 0 });
    });

    // Decision 022: check-in, payment marks and "Set participants" take the ride's lock too.
    it(`never leaves a rider checked in or marked paid who was cancelled at the same moment`, async () => {
      const { first, other } = setup;
      const ride = await createRide(first, rideInput({ registration: { mode: "site", seats: CAPACITY } }));
      const riders = [];
      for (let n = 0; n < CAPACITY; n++)
        riders.push((await registerRider(first, ride.id, riderForm(2000 + n), NOW)).registration);
      const outcomes = await Promise.all(
        riders.map((rider) =>
          Promise.all([
            cancelRegistration(first, rider.id, { actor: ADMIN, now: NOW }).then(() => "cancelled"),
            setCheckedIn(other, rider.id, true, { actor: ADMIN, now: NOW }).then(() => "checked in", refusal),
            setPayment(other, rider.id, "paid", { actor: ADMIN, now: NOW }).then(() => "paid", refusal),
          ]),
        ),
      );
      expect(outcomes.flat().filter((outcome) => outcome.startsWith("error"))).toEqual([]);
      const rows = await Promise.all(riders.map((rider) => getRegistration(first, rider.id)));
      // A mark that came before the cancellation stands (a payment received is a fact); one
      // after it is refused. No cancelled rider is checked in, whichever came first.
      const parts = await Promise.all(riders.map((rider) => bookingPartEvenCancelled(first, rider.id)));
      expect(rows.map((row, index) => [row?.status, row?.checkedInAt, parts[index]])).toEqual(
        outcomes.map(([, , paid]) => ["cancelled", null, paid === "paid" ? "paid" : "due"]),
      );
    });

    it.runIf(engine === "postgres")(
      "a check-in or payment mark waits for a cancellation in progress, then is refused",
      async () => {
        const { first, other } = setup;
        const ride = await createRide(first, rideInput({ registration: { mode: "site", seats: CAPACITY } }));
        const rider = (await registerRider(first, ride.id, riderForm(3000), NOW)).registration;
        const outcomes = await whileLocked(first, ["rides", ride.id], async (trx) => {
          await trx.updateTable("registrations").set({ status: "cancelled" }).where("id", "=", rider.id).execute();
          return [
            setCheckedIn(other, rider.id, true, { actor: ADMIN, now: NOW }).then(() => "checked in", refusal),
            setPayment(other, rider.id, "paid", { actor: ADMIN, now: NOW }).then(() => "paid", refusal),
          ];
        });
        expect(outcomes).toEqual([CHECK_IN_CONFIRMED_ONLY, "This registration is cancelled"]);
        expect(await getRegistration(first, rider.id)).toMatchObject({ checkedInAt: null });
        expect(await bookingPartEvenCancelled(first, rider.id)).toBe("due");
      },
    );

    it.runIf(engine === "postgres")("'Set participants' waits for a check-in in progress, then counts it", async () => {
      const { first, other } = setup;
      const ride = await createRide(first, rideInput({ registration: { mode: "site", seats: CAPACITY } }));
      const rider = (await registerRider(first, ride.id, riderForm(3001), NOW)).registration;
      const [set] = await whileLocked(first, ["rides", ride.id], async (trx) => {
        await trx
          .updateTable("registrations")
          .set({ checked_in_at: NOW.toISOString() })
          .where("id", "=", rider.id)
          .execute();
        return [setParticipantsFromCheckIns(other, ride.id).then((saved) => saved.participants, refusal)];
      });
      expect(set).toBe(1);
      expect((await getRide(first, ride.id))?.participants).toBe(1);
    });

    // A bank statement's matches confirmed (docs/features/bank-statements.md, The write) while
    // the rider gives a UTR, or an admin marks the booking paid, on another instance.
    it.runIf(engine === "postgres")("a statement's payment and a rider's UTR at once: paid once", async () => {
      const { first, other } = setup;
      const ride = await createRide(first, rideInput({ registration: { mode: "site", seats: CAPACITY } }));
      const { registration, token } = await registerRider(first, ride.id, riderForm(4001), NOW);
      const matches = await statementMatches(first, registration.reference, "466666666666");
      expect(matches).toHaveLength(1);
      const [confirmed, claimed] = await whileLocked(first, ["rides", ride.id], async () => [
        confirmStatementMatches(other, matches, ADMIN, { bankKey: "race", now: NOW }),
        submitUtrByToken(other, token, "477777777777", NOW).then(() => "claimed", refusal),
      ]);
      // Whichever came first, the statement's line pays the booking amount: a claim is only a claim.
      expect(confirmed).toEqual({ recorded: 1, skipped: [] });
      expect([["claimed"], [ALREADY_PAID.booking]]).toContainEqual([claimed]);
      expect(await confirmedPayments(first, registration.id)).toEqual({
        rows: [{ part: "booking", amount_paise: 1_000_000 }],
        received: 1_000_000,
        booking: expect.objectContaining({ paid: true, leftPaise: 0, claimedUtr: null }),
      });
    });

    it.runIf(engine === "postgres")("a statement's payment and an admin's 'Mark paid' at once: paid once", async () => {
      const { first, other } = setup;
      const ride = await createRide(first, rideInput({ registration: { mode: "site", seats: CAPACITY } }));
      const { registration } = await registerRider(first, ride.id, riderForm(4002), NOW);
      const matches = await statementMatches(first, registration.reference, "488888888888");
      const [confirmed, marked] = await whileLocked(first, ["rides", ride.id], async () => [
        confirmStatementMatches(other, matches, ADMIN, { bankKey: "race", now: NOW }),
        setPayment(other, registration.id, "paid", { actor: ADMIN, now: NOW }).then(() => "marked", refusal),
      ]);
      expect(marked).toBe("marked");
      // Recorded by the statement, or passed over because the admin's mark came first.
      expect([
        { recorded: 1, skipped: [] },
        { recorded: 0, skipped: [{ line: 3, utr: "488888888888", reason: "changed" }] },
      ]).toContainEqual(confirmed);
      expect(await confirmedPayments(first, registration.id)).toEqual({
        rows: [{ part: "booking", amount_paise: 1_000_000 }],
        received: 1_000_000,
        booking: expect.objectContaining({ paid: true, leftPaise: 0 }),
      });
    });

    it.runIf(engine === "postgres")(
      "one UTR confirmed for two bookings of two rides at the same moment: the second is refused, no database error",
      async () => {
        const { first, other } = setup;
        const [rideA, rideB] = [
          await createRide(first, rideInput({ registration: { mode: "site", seats: CAPACITY } })),
          await createRide(first, rideInput({ registration: { mode: "site", seats: CAPACITY } })),
        ];
        const a = (await registerRider(first, rideA.id, riderForm(4003), NOW)).registration;
        const b = await registerRider(first, rideB.id, riderForm(4004), NOW);
        await submitUtrByToken(first, b.token, "499999999999", NOW);
        const [marked] = await whileLocked(first, ["rides", rideA.id], async (trx) => {
          // Booking A's payment of that UTR, written and not yet committed (a statement's, say).
          await trx
            .insertInto("booking_entries")
            .values({
              id: randomUUID(),
              registration_id: a.id,
              ride_id: rideA.id,
              kind: "payment",
              part: "booking",
              amount_paise: 1_000_000,
              state: "confirmed",
              method: "upi",
              reference: "499999999999",
              source: "race",
              note: "",
              created_at: NOW.toISOString(),
              decided_at: NOW.toISOString(),
            })
            .execute();
          return [
            setPayment(other, b.registration.id, "paid", { actor: ADMIN, now: NOW }).then(() => "marked", refusal),
          ];
        });
        expect(marked).toBe(`UTR 499999999999 is recorded already as a payment of booking ${a.reference}`);
        // B is as it was: unpaid, its rider's UTR still waiting to be checked.
        expect((await duesOfRegistration(first, b.registration.id, NOW)).booking).toMatchObject({
          paid: false,
          claimedUtr: "499999999999",
        });
      },
    );

    it.runIf(engine === "postgres")(
      "one UTR recorded for two UPI refunds of two rides at the same moment: the second is refused, no database error",
      async () => {
        const { first, other } = setup;
        const refundOf = async (n: number) => {
          const ride = await createRide(first, rideInput({ registration: { mode: "site", seats: CAPACITY } }));
          const { registration } = await registerRider(first, ride.id, riderForm(n), NOW);
          await setPayment(first, registration.id, "paid", { actor: ADMIN, now: NOW });
          return {
            ride,
            registration,
            entryId: await claimRefund(first, registration.id, { method: "upi", now: NOW }),
          };
        };
        const a = await refundOf(4005);
        const b = await refundOf(4006);
        const [recorded] = await whileLocked(first, ["rides", a.ride.id], async (trx) => {
          // Refund A recorded with that UTR, not yet committed: B's own check cannot see it.
          await trx
            .updateTable("booking_entries")
            .set({ state: "confirmed", reference: "477777777777", decided_at: NOW.toISOString() })
            .where("id", "=", a.entryId)
            .execute();
          return [
            recordUpiRefund(
              other,
              { registrationId: b.registration.id, entryId: b.entryId, utr: "477777777777" },
              { actor: ADMIN, now: NOW },
            ).then(() => "recorded", refusal),
          ];
        });
        expect(recorded).toBe("UTR 477777777777 is recorded already for another refund");
        // B's refund still waits to be sent.
        expect((await duesOfRegistration(first, b.registration.id, NOW)).refundPendingPaise).toBe(1_000_000);
      },
    );

    it.runIf(engine === "postgres")(
      "a booking made while its rider's account is being erased is made without the account",
      async () => {
        const { first, other } = setup;
        const ride = await createRide(first, rideInput({ registration: { mode: "site", seats: CAPACITY } }));
        const rider = await findOrCreateRider(first, "erasing@example.com", NOW);
        const [booked] = await whileLocked(first, ["riders", rider.id], async (trx) => {
          // The erasure's last step, its lock held: the account goes.
          await trx.deleteFrom("riders").where("id", "=", rider.id).execute();
          const options = {
            clientIp: "10.9.9.9",
            origin: "http://localhost",
            riderId: rider.id,
            now: NOW,
          };
          return [register(other, ride.id, riderForm(3002, { saveDetails: "on" }), options)];
        });
        expect(booked).toMatchObject({ ok: true, registration: { status: "confirmed" } });
        const { id } = (booked as { registration: { id: string } }).registration;
        const row = await first.selectFrom("registrations").select("rider_id").where("id", "=", id).executeTakeFirst();
        expect(row).toEqual({ rider_id: null });
        expect(await first.selectFrom("riders").select("id").where("id", "=", rider.id).execute()).toEqual([]);
      },
    );
  });
}
