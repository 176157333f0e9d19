import { CREDIT_KINDS, CREDIT_STATES, type CreditEntry, creditSummary } from "~/features/credit/domain/credit";
import type { Executor } from "~/server/db/schema.server";

// Reading the credit ledger (docs/features/credit.md). Its writes are commands that first take
// the rider's lock (riders.server.ts lockRider), so what is left is read under it.

function oneOf<T extends string>(values: readonly T[], value: string, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** A rider's ledger, oldest first. */
export async function creditEntriesOf(db: Executor, riderId: string): Promise<CreditEntry[]> {
  const rows = await db
    .selectFrom("credit_entries")
    .selectAll()
    .where("rider_id", "=", riderId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    riderId: row.rider_id,
    registrationId: row.registration_id,
    kind: oneOf(CREDIT_KINDS, row.kind, "adjustment"),
    // An unknown state counts for nothing.
    state: oneOf(CREDIT_STATES, row.state, "declined"),
    amountPaise: row.amount_paise,
    note: row.note,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
  }));
}

/** What the rider can spend now; read it under lockRider before spending it. */
export async function creditLeftOf(db: Executor, riderId: string): Promise<number> {
  return creditSummary(await creditEntriesOf(db, riderId)).leftPaise;
}

/** Credit left per rider, for lists (the admins' riders directory); riders without any are absent. */
export async function creditLeftByRider(db: Executor, riderIds: readonly string[]): Promise<Map<string, number>> {
  const left = new Map<string, number>();
  if (riderIds.length === 0) return left;
  const rows = await db
    .selectFrom("credit_entries")
    .select(["rider_id", (eb) => eb.fn.sum<string | number>("amount_paise").as("total")])
    .where("rider_id", "in", riderIds)
    .where("state", "=", "confirmed")
    .groupBy("rider_id")
    .execute();
  for (const row of rows) if (row.rider_id) left.set(row.rider_id, Math.max(0, Number(row.total)));
  return left;
}
