import type { Database } from "../../db/schema.server";
import type { Logger } from "../../logger.server";
import { RazorpayApiError, type RazorpayClient, RazorpayUnavailableError } from "../razorpay/client.server";
import { MalformedWebhookError, parseWebhookEvent, type RazorpayWebhookEvent } from "../razorpay/webhook-event.server";
import { verifyWebhook } from "../razorpay/webhook-signature.server";
import { applyPayment, keepEvent, seenEvent } from "./apply-payment.server";
import { applyRefundEvent } from "./refund-webhook.server";

// POST /payments/razorpay/webhook (docs/features/payments-razorpay.md, Webhooks): the raw body's
// signature first, then each event once. Bodies carry the rider's email and phone: the log gets
// event ids and outcomes only.

export type WebhookAnswer = { status: number; text: string };

export type WebhookDeps = { db: Database; client: RazorpayClient; secrets: string[]; logger: Logger; now: () => Date };

const OK: WebhookAnswer = { status: 200, text: "ok" };

export async function receiveWebhook(
  { db, client, secrets, logger, now }: WebhookDeps,
  raw: Buffer,
  headers: Headers,
): Promise<WebhookAnswer> {
  if (!verifyWebhook(raw, headers.get("x-razorpay-signature") ?? undefined, secrets)) {
    return { status: 400, text: "Invalid signature" };
  }
  const eventId = headers.get("x-razorpay-event-id") ?? undefined;
  let event;
  try {
    event = parseWebhookEvent(raw, eventId);
  } catch (error) {
    if (!(error instanceof MalformedWebhookError)) throw error;
    // Signed, so Razorpay's; unreadable however often it is retried: taken, and said once.
    logger.warn({ eventId }, "razorpay webhook unreadable: ignored");
    return OK;
  }
  if (await seenEvent(db, event.id)) return OK;
  // A refund's events carry its payment too: they settle the refund, never record a payment.
  if (event.refund) {
    try {
      const outcome = await applyRefundEvent({ db, client, logger, now }, { ...event, refund: event.refund });
      if (outcome === "retry") return { status: 503, text: "Try again later" };
      logger.info({ eventId: event.id, event: event.event, outcome }, "razorpay webhook");
      return OK;
    } catch (error) {
      return failure(db, logger, event, error, now);
    }
  }
  const paymentId = event.payment?.id ?? null;
  if (!paymentId) {
    // payment_link.cancelled and the like move no money.
    await keepEvent(db, event.id, event.event, now());
    return OK;
  }
  try {
    const outcome = await applyPayment(
      db,
      client,
      {
        paymentId,
        linkId: event.paymentLink?.id ?? null,
        orderId: event.payment?.order_id ?? event.paymentLink?.order_id ?? null,
        eventId: event.id,
        event: event.event,
      },
      now(),
    );
    // A payment.captured that came before its link's event names an order not known yet: the
    // link's own event (payment_link.paid or partially_paid) carries the same payment.
    if (outcome.kind === "unknown-link" || outcome.kind === "not-captured")
      await keepEvent(db, event.id, event.event, now());
    logger.info({ eventId: event.id, event: event.event, outcome: outcome.kind }, "razorpay webhook");
    return OK;
  } catch (error) {
    return failure(db, logger, event, error, now);
  }
}

/** Razorpay asked, and no answer: a retry is worth it; refused: taken, since a retry would be too. */
async function failure(
  db: Database,
  logger: Logger,
  event: RazorpayWebhookEvent,
  error: unknown,
  now: () => Date,
): Promise<WebhookAnswer> {
  // Razorpay retries an unanswered event for 24 hours: a failure to ask it is worth a retry.
  if (error instanceof RazorpayUnavailableError) {
    logger.warn({ eventId: event.id, err: error }, "razorpay webhook: Razorpay did not answer, asked to retry");
    return { status: 503, text: "Try again later" };
  }
  if (error instanceof RazorpayApiError) {
    logger.warn({ eventId: event.id, status: error.status, code: error.code }, "razorpay webhook: refused by Razorpay");
    await keepEvent(db, event.id, event.event, now());
    return OK;
  }
  throw error;
}
