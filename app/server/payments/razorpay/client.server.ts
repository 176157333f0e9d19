import { z } from "zod";
import {
  type Payment,
  type PaymentLink,
  paymentLinkSchema,
  paymentSchema,
  type Refund,
  refundListSchema,
  refundSchema,
} from "./entities.server";

// A thin client for the part of Razorpay's REST API that Payment Links use. Not the official SDK
// (razorpay 2.9.8): its constructor fixes the host to https://api.razorpay.com, so the tests
// could reach the local stand-in only by patching its axios instance; it throws plain objects,
// and a network failure becomes a TypeError inside its error mapper (`err.response.status`).
// Request and response shapes follow the SDK's lib/resources/paymentLink.js and
// lib/resources/payments.js, its lib/types/*.d.ts, and the API reference's samples.

export const RAZORPAY_API_URL = "https://api.razorpay.com";

export type RazorpayConfig = {
  keyId: string;
  keySecret: string;
  /** Razorpay's API (RAZORPAY_API_URL); the tests point it at the stand-in. */
  apiUrl: string;
  /** How long a request may take before it counts as unanswered. */
  timeoutMs?: number;
};

/** Razorpay answered with its error shape `{error: {code, description, field?}}`: it refused the request. */
export class RazorpayApiError extends Error {
  override readonly name = "RazorpayApiError";
  /** The HTTP status: 400 for bad input or an unknown id, 401 for wrong keys, 5xx for its own failures. */
  readonly status: number;
  /** BAD_REQUEST_ERROR, GATEWAY_ERROR, SERVER_ERROR. */
  readonly code: string;
  /** Razorpay's own text, e.g. "The id provided does not exist". */
  readonly description: string;
  /** The request's field it blames, when it names one. */
  readonly field: string | null;

  constructor(status: number, code: string, description: string, field: string | null = null) {
    super(description);
    this.status = status;
    this.code = code;
    this.description = description;
    this.field = field;
  }
}

/**
 * No usable answer: the network failed, the request timed out, or what came back was not
 * Razorpay's JSON. A create may still have happened: look the link up by its reference.
 */
export class RazorpayUnavailableError extends Error {
  override readonly name = "RazorpayUnavailableError";
}

export type NewPaymentLink = {
  amountPaise: number;
  /** The first payment's least amount (the booking amount); the link takes the rest in parts after it. */
  minFirstPaise: number;
  /** Unique per Razorpay account: Razorpay refuses a second link with the same reference. */
  referenceId: string;
  description: string;
  customer?: { name?: string; email?: string; contact?: string };
  /** Where Razorpay sends the rider back after paying, with the payment in the query string. */
  callbackUrl: string;
  expireBy?: Date;
  /** At most 15 pairs of at most 256 characters each (Razorpay's limit). */
  notes: Record<string, string>;
};

export type RazorpayClient = {
  createPaymentLink(link: NewPaymentLink): Promise<PaymentLink>;
  fetchPaymentLink(id: string): Promise<PaymentLink>;
  /** The link made with this reference, or null: how a create whose answer was lost is found again. */
  findPaymentLink(referenceId: string): Promise<PaymentLink | null>;
  cancelPaymentLink(id: string): Promise<PaymentLink>;
  fetchPayment(paymentId: string): Promise<Payment>;
  /** A normal-speed refund of part or all of a captured payment (docs/features/refunds.md). */
  createRefund(paymentId: string, refund: NewRefund): Promise<Refund>;
  fetchRefund(refundId: string): Promise<Refund>;
  /** The payment's refunds: how a create whose answer was lost is found again (by notes.entry). */
  listRefunds(paymentId: string): Promise<Refund[]>;
};

export type NewRefund = {
  amountPaise: number;
  /** Our ledger entry's id: the refund's receipt and its notes.entry. */
  entryId: string;
};

const errorBodySchema = z.object({
  error: z.object({ code: z.string(), description: z.string(), field: z.string().nullish() }),
});
const linkListSchema = z.object({ payment_links: z.array(paymentLinkSchema) });

// Ids reach us from query strings and webhook bodies; one such as ".." would otherwise walk the
// request's path to another endpoint. Razorpay's ids are a prefix, "_" and letters or digits.
const RAZORPAY_ID = /^[A-Za-z0-9_]{1,64}$/;

const DEFAULT_TIMEOUT_MS = 10_000;

