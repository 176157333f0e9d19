import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachEngine } from "../../../tests/support/databases";
import { replayableTransaction } from "./replayable-transaction.server";

// The outbox's claims and delivered marks commit without waiting for the disk on SQLite; they
// are still transactions, and every other commit still waits for it.

const outboxRow = (id: string) => ({
  id,
  kind: "team-mail",
  payload: "{}",
  label: "a mail",
  created_at: "2026-11-26T10:00:00.000Z",
  due_at: "2026-11-26T10:00:00.000Z",
  claimed_until: null,
  attempts: 0,
  last_error: null,
  delivered_at: null,
  failed_at: null,
});

describeEachEngine("a replayable transaction", (getDb, engine) => {
  it("writes all of its work or, when it fails, none of it", async () => {
    const db = getDb();
    await replayableTransaction(db, (trx) => trx.insertInto("outbox").values(outboxRow("kept")).execute());
    await expect(
      replayableTransaction(db, async (trx) => {
        await trx.insertInto("outbox").values(outboxRow("undone")).execute();
        throw new Error("the work failed");
      }),
    ).rejects.toThrow("the work failed");
    const ids = (await db.selectFrom("outbox").select("id").execute()).map((row) => row.id);
    expect(ids).toEqual(["kept"]);
  });

  it.runIf(engine === "sqlite")(
    "leaves every other commit waiting for the disk, after it ended either way",
    async () => {
      const db = getDb();
      const synchronous = async () =>
        (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]?.synchronous;
      const during: (number | undefined)[] = [];
      await replayableTransaction(db, async (trx) => {
        during.push((await sql<{ synchronous: number }>`pragma synchronous`.execute(trx)).rows[0]?.synchronous);
      });
      await replayableTransaction(db, () => Promise.reject(new Error("failed"))).catch(() => undefined);
      // 1 is NORMAL, 2 FULL.
      expect(during).toEqual([1]);
      expect(await synchronous()).toBe(2);
    },
  );
});
