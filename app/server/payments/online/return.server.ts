import type { Database } from "../../db/schema.server";
import type { Logger } from "../../logger.server";
import { type RazorpayClient, RazorpayUnavailableError, RazorpayApiError } from "../razorpay/client.server";
import { verifyPaymentLinkCallback } from "../razorpay/callback-signature.server";
import { bookingPaidBy } from "../../registrations/ledger.server";
import { findLink } from "./payment-links.server";

// The rider back from Razorpay's page on their booking page, with the payment in the query
// (docs/features/payments-razorpay.md, The rider's return). A GET: it moves no money (the
// webhook's command records the payment). A valid signature only says which payment to ask
// Razorpay about, so the page can say where it stands.

/**
 * What the page tells the rider: paid (on the ledger), received (Razorpay has it; its webhook
 * records it in a moment), not completed, or not known yet (Razorpay did not answer).
 */
export type ReturnOutcome = "paid" | "received" | "not-paid" | "pending";

/** Whether the query is a return from Razorpay's page, to be read and then dropped from the address. */
export function isProviderReturn(query: URLSearchParams): boolean {
  return query.has("razorpay_payment_link_id") || query.has("razorpay_payment_id");
}

export async function readReturn(
  deps: { db: Database; client: RazorpayClient; keySecret: string; logger: Logger },
  registrationId: string,
  query: URLSearchParams,
): Promise<ReturnOutcome> {
  const callback = verifyPaymentLinkCallback(query, deps.keySecret);
  if (!callback) return "not-paid";
  // Another booking's link says nothing about this one's.
  const link = await findLink(deps.db, { linkId: callback.paymentLinkId, orderId: null });
  if (link?.registrationId !== registrationId) return "not-paid";
  if (await bookingPaidBy(deps.db, "online", callback.paymentId)) return "paid";
  try {
    const payment = await deps.client.fetchPayment(callback.paymentId);
    return payment.status === "captured" ? "received" : "not-paid";
  } catch (error) {
    if (error instanceof RazorpayApiError) return "not-paid";
    if (error instanceof RazorpayUnavailableError) {
      deps.logger.warn({ err: error }, "razorpay return: the payment could not be fetched");
      return "pending";
    }
    throw error;
  }
}