export function createRazorpayClient(config: RazorpayConfig): RazorpayClient {
  const base = config.apiUrl.replace(/\/+$/, "");
  const authorization = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString("base64")}`;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call<T>(
    schema: z.ZodType<T>,
    method: "GET" | "POST",
    path: string,
    body?: object,
    extraHeaders: Record<string, string> = {},
  ): Promise<T> {
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { authorization, accept: "application/json", "content-type": "application/json", ...extraHeaders },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new RazorpayUnavailableError(`Razorpay did not answer ${method} ${path}: ${reason(error)}`, {
        cause: error,
      });
    }
    const json = parseJson(text);
    if (status < 200 || status > 299) {
      const refusal = errorBodySchema.safeParse(json);
      if (!refusal.success) throw new RazorpayUnavailableError(`Razorpay answered ${method} ${path} with ${status}`);
      const { code, description, field } = refusal.data.error;
      throw new RazorpayApiError(status, code, description, field ?? null);
    }
    const answer = schema.safeParse(json);
    if (!answer.success) {
      throw new RazorpayUnavailableError(`Razorpay's answer to ${method} ${path} is not the shape expected`, {
        cause: answer.error,
      });
    }
    return answer.data;
  }

  return {
    createPaymentLink(link) {
      // A booking amount equal to the whole leaves nothing to pay in parts; Razorpay takes
      // first_min_partial_amount only beside accept_partial (and refuses one above the whole).
      const partial = link.minFirstPaise !== link.amountPaise;
      return call(paymentLinkSchema, "POST", "/v1/payment_links", {
        amount: link.amountPaise,
        currency: "INR",
        accept_partial: partial,
        ...(partial ? { first_min_partial_amount: link.minFirstPaise } : {}),
        reference_id: link.referenceId,
        description: link.description,
        ...(link.customer ? { customer: definedOnly(link.customer) } : {}),
        // The booking's own mail and page carry the link and the balance's reminders; Razorpay's
        // SMS and mail would be a second, unbranded copy of each.
        notify: { sms: false, email: false },
        reminder_enable: false,
        notes: link.notes,
        callback_url: link.callbackUrl,
        callback_method: "get",
        ...(link.expireBy ? { expire_by: Math.floor(link.expireBy.getTime() / 1000) } : {}),
      });
    },
    // async, so a refused id is a rejection like any other answer, not a throw at the call.
    fetchPaymentLink: async (id) => call(paymentLinkSchema, "GET", `/v1/payment_links/${checkedId(id)}`),
    async findPaymentLink(referenceId) {
      const query = new URLSearchParams({ reference_id: referenceId });
      const { payment_links } = await call(linkListSchema, "GET", `/v1/payment_links?${query}`);
      return payment_links.find((link) => link.reference_id === referenceId) ?? null;
    },
    cancelPaymentLink: async (id) => call(paymentLinkSchema, "POST", `/v1/payment_links/${checkedId(id)}/cancel`),
    fetchPayment: async (paymentId) => call(paymentSchema, "GET", `/v1/payments/${checkedId(paymentId)}`),
    createRefund: async (paymentId, refund) =>
      call(
        refundSchema,
        "POST",
        `/v1/payments/${checkedId(paymentId)}/refund`,
        {
          amount: refund.amountPaise,
          // Normal: free, 5–7 working days. Instant ("optimum") costs a fee the organisers would pay.
          speed: "normal",
          notes: { entry: refund.entryId },
          receipt: refund.entryId,
        },
        // Razorpay answers a repeated create with this key with the refund made the first time.
        { "x-refund-idempotency": refund.entryId },
      ),
    fetchRefund: async (refundId) => call(refundSchema, "GET", `/v1/refunds/${checkedId(refundId)}`),
    async listRefunds(paymentId) {
      const { items } = await call(refundListSchema, "GET", `/v1/payments/${checkedId(paymentId)}/refunds?count=100`);
      return items;
    },
  };
}

/** Refuses an id that is not Razorpay's form as Razorpay refuses an unknown one, without asking it. */
function checkedId(id: string): string {
  if (!RAZORPAY_ID.test(id)) throw new RazorpayApiError(400, "BAD_REQUEST_ERROR", "The id provided does not exist");
  return id;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function definedOnly(customer: NonNullable<NewPaymentLink["customer"]>): Record<string, string> {
  return Object.fromEntries(Object.entries(customer).filter(([, value]) => value !== undefined));
}

/** The failure's own words: undici's "fetch failed" says little without its cause (ECONNREFUSED…). */
function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return `${error.message}${cause}`;
}
