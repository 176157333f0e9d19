import { PostgresAdapter, sql, type Transaction } from "kysely";
import type { Database, DB } from "./schema.server";

/**
 * A transaction whose loss in a power cut only makes work be done again: the outbox's claims
 * and its delivered marks (an entry not marked delivered is delivered again, as after a crash
 * between sending and marking; a lost claim was held by a process the power cut stopped too).
 *
 * On SQLite it commits without waiting for the disk (`synchronous = NORMAL` for this
 * transaction alone; every other commit stays FULL, docs/deploy.md "Durability"): node:sqlite
 * waits for the disk in the event loop, 1–10 ms a commit on a busy disk, and two such waits per
 * batch of 50 mails stalled every mail under way. A crashed process loses nothing either way; a
 * power cut can lose only the last commits, never one without those before it (the WAL is
 * written in order), and the next FULL commit syncs these with it. PostgreSQL commits as usual:
 * its wait is not in the event loop.
 */
export function replayableTransaction<T>(db: Database, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return db.transaction().execute(work);
  // One connection for the pragma, the transaction and the pragma back: nothing else runs between.
  return db.connection().execute(async (connection) => {
    await sql`pragma synchronous = NORMAL`.execute(connection);
    try {
      return await connection.transaction().execute(work);
    } finally {
      await sql`pragma synchronous = FULL`.execute(connection);
    }
  });
}
