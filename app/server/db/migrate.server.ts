import { type DatabaseIntrospector, PostgresAdapter, sql } from "kysely";
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

/**
 * The database as the migrator sees it on PostgreSQL: its introspection lists the tables of the
 * migration schema only. Kysely's own lists every table of every schema, by a query that fails
 * ("schema … does not exist") when another connection drops a schema while it runs, as test
 * files on parallel workers drop theirs. This one reads the catalogue by the schema's name alone.
 */
function scopedToSchema(db: Database, schema: string): Database {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    getTables: async () => {
      const { rows } = await sql<{ name: string }>`select c.relname as name
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'p')`.execute(db);
      return rows.map(({ name }) => ({ name, schema, isView: false, isForeign: false, columns: [] }));
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === "introspection") return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function migratorFor(db: Database): Promise<Migrator> {
  const schema = await postgresSchemaOf(db);
  return new Migrator({
    db: schema ? scopedToSchema(db, schema) : db,
    provider: { getMigrations: async () => migrations },
    nameComparator: compareMigrationNames,
    migrationTableSchema: schema,
  });
}

/** Brings the schema up to date; returns the names of the migrations it applied. */
export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = await migratorFor(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Brings the schema up to the migration `name`, no further: a migration's test starts from the one before it. */
export async function migrateTo(db: Database, name: string): Promise<void> {
  const { error } = await (await migratorFor(db)).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** The migrations this code knows that the database has not applied (readiness checks). */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const migrator = await migratorFor(db);
  return (await migrator.getMigrations())
    .filter((migration) => !migration.executedAt)
    .map((migration) => migration.name);
}
