import type { Command } from "../../commands/command.server";
import type { Executor } from "../../db/schema.server";

// The payment links made for bookings (decision 060): which booking a link or a Razorpay order
// pays, and the one link a booking is offered now.

export type LinkRow = { linkId: string; registrationId: string; orderId: string | null; tokenHash: string };

const COLUMNS = ["link_id", "registration_id", "order_id", "token_hash"] as const;

function linkRow(row: {
  link_id: string;
  registration_id: string;
  order_id: string | null;
  token_hash: string;
}): LinkRow {
  return { linkId: row.link_id, registrationId: row.registration_id, orderId: row.order_id, tokenHash: row.token_hash };
}

/**
 * The reference a booking's `n`th link is made with: unique per Razorpay account (Razorpay refuses
 * a second link with one, which is what makes two presses at once one link), made of the booking's
 * id, never its secret token or anything personal.
 */
export function linkReference(registrationId: string, n: number): string {
  const base = `rb_${registrationId.replaceAll("-", "")}`;
  return n === 1 ? base : `${base}_${n}`;
}

/** The link the booking is offered now (the last one not given up), or null. */
export async function liveLinkOf(executor: Executor, registrationId: string): Promise<LinkRow | null> {
  const row = await executor
    .selectFrom("payment_links")
    .select(COLUMNS)
    .where("registration_id", "=", registrationId)
    .where("cancelled_at", "is", null)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return row ? linkRow(row) : null;
}

/** How many links the booking was ever given: the next one's number follows. */
export async function linkCountOf(executor: Executor, registrationId: string): Promise<number> {
  const { count } = await executor
    .selectFrom("payment_links")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("registration_id", "=", registrationId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The link of this id, or, without one, of this order (a `payment.captured` event names only its order). */
export async function findLink(
  executor: Executor,
  { linkId, orderId }: { linkId: string | null; orderId: string | null },
): Promise<LinkRow | null> {
  if (!linkId && !orderId) return null;
  let query = executor.selectFrom("payment_links").select(COLUMNS);
  query = linkId ? query.where("link_id", "=", linkId) : query.where("order_id", "=", orderId);
  const row = await query.executeTakeFirst();
  return row ? linkRow(row) : null;
}

/** Keeps a link made (or found again) for a booking; one kept already stays as it is. */
export async function keepLink(
  executor: Executor,
  link: { linkId: string; registrationId: string; referenceId: string; amountPaise: number; tokenHash: string },
  now: Date,
): Promise<void> {
  await executor
    .insertInto("payment_links")
    .values({
      link_id: link.linkId,
      registration_id: link.registrationId,
      reference_id: link.referenceId,
      order_id: null,
      amount_paise: link.amountPaise,
      token_hash: link.tokenHash,
      created_at: now.toISOString(),
      cancelled_at: null,
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Notes the order Razorpay opened for a link, so its `payment.captured` events find the booking. */
export async function noteOrder(executor: Executor, linkId: string, orderId: string): Promise<void> {
  await executor
    .updateTable("payment_links")
    .set({ order_id: orderId })
    .where("link_id", "=", linkId)
    .where("order_id", "is", null)
    .execute();
}

/** Gives up a link the booking no longer offers (a new amount). */
export async function giveUpLink(executor: Executor, linkId: string, now: Date): Promise<void> {
  await executor
    .updateTable("payment_links")
    .set({ cancelled_at: now.toISOString() })
    .where("link_id", "=", linkId)
    .where("cancelled_at", "is", null)
    .execute();
}

/**
 * A cancelled booking's live links are given up, and cancelled at Razorpay once the command
 * commits (the outbox retries until Razorpay answers), so nobody pays for a seat they no longer hold.
 */
export async function cancelLinksOf(command: Command, registrationId: string, reference: string): Promise<void> {
  const live = await command.trx
    .selectFrom("payment_links")
    .select("link_id")
    .where("registration_id", "=", registrationId)
    .where("cancelled_at", "is", null)
    .execute();
  for (const { link_id } of live) {
    await giveUpLink(command.trx, link_id, command.now);
    await command.enqueue({ kind: "payment-link-cancel", linkId: link_id }, reference);
  }
}
