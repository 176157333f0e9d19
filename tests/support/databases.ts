import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { openDatabase, type Engine } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import { dataPaths } from "~/server/env.server";
import { TEST_DATABASE_URL, TEST_ENGINES, withAdminClient } from "./postgres";

export type TestDatabase = {
  db: Database;
  engine: Engine;
  /** PostgreSQL: the schema it lives in. */ schema?: string;
  close(): Promise<void>;
};

/**
 * A migrated, empty database of its own: a SQLite file in a temporary directory, or a
 * fresh schema in the PostgreSQL test database. close() removes it. `migrate` brings it up to
 * date, or to where a migration's own test starts.
 */
export async function openTestDatabase(
  engine: Engine,
  migrate: (db: Database) => Promise<unknown> = migrateToLatest,
): Promise<TestDatabase> {
  if (engine === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "roadbook-test-"));
    const { db } = openDatabase({ sqlitePath: path.join(dir, "test.sqlite") });
    await migrate(db);
    return {
      db,
      engine,
      close: async () => {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const schema = `test_${randomUUID().replaceAll("-", "")}`;
  await withAdminClient((client) => client.query(`create schema ${schema}`));
  const { db } = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema });
  await migrate(db);
  return {
    db,
    engine,
    schema,
    close: async () => {
      await db.destroy();
      await withAdminClient((client) => client.query(`drop schema ${schema} cascade`));
    },
  };
}

/** The application's tables (everything but Kysely's migration bookkeeping). */
/** The SQLite database of a data directory, as the server opens it (migrated), for `work`; closed after. */
export async function withDataDir<T>(dataDir: string, work: (db: Database) => Promise<T>): Promise<T> {
  const { db } = openDatabase({ sqlitePath: dataPaths(dataDir).sqlitePath });
  try {
    await migrateToLatest(db);
    return await work(db);
  } finally {
    await db.destroy();
  }
}

export async function listTables(db: Database, engine: Engine): Promise<string[]> {
  const { rows } =
    engine === "sqlite"
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{
          name: string;
        }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
  return rows
    .map((row) => row.name)
    .filter((name) => !name.startsWith("kysely_"))
    .sort();
}

/** Empties every application table, so each test starts from a blank, migrated database. */
export async function clearTables(db: Database, engine: Engine): Promise<void> {
  const tables = await listTables(db, engine);
  if (engine === "postgres") {
    await sql`truncate table ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
    return;
  }
  for (const table of tables) await sql`delete from ${sql.table(table)}`.execute(db);
}

/**
 * Runs the same suite once per engine. Each engine gets its own database for the file
 * (so test files run in parallel) and every test starts with empty tables.
 */
export function describeEachEngine(name: string, suite: (getDb: () => Database, engine: Engine) => void): void {
  for (const engine of TEST_ENGINES) {
    describe(`${name} [${engine}]`, () => {
      let handle: TestDatabase | undefined;
      beforeAll(async () => {
        handle = await openTestDatabase(engine);
      });
      beforeEach(async () => {
        if (handle) await clearTables(handle.db, engine);
      });
      afterAll(async () => {
        await handle?.close();
      });
      suite(() => {
        if (!handle) throw new Error("test database not open yet");
        return handle.db;
      }, engine);
    });
  }
}
