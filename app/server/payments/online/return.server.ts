import type { Database } from "../../db/schema.server";
import type { Logger } from "../../logger.server";
import { type RazorpayClient, RazorpayUnavailableError, RazorpayApiError } from "../razorpay/client.server";
import { verifyPaymentLinkCallback } from "../razorpay/callback-signature.server";
import { applyPayment } from "./apply-payment.server";
import { findLink } from "./payment-links.server";

// The rider back from Razorpay's page on their booking page, with the payment in the query
// (docs/features/payments-razorpay.md, The rider's return). The browser carried it: a valid
// signature only says which payment to fetch; the same command as the webhook's records it.

/** What the page tells the rider: received, not completed, or not confirmed yet (Razorpay did not answer). */
export type ReturnOutcome = "paid" | "not-paid" | "pending";

/** Whether the query is a return from Razorpay's page, to be applied and then dropped from the address. */
export function isProviderReturn(query: URLSearchParams): boolean {
  return query.has("razorpay_payment_link_id") || query.has("razorpay_payment_id");
}

export async function applyReturn(
  deps: { db: Database; client: RazorpayClient; keySecret: string; logger: Logger; now: () => Date },
  registrationId: string,
  query: URLSearchParams,
): Promise<ReturnOutcome> {
  const callback = verifyPaymentLinkCallback(query, deps.keySecret);
  if (!callback) return "not-paid";
  // Another booking's link says nothing about this one's.
  const link = await findLink(deps.db, { linkId: callback.paymentLinkId, orderId: null });
  if (link?.registrationId !== registrationId) return "not-paid";
  try {
    const outcome = await applyPayment(
      deps.db,
      deps.client,
      { paymentId: callback.paymentId, linkId: link.linkId, orderId: null, eventId: null, event: "return" },
      deps.now(),
    );
    return outcome.kind === "recorded" || outcome.kind === "already" ? "paid" : "not-paid";
  } catch (error) {
    if (error instanceof RazorpayApiError) return "not-paid";
    if (error instanceof RazorpayUnavailableError) {
      deps.logger.warn({ err: error }, "razorpay return: the payment could not be fetched");
      return "pending";
    }
    throw error;
  }
}
