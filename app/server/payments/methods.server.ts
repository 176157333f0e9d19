import type { Dues } from "~/domain/registration/dues";
import { onlineDue, type OnlineDue } from "~/domain/registration/online-payment";
import type { Database } from "../db/schema.server";
import type { Logger } from "../logger.server";
import type { Registration } from "../registrations/rows.server";
import { createRazorpayClient } from "./razorpay/client.server";
import type { RazorpaySettings } from "./razorpay-env.server";
import { readReturn, type ReturnOutcome } from "./online/return.server";
import { cancelQuietly, startPayment } from "./online/start-payment.server";
import { receiveWebhook, type WebhookAnswer } from "./online/webhook.server";
import { sendRefund, type SendOutcome } from "./online/send-refund.server";

// The ways a booking is paid, behind one interface (decision 060; pretix's BasePaymentProvider:
// what checkout offers, how a payment starts, how the provider's word is applied).
//
// UPI with a UTR is always on and needs no keys: the booking page shows its QR code and link
// (domain/registration/booking-page.ts), the rider's UTR is a claim, and an admin or the bank
// statement confirms it (registrations/ledger.server.ts recordPartPaid). An online method is on
// when its keys are set; today that is Razorpay Payment Links.

export type OnlinePaymentMethod = {
  name: "razorpay";
  /** Where a form sends the rider to pay (the page's Content-Security-Policy form-action). */
  checkoutOrigins: string[];
  /** What the booking page offers to pay online now, or null. */
  offer(dues: Dues): OnlineDue | null;
  /** Starts a payment of what the booking has left: the provider's page to send the rider to. */
  start(db: Database, registration: Registration, returnUrl: string, now: Date): Promise<string>;
  /** The provider's webhook, its raw body and headers: the answer to give it. */
  webhook(db: Database, logger: Logger, raw: Buffer, headers: Headers, now: () => Date): Promise<WebhookAnswer>;
  /** The rider back on the booking page with the provider's query: where the payment stands (a GET: nothing written). */
  returned(db: Database, logger: Logger, registrationId: string, query: URLSearchParams): Promise<ReturnOutcome>;
  /** Cancels a payment the booking no longer offers (from the outbox, after its command commits). */
  cancel(linkId: string): Promise<void>;
  /** Sends a claimed refund back to the payment it returns (from the outbox: docs/features/refunds.md). */
  refund(db: Database, entryId: string, now: Date): Promise<SendOutcome>;
};

export type PaymentMethods = {
  /** null: online payment is off (no keys); UPI with a UTR alone. */
  online: OnlinePaymentMethod | null;
};

/**
 * Where Razorpay's hosted pages are: its short links (rzp.io) and the pages they lead to. A
 * stand-in (RAZORPAY_API_URL on this machine) serves its page itself.
 */
function checkoutOriginsOf(apiUrl: string): string[] {
  const origin = new URL(apiUrl).origin;
  return origin === "https://api.razorpay.com"
    ? ["https://rzp.io", "https://razorpay.com", "https://*.razorpay.com"]
    : [origin];
}

export function razorpayMethod(settings: RazorpaySettings): OnlinePaymentMethod {
  const client = createRazorpayClient({
    keyId: settings.keyId,
    keySecret: settings.keySecret,
    apiUrl: settings.apiUrl,
  });
  return {
    name: "razorpay",
    checkoutOrigins: checkoutOriginsOf(settings.apiUrl),
    offer: onlineDue,
    start: (db, registration, returnUrl, now) => startPayment(db, client, registration, returnUrl, now),
    webhook: (db, logger, raw, headers, now) =>
      receiveWebhook({ db, client, secrets: settings.webhookSecrets, logger, now }, raw, headers),
    returned: (db, logger, registrationId, query) =>
      readReturn({ db, client, keySecret: settings.keySecret, logger }, registrationId, query),
    cancel: (linkId) => cancelQuietly(client, linkId),
    refund: (db, entryId, now) => sendRefund(db, client, entryId, now),
  };
}

const built = new WeakMap<object, PaymentMethods>();

/** The payment methods the configuration turns on, built once per configuration. */
export function paymentMethodsOf(env: { razorpay: RazorpaySettings | undefined }): PaymentMethods {
  let methods = built.get(env);
  if (!methods) {
    methods = { online: env.razorpay ? razorpayMethod(env.razorpay) : null };
    built.set(env, methods);
  }
  return methods;
}
