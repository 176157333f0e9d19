import { type Env, readEnv } from "../env.server";
import { openDatabase, type Engine } from "./database.server";
import { migrateToLatest } from "./migrate.server";
import type { Database } from "./schema.server";

export type OpenedDatabase = {
  db: Database;
  engine: Engine;
  /** What to tell an operator: the SQLite file, or just "PostgreSQL" (the URL may carry a password). */
  location: string;
  /** The migrations this opening applied (all of them on a brand-new database). */
  applied: string[];
};

/**
 * The database the environment names, migrated to the latest schema: PostgreSQL when
 * DATABASE_URL is set (readEnv accepts only postgres:// there), else the SQLite file in
 * DATA_DIR. The server and every CLI open their database here, so they always agree.
 */
export async function openDatabaseFromEnv(
  env: Pick<Env, "databaseUrl" | "sqlitePath"> = readEnv(),
): Promise<OpenedDatabase> {
  const { db, engine } = openDatabase({ databaseUrl: env.databaseUrl, sqlitePath: env.sqlitePath });
  let applied: string[];
  try {
    applied = await migrateToLatest(db);
  } catch (error) {
    // The server retries start-up while the database is unreachable: no pool left behind per attempt.
    await db.destroy();
    throw error;
  }
  return { db, engine, location: engine === "postgres" ? "PostgreSQL (DATABASE_URL)" : env.sqlitePath, applied };
}
