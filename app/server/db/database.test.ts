import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, expect, it } from "vitest";
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
