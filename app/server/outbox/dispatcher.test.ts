import { expect, it } from "vitest";
import { describeEachEngine, openTestDatabase } from "../../../tests/support/databases";
import { TEST_DATABASE_URL, TEST_ENGINES } from "../../../tests/support/postgres";
import { attachDispatcher, runCommand } from "../commands/command.server";
import { openDatabase } from "../db/database.server";
import type { Database } from "../db/schema.server";
import { createDispatcher, retryDelayMs } from "./dispatcher.server";
import { enqueue, listFailedDeliveries } from "./entries.server";
import type { OutboxMessage } from "./messages.server";

// The outbox's delivery (decision 029): at least once, each entry by one instance at a time,
// retried with backoff, given up on where the admins see it.

const mail = (n: number): OutboxMessage => ({
  kind: "team-mail",
  mail: { to: `member-${n}@example.com`, subject: `Invitation ${n}`, text: "Join us" },
});

/** Writes entries as a command of an instance that then died: claimed by it for `claimMs`. */
async function leftBehind(db: Database, count: number, now: Date, claimMs = 0): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await enqueue(
      trx,
      Array.from({ length: count }, (_, n) => ({ message: mail(n) })),
      { now, claimMs },
    );
  });
}

describeEachEngine("outbox dispatcher", (getDb) => {
  it("delivers a command's entries once it commits, and nothing of a command that rolled back", async () => {
    const db = getDb();
    const delivered: string[] = [];
    const dispatcher = createDispatcher({
      db,
      deliveries: { "team-mail": ({ mail: sent }) => void delivered.push(sent.subject) },
    });
    attachDispatcher(db, dispatcher);
    await runCommand(db, (command) => command.enqueue(mail(1)));
    await expect(
      runCommand(db, async (command) => {
        await command.enqueue(mail(2));
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await dispatcher.settled();
    expect(delivered).toEqual(["Invitation 1"]);
    const rows = await db.selectFrom("outbox").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ payload: "{}", attempts: 0 });
    expect(rows[0]!.delivered_at).not.toBeNull();
    expect(await dispatcher.deliverDue()).toBe(0);
  });

  it("keeps a delayed entry until it is due, then delivers it at the first poll of any instance", async () => {
    const db = getDb();
    let now = new Date("2027-01-10T10:00:00Z");
    const delivered: string[] = [];
    const dispatcher = createDispatcher({
      db,
      now: () => now,
      deliveries: { "team-mail": ({ mail: sent }) => void delivered.push(sent.subject) },
    });
    attachDispatcher(db, dispatcher);
    await runCommand(
      db,
      (command) => command.enqueueAll([{ message: mail(1), dueAt: new Date(now.getTime() + 15 * 60_000) }]),
      now,
    );
    await dispatcher.settled();
    expect(delivered).toEqual([]);
    now = new Date(now.getTime() + 14 * 60_000);
    expect(await dispatcher.deliverDue()).toBe(0);
    const other = createDispatcher({
      db,
      now: () => now,
      deliveries: { "team-mail": ({ mail: sent }) => void delivered.push(`other: ${sent.subject}`) },
    });
    now = new Date(now.getTime() + 60_000);
    expect(await other.deliverDue()).toBe(1);
    expect(await dispatcher.deliverDue()).toBe(0);
    expect(delivered).toEqual(["other: Invitation 1"]);
  });

  it("delivers what a dead instance left once its claim runs out, and retries failures with backoff until it gives up", async () => {
    const db = getDb();
    let now = new Date("2027-01-10T10:00:00Z");
    const tick = (ms: number) => (now = new Date(now.getTime() + ms));
    await leftBehind(db, 1, now, 60_000);
    let failing = true;
    const delivered: string[] = [];
    const dispatcher = createDispatcher({
      db,
      now: () => now,
      maxAttempts: 3,
      deliveries: {
        "team-mail": ({ mail: sent }) => {
          if (failing) throw new Error(`550 <${sent.to}>: mailbox unavailable`);
          delivered.push(sent.subject);
        },
      },
    });
    // Still claimed by the instance that wrote it.
    expect(await dispatcher.deliverDue()).toBe(0);
    tick(60_000);
    expect(await dispatcher.deliverDue()).toBe(0);
    const [afterOne] = await db.selectFrom("outbox").selectAll().execute();
    expect(afterOne).toMatchObject({ attempts: 1, last_error: "550 <(address)>: mailbox unavailable" });
    // Not before its backoff.
    tick(retryDelayMs(1) - 1);
    expect(await dispatcher.deliverDue()).toBe(0);
    expect((await db.selectFrom("outbox").select("attempts").executeTakeFirstOrThrow()).attempts).toBe(1);
    tick(1);
    await dispatcher.deliverDue();
    tick(retryDelayMs(2));
    await dispatcher.deliverDue();
    // Three failures: given up, listed for the admins without the address, and not tried again.
    expect(await listFailedDeliveries(db)).toEqual([
      expect.objectContaining({
        label: "Team mail: Invitation 0",
        attempts: 3,
        error: "550 <(address)>: mailbox unavailable",
      }),
    ]);
    failing = false;
    tick(retryDelayMs(3));
    expect(await dispatcher.deliverDue()).toBe(0);
    expect(delivered).toEqual([]);
    expect(JSON.stringify(await db.selectFrom("outbox").selectAll().execute())).not.toContain("member-0@");

    // A new entry after a failure is delivered at the next attempt.
    await leftBehind(db, 1, now);
    tick(1);
    expect(await dispatcher.deliverDue()).toBe(1);
    expect(delivered).toEqual(["Invitation 0"]);
  });

  it("sends mail a few at once, never more than its concurrency, while content events go one after another in order", async () => {
    const db = getDb();
    let sending = 0;
    let most = 0;
    const mailed: string[] = [];
    const changes: (string | null)[] = [];
    const dispatcher = createDispatcher({
      db,
      concurrency: 3,
      deliveries: {
        "team-mail": async ({ mail: sent }) => {
          most = Math.max(most, ++sending);
          // The mail server's answer comes in a later turn of the event loop.
          await new Promise((resolve) => setImmediate(resolve));
          sending -= 1;
          mailed.push(sent.subject);
        },
        "content-changed": async ({ change }) => {
          changes.push(change.id);
          await new Promise((resolve) => setImmediate(resolve));
        },
      },
    });
    attachDispatcher(db, dispatcher);
    const content = (id: string): OutboxMessage => ({
      kind: "content-changed",
      change: { collection: "rides", id, action: "updated" },
    });
    await runCommand(db, async (command) => {
      await command.enqueueAll([
        { message: content("a") },
        ...Array.from({ length: 8 }, (_, n) => ({ message: mail(n) })),
        { message: content("b") },
        { message: content("c") },
      ]);
    });
    // The answer waited for the content events, in their order; not for the mail.
    expect(changes).toEqual(["a", "b", "c"]);
    await dispatcher.settled();
    expect(most).toBe(3);
    expect(mailed.toSorted()).toEqual(Array.from({ length: 8 }, (_, n) => `Invitation ${n}`));

    // What is due (left by a dead instance) goes the same way, each entry once.
    most = 0;
    mailed.length = 0;
    await leftBehind(db, 120, new Date(Date.now() - 1000));
    expect(await dispatcher.deliverDue()).toBe(120);
    expect(most).toBe(3);
    expect(new Set(mailed).size).toBe(120);
    expect(await dispatcher.deliverDue()).toBe(0);
  });

  it("tells a batched kind its claimed batch first, and records what its deliveries did with their marks, or neither", async () => {
    const db = getDb();
    let now = new Date("2027-01-10T10:00:00Z");
    await leftBehind(db, 3, now);
    const events: string[] = [];
    let recordFails = true;
    const dispatcher = createDispatcher({
      db,
      now: () => now,
      leaseMs: 10_000,
      deliveries: {
        "team-mail": {
          prepare: (messages) => void events.push(`prepare ${messages.length}`),
          deliver: ({ mail: sent }) => {
            events.push(`deliver ${sent.subject}`);
            return sent.subject;
          },
          record: async (trx, results) => {
            // Written in the marks' transaction: undone with them when it fails.
            for (const subject of results as string[])
              await trx
                .updateTable("outbox")
                .set({ label: `recorded ${subject}` })
                .where("label", "=", `Team mail: ${subject}`)
                .execute();
            if (recordFails) throw new Error("the disk is full");
          },
        },
      },
    });
    expect(await dispatcher.deliverDue()).toBe(3);
    expect(events[0]).toBe("prepare 3");
    expect(events.slice(1).toSorted()).toEqual([
      "deliver Invitation 0",
      "deliver Invitation 1",
      "deliver Invitation 2",
    ]);
    const rows = () => db.selectFrom("outbox").select(["label", "delivered_at"]).execute();
    for (const row of await rows())
      expect(row).toMatchObject({ delivered_at: null, label: expect.stringMatching(/^Team mail: /) });
    // Neither written: delivered again once the claim runs out, and this time recorded.
    recordFails = false;
    now = new Date(now.getTime() + 10_000);
    expect(await dispatcher.deliverDue()).toBe(3);
    const recorded = await rows();
    expect(recorded.map((row) => row.label).toSorted()).toEqual([
      "recorded Invitation 0",
      "recorded Invitation 1",
      "recorded Invitation 2",
    ]);
    for (const row of recorded) expect(row.delivered_at).not.toBeNull();
  });

  it("records each delivery as soon as it is done, while the others of its batch are still in flight", async () => {
    const db = getDb();
    // The mail server answers the first mail at once and holds the others: a process killed
    // now must not send the first again.
    let answer = () => undefined as void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const recorded: string[][] = [];
    const dispatcher = createDispatcher({
      db,
      deliveries: {
        "team-mail": {
          deliver: async ({ mail: sent }) => {
            // Answered in a later turn of the event loop, as a mail server's answer is.
            await new Promise((resolve) => setImmediate(resolve));
            if (sent.subject !== "Invitation 0") await held;
            return sent.subject;
          },
          record: async (_trx, results) => void recorded.push(results as string[]),
        },
      },
    });
    attachDispatcher(db, dispatcher);
    await runCommand(db, (command) => command.enqueueAll([0, 1, 2].map((n) => ({ message: mail(n) }))));
    const delivered = async () =>
      (await db.selectFrom("outbox").select("label").where("delivered_at", "is not", null).execute()).length;
    await expect.poll(delivered).toBe(1);
    expect(recorded).toEqual([["Invitation 0"]]);
    answer();
    await dispatcher.settled();
    expect(await delivered()).toBe(3);
    expect(recorded.flat().toSorted()).toEqual(["Invitation 0", "Invitation 1", "Invitation 2"]);
  });

  // A booking rush holds every pooled connection; a mark waiting for one held each answer until the rush was over.
  it("answers a command once its content events are delivered, without waiting for their marks", async () => {
    const db = getDb();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const heard: string[] = [];
    const dispatcher = createDispatcher({
      db,
      deliveries: {
        "content-changed": {
          deliver: ({ change }) => {
            heard.push(change.id ?? "");
            return change.id;
          },
          record: async () => await held,
        },
      },
    });
    attachDispatcher(db, dispatcher);
    await runCommand(db, (command) =>
      command.enqueue({ kind: "content-changed", change: { collection: "rides", id: "ride-1", action: "updated" } }),
    );
    // Answered while the mark is held (SQLite's one connection is busy with it until then).
    expect(heard).toEqual(["ride-1"]);
    release();
    await dispatcher.settled();
    const delivered = await db.selectFrom("outbox").select("id").where("delivered_at", "is not", null).execute();
    expect(delivered).toHaveLength(1);
  });

  it("leaves an entry that waited past half its claim for a later claim, so no other instance sends it too", async () => {
    const db = getDb();
    let now = new Date("2027-01-10T10:00:00Z");
    await leftBehind(db, 3, now);
    const mailed: string[] = [];
    const dispatcher = createDispatcher({
      db,
      now: () => now,
      leaseMs: 10_000,
      concurrency: 1,
      deliveries: {
        "team-mail": ({ mail: sent }) => {
          mailed.push(sent.subject);
          // A slow mail server: the first mail takes more than half the claim.
          now = new Date(now.getTime() + 5_001);
        },
      },
    });
    expect(await dispatcher.deliverDue()).toBe(1);
    // Still claimed: not taken again until the claim runs out, then delivered.
    expect(await dispatcher.deliverDue()).toBe(0);
    now = new Date(now.getTime() + 5_000);
    expect(await dispatcher.deliverDue()).toBe(1);
    now = new Date(now.getTime() + 10_000);
    expect(await dispatcher.deliverDue()).toBe(1);
    expect(mailed.toSorted()).toEqual(["Invitation 0", "Invitation 1", "Invitation 2"]);
  });
});

it.runIf(TEST_ENGINES.includes("postgres"))(
  "two instances on one PostgreSQL deliver each entry exactly once",
  async () => {
    const first = await openTestDatabase("postgres");
    // A second pool on the same schema: another instance.
    const { db: other } = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: first.schema! });
    try {
      await leftBehind(first.db, 200, new Date(Date.now() - 1000));
      const deliveries: string[] = [];
      const instance = (db: Database) =>
        createDispatcher({
          db,
          // One mail at a time: slow enough that neither instance has sent everything before the other claims.
          concurrency: 1,
          deliveries: {
            "team-mail": async ({ mail: sent }) => {
              deliveries.push(sent.subject);
              await new Promise((resolve) => setTimeout(resolve, 1));
            },
          },
        });
      const [a, b] = [instance(first.db), instance(other)];
      const counts = await Promise.all([a.deliverDue(), b.deliverDue(), a.deliverDue(), b.deliverDue()]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(200);
      expect(deliveries).toHaveLength(200);
      expect(new Set(deliveries).size).toBe(200);
      // Both took part.
      expect(counts[0]! + counts[2]!).toBeGreaterThan(0);
      expect(counts[1]! + counts[3]!).toBeGreaterThan(0);
    } finally {
      await other.destroy();
      await first.close();
    }
  },
);
