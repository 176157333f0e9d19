// The PostgreSQL database the operations specs' production instances share, as a deployment's
// instances do, with the spec's own connection to look at what they wrote.
import { test } from "@playwright/test";
import type { Database } from "~/server/db/schema.server";
import { openPostgres } from "./ops-admin.ts";
import {
  POSTGRES_ENABLED,
  POSTGRES_SKIP_REASON,
  SHARED_SESSION_SECRET,
  type TestDatabase,
  createDatabase,
} from "./ops-support.ts";

/** Skips the file or group it is called in when the run leaves PostgreSQL out. */
export function skipWithoutPostgres(): void {
  test.skip(!POSTGRES_ENABLED, POSTGRES_SKIP_REASON);
}

export type SharedPostgres = TestDatabase & {
  /** The spec's connection (a pool that connects on its first query). */
  db: Database;
  /** What an instance needs to join the others: the database and the session secret they share. */
  env: { DATABASE_URL: string; SESSION_SECRET: string };
  /** Closes the spec's connection and drops the database; stop the instances first. */
  close(): Promise<void>;
};

/** A new, empty database on the test server. */
export async function sharedPostgres(): Promise<SharedPostgres> {
  const database = await createDatabase();
  const db = openPostgres(database.url);
  return {
    ...database,
    db,
    env: { DATABASE_URL: database.url, SESSION_SECRET: SHARED_SESSION_SECRET },
    close: async () => {
      await db.destroy();
      await database.drop();
    },
  };
}
