import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { TEST_DATABASE_URL, TEST_ENGINES, withAdminClient } from "../../../tests/support/postgres";
import { migrations } from "../../../migrations";
import { openDatabase } from "./database.server";
import { migrateToLatest, pendingMigrations } from "./migrate.server";

const schemaName = () => `test_${randomUUID().replaceAll("-", "")}`;

it.skipIf(!TEST_ENGINES.includes("postgres"))(
  "migrates a PostgreSQL schema while other connections drop theirs, as test files on parallel workers do",
  async () => {
    const migrated = new AbortController();
    // Other schemas come and go for as long as the migrations run (Kysely's own introspection
    // failed with `schema "…" does not exist` when one went during its scan of every schema).
    const churn = () =>
      withAdminClient(async (client) => {
        while (!migrated.signal.aborted) {
          const other = schemaName();
          await client.query(`create schema ${other}; create table ${other}.t (id serial primary key, note text)`);
          await client.query(`drop schema ${other} cascade`);
        }
      });
    const churning = [churn(), churn()];
    try {
      for (let round = 0; round < 2; round++) {
        const schema = schemaName();
        await withAdminClient((client) => client.query(`create schema ${schema}`));
        const { db } = openDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema });
        try {
          expect(await migrateToLatest(db)).toHaveLength(Object.keys(migrations).length);
          expect(await pendingMigrations(db)).toEqual([]);
        } finally {
          await db.destroy();
          await withAdminClient((client) => client.query(`drop schema ${schema} cascade`));
        }
      }
    } finally {
      migrated.abort();
      await Promise.all(churning);
    }
  },
);
