import { randomUUID } from "node:crypto";
import { accountEmail, type Rider } from "~/features/rider-accounts/domain/account";
import type { Executor } from "~/server/db/schema.server";
import { withRowLock } from "~/server/db/row-lock.server";
import { serverClock } from "~/server/clock.server";

// Riders' accounts (docs/features/rider-accounts.md): found by email, made on the first sign-in.

/** The account of an address, made now if it has none (a first sign-in). */
export async function findOrCreateRider(db: Executor, email: string, now = serverClock()): Promise<Rider> {
  const address = accountEmail(email);
  const found = await db.selectFrom("riders").select(["id", "email"]).where("email", "=", address).executeTakeFirst();
  if (found) return found;
  const at = now.toISOString();
  const rider = { id: randomUUID(), email: address };
  // Two first sign-ins at once: the second insert does nothing, and both read the one row.
  await db
    .insertInto("riders")
    .values({
      ...rider,
      created_at: at,
      last_seen_at: at,
      details: null,
      details_saved_at: null,
      passport_slug: null,
      admin_note: "",
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  return db.selectFrom("riders").select(["id", "email"]).where("email", "=", address).executeTakeFirstOrThrow();
}

export async function getRider(db: Executor, id: string): Promise<Rider | null> {
  return (await db.selectFrom("riders").select(["id", "email"]).where("id", "=", id).executeTakeFirst()) ?? null;
}

/**
 * Locks the rider's account row until the transaction ends: what guards their credit, so two
 * bookings at once (on two rides, whose locks differ) never spend it twice. On SQLite a write
 * transaction already holds the database's one write lock. False when the account is gone.
 */
export async function lockRider(trx: Executor, riderId: string): Promise<boolean> {
  const query = trx.selectFrom("riders").select("id").where("id", "=", riderId);
  return (await withRowLock(trx, query).executeTakeFirst()) !== undefined;
}

/**
 * Locks the rider's account as lockRider does and says whether a booking made with `email` may
 * belong to it (decision 042): only when the account's address is the booking's. An account of
 * another address never holds a rider's booking, however the account's owner came by its link.
 */
export async function lockRiderOfEmail(trx: Executor, riderId: string, email: string): Promise<boolean> {
  const query = trx.selectFrom("riders").select("email").where("id", "=", riderId);
  const row = await withRowLock(trx, query).executeTakeFirst();
  return row !== undefined && row.email === accountEmail(email);
}
