import { randomUUID } from "node:crypto";
import { PostgresAdapter, type Selectable } from "kysely";
import { replayableTransaction } from "../db/replayable-transaction.server";
import type { Database, Executor, OutboxTable } from "../db/schema.server";
import { labelOf, type OutboxKind, type OutboxMessage } from "./messages.server";

// The outbox table (decision 029): entries written in a change's transaction, claimed by one
// instance at a time, marked delivered or failed. The dispatcher (dispatcher.server.ts) decides when.

export type OutboxEntry = Selectable<OutboxTable>;

/**
 * One entry to write: the message and the booking reference its label names. With `dueAt` it
 * waits until then (a change notice): written unclaimed, so whichever instance polls first
 * once it is due delivers it.
 */
export type NewEntry = { message: OutboxMessage; reference?: string; dueAt?: Date };

/** Rows inserted at once: well under SQLite's 32,766 bound variables and PostgreSQL's 65,535. */
const BATCH = 500;

/**
 * Writes the entries into the outbox in the caller's transaction: they exist exactly when the
 * change does. A command's entries start claimed by its instance for `claimMs`, since that
 * instance delivers them right after the commit; another instance (or this one after a
 * restart) takes them over only once that claim has run out; a delayed one (`dueAt`) is left
 * to the polls. Returns their ids, in order.
 */
export async function enqueue(
  trx: Executor,
  entries: readonly NewEntry[],
  { now, claimMs }: { now: Date; claimMs: number },
): Promise<string[]> {
  const at = now.toISOString();
  const claimedUntil = new Date(now.getTime() + claimMs).toISOString();
  const rows = entries.map(({ message, reference = "", dueAt }) => {
    const { kind, ...payload } = message;
    return {
      id: randomUUID(),
      kind,
      payload: JSON.stringify(payload),
      label: labelOf(message, reference).slice(0, 200),
      created_at: at,
      due_at: dueAt ? dueAt.toISOString() : at,
      claimed_until: dueAt ? null : claimedUntil,
      attempts: 0,
      last_error: null,
      delivered_at: null,
      failed_at: null,
    };
  });
  for (let start = 0; start < rows.length; start += BATCH) {
    await trx
      .insertInto("outbox")
      .values(rows.slice(start, start + BATCH))
      .execute();
  }
  return rows.map((row) => row.id);
}

/** The message an entry holds. */
export function messageOf(entry: OutboxEntry): OutboxMessage {
  return { kind: entry.kind, ...JSON.parse(entry.payload) } as OutboxMessage;
}

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Claims up to `limit` entries of `kinds` that are due and not claimed by a live instance, for
 * `leaseMs`. On PostgreSQL `for update skip locked` lets instances claim at once without
 * waiting on each other or taking the same entry; on SQLite the transaction holds the write lock.
 */
export async function claimDue(
  db: Database,
  kinds: readonly OutboxKind[],
  { now, leaseMs, limit }: { now: Date; leaseMs: number; limit: number },
): Promise<OutboxEntry[]> {
  if (kinds.length === 0) return [];
  const at = now.toISOString();
  const dueQuery = (executor: Executor) =>
    executor
      .selectFrom("outbox")
      .select("id")
      .where("delivered_at", "is", null)
      .where("failed_at", "is", null)
      .where("due_at", "<=", at)
      .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)]))
      .where("kind", "in", [...kinds])
      .orderBy("due_at")
      .orderBy("created_at")
      .limit(limit);
  // Most polls find nothing: a plain read says so without taking SQLite's writer lock.
  if (!(await dueQuery(db).limit(1).executeTakeFirst())) return [];
  // Lost in a power cut, the claim goes with the process that held it: replayable.
  return replayableTransaction(db, async (trx) => {
    let due = dueQuery(trx);
    if (isPostgres(trx)) due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((row) => row.id);
    if (ids.length === 0) return [];
    return trx
      .updateTable("outbox")
      .set({ claimed_until: new Date(now.getTime() + leaseMs).toISOString() })
      .where("id", "in", ids)
      .returningAll()
      .execute();
  });
}

/** Delivered: the payload (which may hold a booking link) is emptied, the row kept a while for the record. */
export async function markDelivered(db: Executor, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("outbox")
    .set({ delivered_at: now.toISOString(), claimed_until: null, payload: "{}" })
    .where("id", "in", [...ids])
    .where("delivered_at", "is", null)
    .execute();
}

/** A failed attempt: tried again at `retryAt`, or given up on (failed) when there is none. */
export async function markAttemptFailed(
  db: Executor,
  entry: Pick<OutboxEntry, "id" | "attempts">,
  error: string,
  { now, retryAt }: { now: Date; retryAt: Date | null },
): Promise<void> {
  await db
    .updateTable("outbox")
    .set({
      attempts: entry.attempts + 1,
      last_error: error.slice(0, 300),
      claimed_until: null,
      ...(retryAt ? { due_at: retryAt.toISOString() } : { failed_at: now.toISOString(), payload: "{}" }),
    })
    .where("id", "=", entry.id)
    .where("delivered_at", "is", null)
    .execute();
}

export type FailedDelivery = { id: string; label: string; attempts: number; error: string; failedAt: string };

/** Entries given up on, newest first: the dashboard shows them to the admins. */
export async function listFailedDeliveries(db: Executor, limit = 20): Promise<FailedDelivery[]> {
  const rows = await db
    .selectFrom("outbox")
    .select(["id", "label", "attempts", "last_error", "failed_at"])
    .where("failed_at", "is not", null)
    .orderBy("failed_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    attempts: row.attempts,
    error: row.last_error ?? "",
    failedAt: row.failed_at ?? "",
  }));
}

/** Delivered entries older than `before` go: they were kept only to show what happened lately. */
export async function purgeDelivered(db: Executor, before: Date): Promise<number> {
  const result = await db
    .deleteFrom("outbox")
    .where("delivered_at", "is not", null)
    .where("delivered_at", "<", before.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
