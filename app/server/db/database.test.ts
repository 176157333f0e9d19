import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "kysely";
import { afterEach, expect, it } from "vitest";
import { TEST_DATABASE_URL, TEST_ENGINES } from "../../../tests/support/postgres";
import { dataPaths } from "../env.server";
import { openDatabase } from "./database.server";
import { migrateToLatest } from "./migrate.server";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it("a SQLite transaction holds the write lock from its start, so another process waits instead of failing mid-way", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "roadbook-db-"));
  dirs.push(dir);
  const file = dataPaths(dir).sqlitePath;
  const { db } = openDatabase({ sqlitePath: file });
  await migrateToLatest(db);
  const other = new DatabaseSync(file);
  other.exec("PRAGMA busy_timeout = 0");

  let lockedDuringTransaction = false;
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom("rides").select("id").execute();
    try {
      other.exec("BEGIN IMMEDIATE");
      other.exec("ROLLBACK");
    } catch (error) {
      lockedDuringTransaction = /locked|busy/i.test(String(error));
    }
  });

  other.exec("BEGIN IMMEDIATE");
  other.exec("ROLLBACK");
  other.close();
  await db.destroy();
  expect(lockedDuringTransaction).toBe(true);
});

it.runIf(TEST_ENGINES.includes("postgres"))(
  "a rush of more transactions than the pool has connections waits its turn on PostgreSQL, however long, instead of failing",
  async () => {
    const { db } = openDatabase({ databaseUrl: TEST_DATABASE_URL });
    try {
      // 40 transactions of 0.6 s on 10 connections: the last wait about 2.4 s for theirs,
      // longer than the 2 s a connection may take to open.
      const outcomes = await Promise.all(
        Array.from({ length: 40 }, () =>
          db
            .transaction()
            .execute((trx) => sql`select pg_sleep(0.6)`.execute(trx))
            .then(
              () => "done",
              (error: unknown) => String(error),
            ),
        ),
      );
      expect(outcomes.filter((outcome) => outcome !== "done")).toEqual([]);
    } finally {
      await db.destroy();
    }
  },
);
