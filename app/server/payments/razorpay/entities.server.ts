import { z } from "zod";

// Razorpay's entities as its REST API answers them, cut to the fields Roadbook reads. Field
// names stay Razorpay's (snake_case): these types describe the wire, and the docs and the
// Dashboard use the same words. Shapes checked against razorpay-node 2.9.x
// (lib/types/paymentLink.d.ts, lib/types/payments.d.ts) and the API reference's samples.

/** An amount in paise, as Razorpay gives every amount of an INR entity. */
const paise = z.number().int().nonnegative();

/** Razorpay writes an unset object as `[]` or null (its PHP roots): `notes: []`, `customer: []`. */
const notes = z.preprocess(
  (value) => (value == null || Array.isArray(value) ? {} : value),
  z.record(z.string(), z.union([z.string(), z.number()]).transform(String)),
);

export const PAYMENT_LINK_STATUSES = ["created", "partially_paid", "paid", "cancelled", "expired"] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

/** One payment in a link's `payments` list (GET /v1/payment_links/:id). */
const linkPaymentSchema = z.object({
  payment_id: z.string(),
  amount: paise,
  /** `captured` or `failed`; the payment itself (GET /v1/payments/:id) is the word to trust. */
  status: z.string(),
  method: z.string(),
  created_at: z.number().int(),
});

export const paymentLinkSchema = z.object({
  id: z.string().min(1),
  short_url: z.string().min(1),
  status: z.enum(PAYMENT_LINK_STATUSES),
  currency: z.string(),
  amount: paise,
  amount_paid: paise,
  /** 0 when the link takes no partial payments. */
  first_min_partial_amount: paise,
  /** Unset is "" in Razorpay's answers; Roadbook always sets it (the booking's reference). */
  reference_id: z
    .string()
    .nullish()
    .transform((value) => value ?? ""),
  /** The order Razorpay opens at the first payment; a `payment.captured` event names only it. */
  order_id: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  /** null until the first payment. */
  payments: z
    .array(linkPaymentSchema)
    .nullish()
    .transform((value) => value ?? []),
  notes,
});
export type PaymentLink = z.output<typeof paymentLinkSchema>;

export const PAYMENT_STATUSES = ["created", "authorized", "captured", "refunded", "failed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentSchema = z.object({
  id: z.string().min(1),
  status: z.enum(PAYMENT_STATUSES),
  currency: z.string(),
  amount: paise,
  method: z.string(),
  order_id: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  notes,
  created_at: z.number().int(),
});
export type Payment = z.output<typeof paymentSchema>;

export const REFUND_STATUSES = ["pending", "processed", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * A refund (POST /v1/payments/:id/refund, GET /v1/refunds/:id): `pending` until the bank
 * answers, then `processed` (final) or `failed`. Roadbook sets `receipt` and `notes.entry` to its
 * ledger entry's id, how a refund whose create answer was lost is found again.
 */
export const refundSchema = z.object({
  id: z.string().min(1),
  entity: z.literal("refund"),
  amount: paise,
  currency: z.string(),
  payment_id: z.string().min(1),
  notes,
  receipt: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  status: z.enum(REFUND_STATUSES),
  /** "normal" or "instant"; null while pending in some answers. */
  speed_processed: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  created_at: z.number().int(),
});
export type Refund = z.output<typeof refundSchema>;

/** GET /v1/payments/:id/refunds: Razorpay's collection. */
export const refundListSchema = z.object({ items: z.array(refundSchema) });
