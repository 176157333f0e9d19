import path from "node:path";
import { engineOf, openDatabase, type Engine } from "./database.server";
import { migrateToLatest } from "./migrate.server";
import type { Database } from "./schema.server";

export type OpenedDatabase = { db: Database; engine: Engine; location: string };

/**
 * The database the environment names, migrated to the latest schema — for the CLI scripts,
 * which read the same variables as the server: DATABASE_URL (postgres://… for PostgreSQL,
 * unset for SQLite) and DATA_DIR (default ./data; the SQLite file is DATA_DIR/roadbook.sqlite).
 */
export async function openDatabaseFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<OpenedDatabase> {
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && engineOf(databaseUrl) !== "postgres") {
    throw new Error("DATABASE_URL must be a postgres:// URL (leave it unset for SQLite in DATA_DIR)");
  }
  const sqlitePath = path.resolve(env.DATA_DIR || "./data", "roadbook.sqlite");
  const { db, engine } = openDatabase({ databaseUrl, sqlitePath });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  // Never echo the URL itself: it may carry a password.
  return { db, engine, location: engine === "postgres" ? "PostgreSQL (DATABASE_URL)" : sqlitePath };
}
