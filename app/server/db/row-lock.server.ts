import { PostgresAdapter, type SelectQueryBuilder } from "kysely";
import type { Executor } from "./schema.server";

/**
 * `query`, locking the rows it selects for the rest of the transaction. On PostgreSQL
 * `select … for update` makes every other transaction that locks them wait here, on whichever
 * instance it runs; on SQLite the transaction already holds the database's write lock from its
 * first statement (BEGIN IMMEDIATE, database.server.ts), which serialises writers across
 * processes too, so the query is left as it is.
 */
export function withRowLock<DB, TB extends keyof DB, O>(
  trx: Executor,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return trx.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query;
}
