import { z } from "zod";

// A webhook's body once its signature is verified (verifyWebhook). An event is a trigger, not a
// statement of money: the handler fetches the payment from Razorpay before it records anything.
// So only what finds the booking and the payment is required here, and statuses stay strings:
// an event Razorpay adds a status to must not fail to parse (Razorpay retries an event whose
// delivery failed for 24 hours, then turns the webhook off).

/** `payment_link.paid`, `payment_link.partially_paid`, `payment.captured` and the rest Razorpay sends. */
export type RazorpayEventName = string;

const paise = z.number().int().nonnegative();
const nullableId = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

const paymentInEvent = z.object({
  id: z.string().min(1),
  status: z.string(),
  currency: z.string(),
  amount: paise,
  method: z.string(),
  order_id: nullableId,
});

const paymentLinkInEvent = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: paise,
  amount_paid: paise,
  reference_id: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  order_id: nullableId,
});

/** A refund's event (refund.processed, refund.failed): the refund, its payment, and Roadbook's entry id (notes.entry) or null. */
const refundInEvent = z
  .object({
    id: z.string().min(1),
    status: z.string(),
    currency: z.string(),
    amount: paise,
    payment_id: z.string().min(1),
    // Razorpay writes unset notes as [].
    notes: z.preprocess(
      (value) => (value == null || Array.isArray(value) ? {} : value),
      z.record(z.string(), z.unknown()),
    ),
  })
  .transform(({ notes, ...refund }) => ({ ...refund, entry: typeof notes.entry === "string" ? notes.entry : null }));

const eventSchema = z.object({
  entity: z.literal("event"),
  account_id: z.string(),
  event: z.string().min(1),
  contains: z.array(z.string()),
  payload: z.object({
    payment: z.object({ entity: paymentInEvent }).optional(),
    payment_link: z.object({ entity: paymentLinkInEvent }).optional(),
    refund: z.object({ entity: refundInEvent }).optional(),
  }),
  created_at: z.number().int(),
});

export type PaymentInEvent = z.output<typeof paymentInEvent>;
export type PaymentLinkInEvent = z.output<typeof paymentLinkInEvent>;
export type RefundInEvent = z.output<typeof refundInEvent>;

export type RazorpayWebhookEvent = {
  /** The `X-Razorpay-Event-Id` header: the same on every retry of one event. Apply an event once by it. */
  id: string;
  event: RazorpayEventName;
  accountId: string;
  /** Unix seconds. Events come in any order: compare amounts and statuses, not arrival. */
  createdAt: number;
  payment: PaymentInEvent | null;
  paymentLink: PaymentLinkInEvent | null;
  refund: RefundInEvent | null;
};

/** A verified body that is not a Razorpay event of the shape read here. */
export class MalformedWebhookError extends Error {
  override readonly name = "MalformedWebhookError";
}

/** Reads a webhook whose signature verifyWebhook accepted; throws MalformedWebhookError otherwise. */
export function parseWebhookEvent(rawBody: Buffer | string, eventIdHeader: string | undefined): RazorpayWebhookEvent {
  if (!eventIdHeader) throw new MalformedWebhookError("The webhook has no X-Razorpay-Event-Id header");
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString());
  } catch {
    throw new MalformedWebhookError("The webhook's body is not JSON");
  }
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) {
    throw new MalformedWebhookError(`The webhook's body is not a Razorpay event: ${z.prettifyError(parsed.error)}`);
  }
  const { event, account_id, created_at, payload } = parsed.data;
  return {
    id: eventIdHeader,
    event,
    accountId: account_id,
    createdAt: created_at,
    payment: payload.payment?.entity ?? null,
    paymentLink: payload.payment_link?.entity ?? null,
    refund: payload.refund?.entity ?? null,
  };
}
