import { formatRupees } from "~/domain/registration/balance";
import type { AuditActor } from "~/domain/audit";
import type { Database, Executor } from "../../db/schema.server";
import { onRide } from "../../registrations/booking-audit.server";
import { addEntry, bookingPaidBy } from "../../registrations/ledger.server";
import { withRegistrationById } from "../../registrations/locked-registration.server";
import { ridePagesChanged } from "../../rides/pages-changed.server";
import type { RazorpayClient } from "../razorpay/client.server";
import { findLink, noteOrder } from "./payment-links.server";

// How Razorpay's word moves money (decision 060): whatever brought it (a webhook, the rider's
// return), the payment is fetched from Razorpay and recorded only if it is captured, in rupees
// and one of the booking's link; then once, in one command under the ride's lock.

/** Who records an online payment, in the trail. */
export const RAZORPAY_ACTOR: AuditActor = { id: null, email: "Razorpay" };

/** What Razorpay said was paid: a webhook's event or the rider's signed return. */
export type ProviderWord = {
  paymentId: string;
  linkId: string | null;
  orderId: string | null;
  /** The webhook event's id (applied once by it), or null for the rider's return. */
  eventId: string | null;
  /** The event's name (payment.captured…); without an event, what brought it: "link" (its list of payments, read when a payment starts). */
  event: string;
};

export type ApplyOutcome =
  /** Recorded now. */
  | { kind: "recorded"; registrationId: string; amountPaise: number }
  /** Recorded before (another event of the same payment, the rider's return, a retry). */
  | { kind: "already"; registrationId: string }
  /** This event was applied before. */
  | { kind: "duplicate" }
  /** No link of ours: another system's payment on the account, or an order not known yet. */
  | { kind: "unknown-link" }
  /** Razorpay does not call it captured rupees of that link: nothing moves. */
  | { kind: "not-captured"; registrationId: string; status: string };

/** Keeps an event's id: true the first time, false when it was applied before. */
export async function firstTime(executor: Executor, id: string, event: string, now: Date): Promise<boolean> {
  const kept = await executor
    .insertInto("payment_events")
    .values({ id, event, received_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return kept !== undefined;
}

/** Whether the event was applied before: a retry is answered without asking Razorpay anything. */
export async function seenEvent(db: Database, id: string): Promise<boolean> {
  const row = await db.selectFrom("payment_events").select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}

/** Keeps the id of an event that moves nothing, so its retries are answered at once. */
export async function keepEvent(db: Database, id: string, event: string, now: Date): Promise<void> {
  await firstTime(db, id, event, now);
}

/**
 * Applies what Razorpay said was paid: the payment fetched and checked, then recorded once as a
 * confirmed online payment of the booking its link was made for (for no part: the booking amount
 * first, then the balance), with its line in the trail, the ride's pages told and the rider mailed.
 */
export async function applyPayment(
  db: Database,
  client: RazorpayClient,
  word: ProviderWord,
  now: Date,
): Promise<ApplyOutcome> {
  const link = await findLink(db, { linkId: word.linkId, orderId: word.orderId });
  if (!link) return { kind: "unknown-link" };
  // The event and the return are triggers, never proof: Razorpay's own records say what was paid.
  const [payment, remote] = await Promise.all([
    client.fetchPayment(word.paymentId),
    client.fetchPaymentLink(link.linkId),
  ]);
  const ofLink =
    remote.payments.some((listed) => listed.payment_id === payment.id) ||
    (payment.order_id !== null && payment.order_id === remote.order_id);
  if (payment.status !== "captured" || payment.currency !== "INR" || !ofLink || payment.amount <= 0) {
    return { kind: "not-captured", registrationId: link.registrationId, status: payment.status };
  }
  const source = `razorpay:${word.eventId ?? word.event}`;
  return withRegistrationById(
    db,
    link.registrationId,
    async (command, row, ride): Promise<ApplyOutcome> => {
      if (word.eventId && !(await firstTime(command.trx, word.eventId, word.event, command.now))) {
        return { kind: "duplicate" };
      }
      if (remote.order_id) await noteOrder(command.trx, link.linkId, remote.order_id);
      // The ledger's unique index refuses a payment id confirmed twice; asked first, so a second
      // word about it is an answer, not a failed transaction.
      if (await bookingPaidBy(command.trx, "online", payment.id)) return { kind: "already", registrationId: row.id };
      await addEntry(command, row, {
        kind: "payment",
        part: null,
        amountPaise: payment.amount,
        state: "confirmed",
        method: "online",
        reference: payment.id,
        source,
      });
      const summary = `Received ${formatRupees(payment.amount)} online for booking ${row.reference}${onRide(ride)} (Razorpay ${payment.id})`;
      await command.audit(RAZORPAY_ACTOR, {
        action: "updated",
        collection: "registrations",
        recordId: row.id,
        summary,
      });
      await command.enqueue(ridePagesChanged(row.ride_id));
      await command.enqueue(
        { kind: "payment-received-mail", registrationId: row.id, amountPaise: payment.amount },
        row.reference,
      );
      return { kind: "recorded", registrationId: row.id, amountPaise: payment.amount };
    },
    { actor: RAZORPAY_ACTOR, now },
  );
}
