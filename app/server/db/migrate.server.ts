import { PostgresAdapter, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { migrations } from "../../../migrations";
import { compareMigrationNames } from "../../../migrations/naming";
import type { Database } from "./schema.server";

/**
 * On PostgreSQL, the schema the connection works in. Kysely's migrator otherwise looks for
 * its bookkeeping table in every schema of the database, so a second schema (tests run one
 * each, in parallel) would make it believe migrations ran that did not.
 */
async function postgresSchemaOf(db: Database): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

async function migratorFor(db: Database): Promise<Migrator> {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    nameComparator: compareMigrationNames,
    migrationTableSchema: await postgresSchemaOf(db),
  });
}

/** Brings the schema up to date; returns the names of the migrations it applied. */
export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = await migratorFor(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** The migrations this code knows that the database has not applied (readiness checks). */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const migrator = await migratorFor(db);
  return (await migrator.getMigrations())
    .filter((migration) => !migration.executedAt)
    .map((migration) => migration.name);
}
