import { formatRupees } from "~/domain/registration/balance";
import type { Database } from "../../db/schema.server";
import { noteRefundReference } from "../../registrations/ledger.server";
import { withRegistrationById } from "../../registrations/locked-registration.server";
import { RazorpayApiError, type RazorpayClient } from "../razorpay/client.server";
import type { Refund } from "../razorpay/entities.server";
import { confirmRefund, failRefund, refundEntry } from "../refund-states.server";
import { RAZORPAY_ACTOR } from "./apply-payment.server";

// The outbox's "refund-send" (docs/features/refunds.md): a claimed online refund sent to
// Razorpay, once, whatever is lost on the way. The refund carries our entry's id (notes.entry,
// receipt), so before making one we look for it among the payment's refunds: a create whose
// answer was lost, or a delivery repeated after a crash, adopts the refund already made.

export type SendOutcome = "sent" | "adopted" | "nothing" | "failed";

/** A refund to send: claimed, online, without its gateway id yet, and the payment id it goes back to. */
async function toSend(db: Database, entryId: string) {
  const entry = await refundEntry(db, entryId);
  if (!entry || entry.method !== "online" || entry.state !== "claimed" || entry.reference) return null;
  const payment = entry.returns_entry_id
    ? await db
        .selectFrom("booking_entries")
        .select(["reference", "amount_paise"])
        .where("id", "=", entry.returns_entry_id)
        .where("kind", "=", "payment")
        .where("method", "=", "online")
        .where("state", "=", "confirmed")
        .executeTakeFirst()
    : undefined;
  return { entry, paymentId: payment?.reference ?? null };
}

/**
 * Sends the claimed online refund `entryId` to Razorpay and records its refund id under the
 * ride's lock (processed already: confirmed at once). A refusal that will never pass (a payment
 * refunded already, an amount above what is left, no payment to give it back to, online payment
 * turned off: `client` null) fails the refund, which becomes credit. Razorpay not answering, or
 * refusing the keys, throws: the outbox tries again.
 */
export async function sendRefund(
  db: Database,
  client: RazorpayClient | null,
  entryId: string,
  now: Date,
): Promise<SendOutcome> {
  const found = await toSend(db, entryId);
  if (!found) return "nothing";
  const { entry, paymentId } = found;
  if (!client || !paymentId) return (await failed(db, entry.registration_id, entryId, now)) ? "failed" : "nothing";
  let refund: Refund;
  let adopted = true;
  try {
    const made = (await client.listRefunds(paymentId)).find((listed) => listed.notes.entry === entryId);
    if (made) refund = made;
    else {
      adopted = false;
      refund = await client.createRefund(paymentId, { amountPaise: entry.amount_paise, entryId });
    }
  } catch (error) {
    // 400: Razorpay will refuse it however often it is asked (refunded already, too much). 401
    // (keys changed) and 5xx are worth asking again.
    if (error instanceof RazorpayApiError && error.status === 400) {
      return (await failed(db, entry.registration_id, entryId, now)) ? "failed" : "nothing";
    }
    throw error;
  }
  await withRegistrationById(
    db,
    entry.registration_id,
    async (command) => {
      if (!(await noteRefundReference(command, entryId, refund.id))) return;
      await command.audit(RAZORPAY_ACTOR, {
        action: "updated",
        collection: "registrations",
        recordId: entry.registration_id,
        summary: `Refund of ${formatRupees(entry.amount_paise)} for booking ${entry.booking} sent to Razorpay (${refund.id})`,
      });
      if (refund.status === "processed") await confirmRefund(command, entryId, refund.id, RAZORPAY_ACTOR);
      if (refund.status === "failed") await failRefund(command, entryId, RAZORPAY_ACTOR);
    },
    { actor: RAZORPAY_ACTOR, now },
  );
  return adopted ? "adopted" : "sent";
}

async function failed(db: Database, registrationId: string, entryId: string, now: Date): Promise<boolean> {
  return withRegistrationById(db, registrationId, (command) => failRefund(command, entryId, RAZORPAY_ACTOR), {
    actor: RAZORPAY_ACTOR,
    now,
  });
}
