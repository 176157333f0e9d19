import { hmacSha256Hex, sameSignature } from "./hmac.server";

/** What Razorpay appends to a Payment Link's `callback_url` when the rider has paid. */
export type PaymentLinkCallback = {
  paymentId: string;
  paymentLinkId: string;
  referenceId: string;
  /** The link's status after this payment: `paid` or `partially_paid`. */
  status: string;
};

/**
 * The callback's query, if Razorpay signed it: `razorpay_signature` is the HMAC-SHA256 (hex),
 * under the API key secret, of `payment_link_id|payment_link_reference_id|payment_link_status|payment_id`
 * (razorpay-node's validatePaymentVerification). The rider's browser carries it, so a valid
 * one only says which payment to ask Razorpay about, not that the money arrived.
 */
export function verifyPaymentLinkCallback(query: URLSearchParams, keySecret: string): PaymentLinkCallback | null {
  const paymentId = query.get("razorpay_payment_id");
  const paymentLinkId = query.get("razorpay_payment_link_id");
  // Razorpay leaves the reference out when the link has none; it then signs an empty one.
  const referenceId = query.get("razorpay_payment_link_reference_id") ?? "";
  const status = query.get("razorpay_payment_link_status");
  const signature = query.get("razorpay_signature");
  if (!paymentId || !paymentLinkId || !status || !signature || !keySecret) return null;
  const expected = hmacSha256Hex(keySecret, `${paymentLinkId}|${referenceId}|${status}|${paymentId}`);
  return sameSignature(signature, expected) ? { paymentId, paymentLinkId, referenceId, status } : null;
}
