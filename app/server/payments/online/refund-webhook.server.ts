import type { Database } from "../../db/schema.server";
import type { Logger } from "../../logger.server";
import { noteRefundReference } from "../../registrations/ledger.server";
import { withRegistrationById } from "../../registrations/locked-registration.server";
import type { RazorpayClient } from "../razorpay/client.server";
import type { RazorpayWebhookEvent, RefundInEvent } from "../razorpay/webhook-event.server";
import { confirmRefund, failRefund } from "../refund-states.server";
import { firstTime, keepEvent, RAZORPAY_ACTOR } from "./apply-payment.server";

// Razorpay's refund.processed and refund.failed (docs/features/refunds.md), once verified: the
// refund fetched from Razorpay (an event is a trigger, never proof), checked against the entry it
// settles and the payment that entry gives back, then applied once under the ride's lock, its
// event id kept in the same transaction. refund.created and the rest move nothing.

export type RefundEventOutcome =
  | "confirmed"
  | "failed"
  /** Settled before (another event, the send's own answer), or an event applied before. */
  | "already"
  /** Not one of ours: another system's refund on the account. */
  | "unknown"
  /** Razorpay's refund is not what our entry says (amount, currency, payment). */
  | "mismatch"
  /** Still pending at Razorpay, or an event that settles nothing. */
  | "ignored";

/** Our refund entry the gateway's refund settles: by its refund id, else by the entry id in its notes. */
async function entryOf(db: Database, refund: RefundInEvent) {
  const select = () =>
    db
      .selectFrom("booking_entries as refund")
      .leftJoin("booking_entries as payment", "payment.id", "refund.returns_entry_id")
      .select([
        "refund.id",
        "refund.registration_id",
        "refund.amount_paise",
        "refund.reference",
        "payment.reference as payment_reference",
      ])
      .where("refund.kind", "=", "refund")
      .where("refund.method", "=", "online");
  return (
    (await select().where("refund.reference", "=", refund.id).executeTakeFirst()) ??
    (refund.entry ? await select().where("refund.id", "=", refund.entry).executeTakeFirst() : undefined) ??
    null
  );
}

export async function applyRefundEvent(
  { db, client, logger, now }: { db: Database; client: RazorpayClient; logger: Logger; now: () => Date },
  event: RazorpayWebhookEvent & { refund: RefundInEvent },
): Promise<RefundEventOutcome | "retry"> {
  const outcome = event.event === "refund.processed" || event.event === "refund.failed" ? event.event : null;
  const entry = outcome ? await entryOf(db, event.refund) : null;
  if (!outcome || !entry) {
    await keepEvent(db, event.id, event.event, now());
    return outcome ? "unknown" : "ignored";
  }
  const refund = await client.fetchRefund(event.refund.id);
  const ours =
    refund.amount === entry.amount_paise &&
    refund.currency === "INR" &&
    refund.payment_id === entry.payment_reference &&
    (refund.notes.entry === undefined || refund.notes.entry === entry.id) &&
    (entry.reference === null || entry.reference === refund.id);
  if (!ours) {
    logger.warn({ eventId: event.id, entryId: entry.id }, "razorpay refund event does not match its entry: ignored");
    await keepEvent(db, event.id, event.event, now());
    return "mismatch";
  }
  // Razorpay's word is its refund's status now: an event ahead of it is asked again later.
  if (refund.status === "pending") return "retry";
  return withRegistrationById(
    db,
    entry.registration_id,
    async (command): Promise<RefundEventOutcome> => {
      if (!(await firstTime(command.trx, event.id, event.event, command.now))) return "already";
      await noteRefundReference(command, entry.id, refund.id);
      if (refund.status === "processed") {
        return (await confirmRefund(command, entry.id, refund.id, RAZORPAY_ACTOR)) ? "confirmed" : "already";
      }
      return (await failRefund(command, entry.id, RAZORPAY_ACTOR)) ? "failed" : "already";
    },
    { actor: RAZORPAY_ACTOR, now: now() },
  );
}
