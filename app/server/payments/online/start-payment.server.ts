import { onlineDue, type OnlineDue } from "~/domain/registration/online-payment";
import type { Database } from "../../db/schema.server";
import { duesOfBooking } from "../../registrations/ledger.server";
import type { Registration } from "../../registrations/rows.server";
import { getRide } from "../../rides/rides.server";
import { refuse } from "../../validation/errors.server";
import { RazorpayApiError, type RazorpayClient } from "../razorpay/client.server";
import type { PaymentLink } from "../razorpay/entities.server";
import { applyPayment } from "./apply-payment.server";
import { giveUpLink, keepLink, linkCountOf, linkReference, liveLinkOf } from "./payment-links.server";

// "Pay online" on the booking page (decision 060): the booking's one live Payment Link for
// everything left, made once and offered again while it asks for what is left. Amounts come
// from the ledger on the server, never from the form.

export const NOTHING_TO_PAY_ONLINE = "Nothing is left to pay on this booking.";

/** Whether Razorpay's link still asks for exactly what is left: then it is offered again. */
function asksFor(link: PaymentLink, due: OnlineDue): boolean {
  return (
    (link.status === "created" || link.status === "partially_paid") &&
    link.amount - link.amount_paid === due.amountPaise
  );
}

function isOpen(link: PaymentLink): boolean {
  return link.status === "created" || link.status === "partially_paid";
}

/**
 * The address of Razorpay's page where the rider pays what the booking has left; `callbackUrl`
 * is the booking page, where Razorpay sends them back (it holds the rider's token: it is sent to
 * Razorpay and nowhere else, never logged).
 */
export async function startPayment(
  db: Database,
  client: RazorpayClient,
  registration: Registration,
  callbackUrl: string,
  now: Date,
): Promise<string> {
  if (registration.status !== "confirmed") refuse(NOTHING_TO_PAY_ONLINE);
  const ride = await getRide(db, registration.rideId);
  const tokenHash = await tokenHashOf(db, registration.id);
  const live = await liveLinkOf(db, registration.id);
  const current = live ? await client.fetchPaymentLink(live.linkId) : null;
  // What the link took and no webhook has told yet counts before anything is asked again.
  if (current) await recordLinkPayments(db, client, current, now);
  const due = onlineDue(await duesOfBooking(db, registration, ride, now));
  if (current && due && asksFor(current, due) && live?.tokenHash === tokenHash) return current.short_url;
  if (current) {
    // Paid in part some other way since (UPI, credit), a link for the old amount would take too
    // much; made before the booking's link changed (a seat handed on), it would send the rider
    // back to a page that no longer opens.
    if (isOpen(current)) await cancelQuietly(client, current.id);
    await giveUpLink(db, current.id, now);
  }
  if (!due) return refuse(NOTHING_TO_PAY_ONLINE);
  const referenceId = linkReference(registration.id, (await linkCountOf(db, registration.id)) + 1);
  const link = await linkFor(client, referenceId, () =>
    client.createPaymentLink({
      amountPaise: due.amountPaise,
      minFirstPaise: due.minFirstPaise,
      referenceId,
      description: `Booking ${registration.reference}${ride ? `: ${ride.title}` : ""}`.slice(0, 2048),
      callbackUrl,
      notes: { booking: registration.reference },
    }),
  );
  await keepLink(
    db,
    { linkId: link.id, registrationId: registration.id, referenceId, amountPaise: link.amount, tokenHash },
    now,
  );
  if (!isOpen(link)) return refuse("This payment link is closed: reload the page and try again.");
  return link.short_url;
}

/** The booking's token hash now: its link's return address opens its page while it is the same. */
async function tokenHashOf(db: Database, registrationId: string): Promise<string> {
  const row = await db
    .selectFrom("registrations")
    .select("token_hash")
    .where("id", "=", registrationId)
    .executeTakeFirstOrThrow();
  return row.token_hash ?? "";
}

/** The link's captured payments, each applied as a webhook's would be (once: by its payment id). */
async function recordLinkPayments(db: Database, client: RazorpayClient, link: PaymentLink, now: Date): Promise<void> {
  for (const payment of link.payments) {
    if (payment.status !== "captured") continue;
    await applyPayment(
      db,
      client,
      { paymentId: payment.payment_id, linkId: link.id, orderId: null, eventId: null, event: "link" },
      now,
    );
  }
}

/**
 * The link of this reference: found again when a create's answer was lost or two presses raced
 * (Razorpay refuses a second link with the reference), else made now.
 */
async function linkFor(client: RazorpayClient, referenceId: string, create: () => Promise<PaymentLink>) {
  const found = await client.findPaymentLink(referenceId);
  if (found) return found;
  try {
    return await create();
  } catch (error) {
    if (!(error instanceof RazorpayApiError) || !/reference_id already exists/i.test(error.description)) throw error;
    const raced = await client.findPaymentLink(referenceId);
    if (!raced) throw error;
    return raced;
  }
}

/**
 * Cancels a link at Razorpay. Razorpay refuses to cancel one paid or cancelled already, which
 * leaves nothing to do; a failure to reach it throws (the outbox tries again).
 */
export async function cancelQuietly(client: RazorpayClient, linkId: string): Promise<void> {
  try {
    await client.cancelPaymentLink(linkId);
  } catch (error) {
    if (!(error instanceof RazorpayApiError)) throw error;
  }
}
