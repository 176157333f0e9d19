import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

// A local stand-in for Razorpay: the part of its REST API that Payment Links use, the hosted page
// a rider pays on, and signed webhooks, so no test reaches the network. It signs on its own
// (node:crypto here, not the app's helpers), so a test of the app's checks is not circular.
//
// API (Basic auth, JSON, Razorpay's error shape `{error: {code, description, …}}`):
//   POST /v1/payment_links            GET /v1/payment_links?reference_id=…
//   GET  /v1/payment_links/:id        POST /v1/payment_links/:id/cancel
//   GET  /v1/payments/:id
//   POST /v1/payments/:id/refund       GET /v1/payments/:id/refunds       GET /v1/refunds/:id
// Hosted page: GET /l/:id (the link's short_url) and POST /l/:id, which pays and sends the rider
// to the link's callback_url with the razorpay_* query Razorpay adds.
// Error descriptions are the stand-in's wording where Razorpay's is not documented.

type LinkStatus = "created" | "partially_paid" | "paid" | "cancelled" | "expired";

/** A Payment Link as Razorpay's API answers it. */
export type StandInLink = {
  id: string;
  accept_partial: boolean;
  amount: number;
  amount_paid: number;
  callback_method: string;
  callback_url: string;
  cancelled_at: number;
  created_at: number;
  currency: string;
  customer: Record<string, string> | [];
  description: string;
  expire_by: number;
  expired_at: number;
  first_min_partial_amount: number;
  notes: Record<string, string> | null;
  notify: { sms: boolean; email: boolean };
  order_id?: string;
  payments: { amount: number; created_at: number; method: string; payment_id: string; status: string }[] | null;
  reference_id: string;
  reminder_enable: boolean;
  reminders: [];
  short_url: string;
  status: LinkStatus;
  updated_at: number;
  upi_link: false;
  user_id: string;
};

/** A payment as Razorpay's API answers it. */
export type StandInPayment = {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  /** Captured; "refunded" once refunds took all of it, as Razorpay says. */
  status: "captured" | "refunded";
  order_id: string;
  invoice_id: null;
  international: false;
  method: string;
  /** What its refunds took, pending and processed (a failed one gives it back). */
  amount_refunded: number;
  refund_status: "partial" | "full" | null;
  captured: true;
  description: string;
  email: string | null;
  contact: string | null;
  notes: [];
  error_code: null;
  error_description: null;
  created_at: number;
};

/** A refund as Razorpay's API answers it: pending until a test processes or fails it. */
export type StandInRefund = {
  id: string;
  entity: "refund";
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string> | [];
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: "pending" | "processed" | "failed";
  speed_processed: "normal" | null;
  speed_requested: "normal" | "optimum";
};

/** One webhook event as sent (or held): the exact bytes, the signature and the event id headers carry. */
export type WebhookDelivery = {
  eventId: string;
  event: string;
  body: string;
  signature: string;
  /** The webhook URL's answers to each send, in order; 0 when nothing answered. */
  answers: number[];
};

export type RazorpayStandInOptions = {
  keyId?: string;
  keySecret?: string;
  webhookUrl?: string;
  webhookSecret?: string;
  /** Keep events unsent until the test sends them (`send`), in the order it chooses. */
  holdWebhooks?: boolean;
};

export type RazorpayStandIn = {
  /** http://127.0.0.1:PORT, for the client's apiUrl. */
  apiUrl: string;
  keyId: string;
  keySecret: string;
  /** Where and how events go; a test changes it (a rotation: `webhook.secret = …`). */
  webhook: { url: string | null; secret: string; hold: boolean };
  /** Every event made, in the order made. */
  deliveries: WebhookDelivery[];
  link(id: string): StandInLink | undefined;
  payment(id: string): StandInPayment | undefined;
  refund(id: string): StandInRefund | undefined;
  /** Every refund made, in the order made. */
  refunds(): StandInRefund[];
  /**
   * The bank's answer to a pending refund: `refund.processed` or `refund.failed` (a failed one
   * gives its amount back to the payment), signed and sent unless held, as `pay` sends its events.
   */
  settleRefund(refundId: string, outcome: "processed" | "failed"): Promise<WebhookDelivery>;
  /**
   * Faults a test sets: `lostRefundAnswers` creates refunds that many times, then closes the
   * connection without answering (a create whose answer was lost).
   */
  faults: { lostRefundAnswers: number };
  /**
   * A rider pays `amountPaise` on the link: a captured payment, the link's new status, and its
   * events (`payment.captured`, then `payment_link.partially_paid` or `payment_link.paid`), sent
   * unless held. Refuses (throws) what Razorpay's page would not take.
   */
  pay(
    linkId: string,
    amountPaise: number,
    options?: { method?: string },
  ): Promise<{ payment: StandInPayment; deliveries: WebhookDelivery[] }>;
  /** Sends an event's bytes and signature as they are: a held event, or a duplicate of one sent. */
  send(delivery: WebhookDelivery): Promise<number>;
  /** Sends an event again signed with the current secret, as the Dashboard's replay does. */
  replay(delivery: WebhookDelivery): Promise<number>;
  /** Sends an event whose amounts were raised after signing, under its original signature. */
  sendTampered(delivery: WebhookDelivery): Promise<number>;
  close(): Promise<void>;
};

/** Razorpay's 14 letters or digits after an entity's prefix. */
const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const ACCOUNT_ID = "acc_StandIn0000001";
const WEBHOOK_TIMEOUT_MS = 5_000;

export async function startRazorpayStandIn(options: RazorpayStandInOptions = {}): Promise<RazorpayStandIn> {
  const keyId = options.keyId ?? "rzp_test_standin";
  const keySecret = options.keySecret ?? "standin-key-secret";
  const webhook = {
    url: options.webhookUrl ?? null,
    secret: options.webhookSecret ?? "standin-webhook-secret",
    hold: options.holdWebhooks ?? false,
  };
  const links = new Map<string, StandInLink>();
  const payments = new Map<string, StandInPayment>();
  const refunds = new Map<string, StandInRefund>();
  /** Each refund's X-Refund-Idempotency key, when its create sent one. */
  const keys = new Map<string, string>();
  const faults = { lostRefundAnswers: 0 };
  const deliveries: WebhookDelivery[] = [];
  let apiUrl = "";

  function event(name: string, payload: Record<string, object>): WebhookDelivery {
    // The body is a snapshot taken now, as Razorpay's are: a later change to the link is not in it.
    const body = JSON.stringify({
      entity: "event",
      account_id: ACCOUNT_ID,
      event: name,
      contains: Object.keys(payload),
      payload: Object.fromEntries(Object.entries(payload).map(([key, entity]) => [key, { entity }])),
      created_at: now(),
    });
    const delivery = { eventId: razorpayId(""), event: name, body, signature: sign(webhook.secret, body), answers: [] };
    deliveries.push(delivery);
    return delivery;
  }

  async function post(delivery: WebhookDelivery, body: string, signature: string): Promise<number> {
    if (!webhook.url) throw new Error("The stand-in has no webhook URL to send to");
    let answer = 0;
    try {
      const response = await fetch(webhook.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-razorpay-signature": signature,
          "x-razorpay-event-id": delivery.eventId,
        },
        body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      answer = response.status;
    } catch {
      // Nothing answered: recorded as 0, as Razorpay records a failed delivery and moves on.
    }
    delivery.answers.push(answer);
    return answer;
  }

  async function dispatch(made: WebhookDelivery[]): Promise<void> {
    if (webhook.hold || !webhook.url) return;
    for (const delivery of made) await post(delivery, delivery.body, delivery.signature);
  }

  async function pay(linkId: string, amountPaise: number, { method = "upi" } = {}) {
    const link = links.get(linkId);
    if (!link) throw new Error(`No payment link ${linkId}`);
    const { min, max } = payable(link);
    if (!Number.isInteger(amountPaise) || amountPaise < min || amountPaise > max) {
      throw new Error(
        min === max ? `Pay ${rupees(max)}` : `Pay between ${rupees(min)} and ${rupees(max)} on this payment link`,
      );
    }
    const at = now();
    const customer = Array.isArray(link.customer) ? {} : link.customer;
    link.order_id ??= razorpayId("order_");
    const payment: StandInPayment = {
      id: razorpayId("pay_"),
      entity: "payment",
      amount: amountPaise,
      currency: link.currency,
      status: "captured",
      order_id: link.order_id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: true,
      description: link.description,
      email: customer.email ?? null,
      contact: customer.contact ?? null,
      notes: [],
      error_code: null,
      error_description: null,
      created_at: at,
    };
    payments.set(payment.id, payment);
    link.amount_paid += amountPaise;
    link.status = link.amount_paid === link.amount ? "paid" : "partially_paid";
    link.updated_at = at;
    link.payments = [
      ...(link.payments ?? []),
      { amount: amountPaise, created_at: at, method, payment_id: payment.id, status: "captured" },
    ];
    const order = {
      id: link.order_id,
      entity: "order",
      amount: link.amount,
      amount_paid: link.amount_paid,
      amount_due: link.amount - link.amount_paid,
      currency: link.currency,
      receipt: link.reference_id,
      status: link.status === "paid" ? "paid" : "attempted",
      created_at: link.created_at,
    };
    const made = [
      event("payment.captured", { payment }),
      event(`payment_link.${link.status}`, { payment_link: link, order, payment }),
    ];
    await dispatch(made);
    return { payment, deliveries: made };
  }

  async function settleRefund(refundId: string, outcome: "processed" | "failed"): Promise<WebhookDelivery> {
    const refund = refunds.get(refundId);
    if (!refund) throw new Error(`No refund ${refundId}`);
    if (refund.status !== "pending") throw new Error(`Refund ${refundId} is ${refund.status} already`);
    const payment = payments.get(refund.payment_id)!;
    refund.status = outcome;
    if (outcome === "processed") {
      refund.speed_processed = "normal";
      refund.acquirer_data = { arn: `ARN${String(Date.now()).slice(-9)}` };
    } else {
      payment.amount_refunded -= refund.amount;
      payment.status = "captured";
      payment.refund_status = payment.amount_refunded === 0 ? null : "partial";
    }
    const made = event(`refund.${outcome}`, { refund: structuredClone(refund), payment: structuredClone(payment) });
    await dispatch([made]);
    return made;
  }

  function api(request: IncomingMessage, response: ServerResponse, url: URL, body: string) {
    if (!authorised(request.headers.authorization, keyId, keySecret)) {
      return refuse(response, 401, "Authentication failed");
    }
    const path = url.pathname.replace(/\/+$/, "");
    if (request.method === "POST" && path === "/v1/payment_links") {
      const made = createLink(parseObject(body), { links, apiUrl, keyId });
      if (!("id" in made)) return refuse(response, 400, made.description, made.field);
      links.set(made.id, made);
      return json(response, 200, made);
    }
    if (request.method === "GET" && path === "/v1/payment_links") {
      const reference = url.searchParams.get("reference_id");
      const found = [...links.values()].filter((link) => reference === null || link.reference_id === reference);
      return json(response, 200, { payment_links: found });
    }
    const cancel = /^\/v1\/payment_links\/([^/]+)\/cancel$/.exec(path);
    if (request.method === "POST" && cancel) {
      const link = links.get(cancel[1]!);
      if (!link) return refuse(response, 400, "The id provided does not exist");
      if (link.status !== "created" && link.status !== "partially_paid") {
        return refuse(response, 400, `A payment link that is ${link.status} cannot be cancelled`);
      }
      link.status = "cancelled";
      link.cancelled_at = link.updated_at = now();
      const snapshot = structuredClone(link);
      // Answered at once; the event follows, as Razorpay's does, without holding the request.
      void dispatch([event("payment_link.cancelled", { payment_link: snapshot })]);
      return json(response, 200, snapshot);
    }
    const linkPath = /^\/v1\/payment_links\/([^/]+)$/.exec(path);
    if (request.method === "GET" && linkPath) {
      const link = links.get(linkPath[1]!);
      return link ? json(response, 200, link) : refuse(response, 400, "The id provided does not exist");
    }
    const refundCreate = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
    if (request.method === "POST" && refundCreate) {
      const payment = payments.get(refundCreate[1]!);
      if (!payment) return refuse(response, 400, "The id provided does not exist");
      // Razorpay's X-Refund-Idempotency: a create repeated with its key answers the refund made.
      const key = request.headers["x-refund-idempotency"];
      const repeated =
        typeof key === "string" ? [...refunds.values()].find((refund) => keys.get(refund.id) === key) : undefined;
      if (repeated) return json(response, 200, repeated);
      const made = createRefund(parseObject(body), payment);
      if (!("id" in made)) return refuse(response, 400, made.description, made.field);
      refunds.set(made.id, made);
      if (typeof key === "string") keys.set(made.id, key);
      payment.amount_refunded += made.amount;
      payment.refund_status = payment.amount_refunded === payment.amount ? "full" : "partial";
      if (payment.amount_refunded === payment.amount) payment.status = "refunded";
      void dispatch([event("refund.created", { refund: structuredClone(made), payment: structuredClone(payment) })]);
      if (faults.lostRefundAnswers > 0) {
        faults.lostRefundAnswers -= 1;
        // Made, and the answer lost on the way: the caller sees its connection closed.
        response.destroy();
        return;
      }
      return json(response, 200, made);
    }
    const refundList = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path);
    if (request.method === "GET" && refundList) {
      if (!payments.has(refundList[1]!)) return refuse(response, 400, "The id provided does not exist");
      const items = [...refunds.values()].filter((refund) => refund.payment_id === refundList[1]).reverse();
      return json(response, 200, { entity: "collection", count: items.length, items });
    }
    const refundPath = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (request.method === "GET" && refundPath) {
      const refund = refunds.get(refundPath[1]!);
      return refund ? json(response, 200, refund) : refuse(response, 400, "The id provided does not exist");
    }
    const paymentPath = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (request.method === "GET" && paymentPath) {
      const payment = payments.get(paymentPath[1]!);
      return payment ? json(response, 200, payment) : refuse(response, 400, "The id provided does not exist");
    }
    return refuse(response, 404, "The requested URL was not found on the server.");
  }

  async function checkout(request: IncomingMessage, response: ServerResponse, linkId: string, body: string) {
    const link = links.get(linkId);
    if (!link) return html(response, 404, page("Payment link not found", "<p>This payment link does not exist.</p>"));
    if (request.method !== "POST") return html(response, 200, checkoutPage(link));
    const form = new URLSearchParams(body);
    const amount = paiseOf(form.get("amount") ?? "");
    let payment: StandInPayment;
    try {
      if (amount === null) throw new Error("Enter an amount in rupees, such as 1500 or 1500.50");
      ({ payment } = await pay(link.id, amount, { method: form.get("method") || "upi" }));
    } catch (error) {
      return html(response, 422, checkoutPage(link, error instanceof Error ? error.message : String(error)));
    }
    if (!link.callback_url) return html(response, 200, page("Payment successful", `<p>Paid ${rupees(amount)}.</p>`));
    const back = new URL(link.callback_url);
    const query = {
      razorpay_payment_id: payment.id,
      razorpay_payment_link_id: link.id,
      razorpay_payment_link_reference_id: link.reference_id,
      razorpay_payment_link_status: link.status,
    };
    for (const [name, value] of Object.entries(query)) back.searchParams.set(name, value);
    back.searchParams.set(
      "razorpay_signature",
      sign(keySecret, `${link.id}|${link.reference_id}|${link.status}|${payment.id}`),
    );
    response.writeHead(303, { location: back.href }).end();
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", apiUrl);
      const body = Buffer.concat(chunks).toString("utf8");
      const hosted = /^\/l\/([^/]+)$/.exec(url.pathname);
      Promise.resolve(hosted ? checkout(request, response, hosted[1]!, body) : api(request, response, url, body)).catch(
        (error: unknown) => {
          if (!response.headersSent) refuse(response, 500, "The stand-in failed", null, "SERVER_ERROR");
          console.error("Razorpay stand-in:", error);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // A test that forgets close() must not keep its process running.
  server.unref();
  const { port } = server.address() as { port: number };
  apiUrl = `http://127.0.0.1:${port}`;

  return {
    apiUrl,
    keyId,
    keySecret,
    webhook,
    deliveries,
    link: (id) => links.get(id),
    payment: (id) => payments.get(id),
    refund: (id) => refunds.get(id),
    refunds: () => [...refunds.values()],
    settleRefund,
    faults,
    pay,
    send: (delivery) => post(delivery, delivery.body, delivery.signature),
    replay: (delivery) => post(delivery, delivery.body, sign(webhook.secret, delivery.body)),
    // An attacker's raise: every amount in the body times ten, the signature left as it was.
    sendTampered: (delivery) =>
      post(
        delivery,
        delivery.body.replace(
          /"(amount|amount_paid)":(\d+)/g,
          (_, key: string, n: string) => `"${key}":${Number(n) * 10}`,
        ),
        delivery.signature,
      ),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What Razorpay's `error` names: its description, and the field it blames. */
type Refusal = { description: string; field: string | null };

function refusal(field: string | null, description: string): Refusal {
  return { field, description };
}

/** Checks a create request as Razorpay does; answers the new link, or why not. */
function createLink(
  input: Record<string, unknown> | null,
  { links, apiUrl, keyId }: { links: Map<string, StandInLink>; apiUrl: string; keyId: string },
): StandInLink | Refusal {
  if (!input) return refusal(null, "The request body must be a JSON object");
  const { amount, accept_partial = false, first_min_partial_amount, reference_id = "", description = "" } = input;
  const { callback_url = "", callback_method = "", notes = {}, customer, expire_by, currency = "INR" } = input;
  if (!Number.isInteger(amount) || (amount as number) < 100)
    return refusal("amount", "The amount must be atleast INR 1.00");
  if (currency !== "INR") return refusal("currency", "The stand-in takes INR only");
  if (typeof accept_partial !== "boolean") return refusal("accept_partial", "accept_partial must be a boolean");
  if (first_min_partial_amount !== undefined) {
    if (!accept_partial)
      return refusal("first_min_partial_amount", "first_min_partial_amount is not allowed without accept_partial");
    if (!Number.isInteger(first_min_partial_amount) || (first_min_partial_amount as number) < 100) {
      return refusal("first_min_partial_amount", "The minimum partial amount must be atleast INR 1.00");
    }
    if ((first_min_partial_amount as number) > (amount as number)) {
      return refusal(
        "first_min_partial_amount",
        "The minimum partial amount should be less than or equal to the amount",
      );
    }
  }
  if (typeof reference_id !== "string" || reference_id.length > 40) {
    return refusal("reference_id", "The reference id may not be greater than 40 characters");
  }
  if (reference_id && [...links.values()].some((link) => link.reference_id === reference_id)) {
    return refusal("reference_id", "reference_id already exists");
  }
  if (typeof description !== "string" || description.length > 2048) {
    return refusal("description", "The description may not be greater than 2048 characters");
  }
  if (typeof callback_url !== "string" || (callback_url && !URL.canParse(callback_url))) {
    return refusal("callback_url", "The callback url format is invalid");
  }
  if (callback_url && callback_method !== "get") return refusal("callback_method", "callback_method must be get");
  const noteEntries = typeof notes === "object" && notes !== null ? Object.entries(notes) : null;
  if (!noteEntries || noteEntries.length > 15 || noteEntries.some(([, value]) => String(value).length > 256)) {
    return refusal("notes", "At most 15 notes of at most 256 characters each");
  }
  if (expire_by !== undefined && (!Number.isInteger(expire_by) || (expire_by as number) <= now())) {
    return refusal("expire_by", "The expire by date should be in the future");
  }
  const id = razorpayId("plink_");
  const at = now();
  return {
    id,
    accept_partial,
    amount: amount as number,
    amount_paid: 0,
    callback_method: callback_method as string,
    callback_url,
    cancelled_at: 0,
    created_at: at,
    currency,
    customer: typeof customer === "object" && customer !== null ? (customer as Record<string, string>) : [],
    description,
    expire_by: (expire_by as number | undefined) ?? 0,
    expired_at: 0,
    first_min_partial_amount: (first_min_partial_amount as number | undefined) ?? 0,
    notes: noteEntries.length ? Object.fromEntries(noteEntries.map(([key, value]) => [key, String(value)])) : null,
    notify: { sms: false, email: false, ...(input.notify as object) },
    payments: null,
    reference_id,
    reminder_enable: input.reminder_enable === true,
    reminders: [],
    short_url: `${apiUrl}/l/${id}`,
    status: "created",
    updated_at: at,
    upi_link: false,
    user_id: keyId,
  };
}

/** Checks a refund request as Razorpay does; answers the new refund (pending), or why not. */
function createRefund(input: Record<string, unknown> | null, payment: StandInPayment): StandInRefund | Refusal {
  if (!input) return refusal(null, "The request body must be a JSON object");
  const { amount = payment.amount - payment.amount_refunded, speed = "normal", notes = {}, receipt = null } = input;
  if (!Number.isInteger(amount) || (amount as number) < 100)
    return refusal("amount", "The amount must be at least INR 1.00");
  if (payment.status !== "captured") {
    return payment.status === "refunded"
      ? refusal(null, "The payment has been fully refunded already")
      : refusal(null, "Only captured payments can be refunded");
  }
  if ((amount as number) > payment.amount - payment.amount_refunded) {
    return refusal("amount", "The refund amount provided is greater than amount captured");
  }
  if (speed !== "normal" && speed !== "optimum") return refusal("speed", "The selected speed is invalid.");
  if (receipt !== null && (typeof receipt !== "string" || receipt.length > 40)) {
    return refusal("receipt", "The receipt may not be greater than 40 characters");
  }
  const noteEntries = typeof notes === "object" && notes !== null ? Object.entries(notes) : null;
  if (!noteEntries || noteEntries.length > 15 || noteEntries.some(([, value]) => String(value).length > 256)) {
    return refusal("notes", "At most 15 notes of at most 256 characters each");
  }
  return {
    id: razorpayId("rfnd_"),
    entity: "refund",
    amount: amount as number,
    currency: payment.currency,
    payment_id: payment.id,
    notes: noteEntries.length ? Object.fromEntries(noteEntries.map(([key, value]) => [key, String(value)])) : [],
    receipt: receipt as string | null,
    acquirer_data: { arn: null },
    created_at: now(),
    batch_id: null,
    status: "pending",
    speed_processed: null,
    speed_requested: speed,
  };
}

/** What the link takes now, in paise: the first payment at least its minimum, none past the due. */
function payable(link: StandInLink): { min: number; max: number } {
  if (link.status !== "created" && link.status !== "partially_paid") {
    throw new Error(`This payment link is ${link.status.replace("_", " ")}`);
  }
  const due = link.amount - link.amount_paid;
  if (!link.accept_partial) return { min: due, max: due };
  const first = link.amount_paid === 0 ? link.first_min_partial_amount : 0;
  return { min: Math.min(due, Math.max(100, first)), max: due };
}

function checkoutPage(link: StandInLink, error?: string): string {
  let limits: { min: number; max: number };
  try {
    limits = payable(link);
  } catch (refusal) {
    return page("Payment link closed", `<p>${escapeHtml((refusal as Error).message)}.</p>`);
  }
  const due = link.amount - link.amount_paid;
  const paid = link.amount_paid ? `<p>Paid so far: ${rupees(link.amount_paid)} of ${rupees(link.amount)}</p>` : "";
  const rupeeValue = (paise: number) => (paise / 100).toFixed(2);
  // Filled with what a rider most likely pays: the booking amount first, then the balance.
  return page(
    `Pay ${rupees(due)}`,
    `<p>${escapeHtml(link.description)}</p>
${paid}
<form method="post">
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
<p><label for="amount">Amount (₹)</label>
<input id="amount" name="amount" type="number" inputmode="decimal" step="0.01" required
  min="${rupeeValue(limits.min)}" max="${rupeeValue(limits.max)}" value="${rupeeValue(link.amount_paid ? limits.max : limits.min)}"></p>
<p><label for="method">Payment method</label>
<select id="method" name="method"><option value="upi">UPI</option><option value="card">Card</option><option value="netbanking">Netbanking</option></select></p>
<p><button type="submit">Pay</button></p>
</form>`,
  );
}

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>${escapeHtml(title)} · Razorpay stand-in</title></head>
<body><main><h1>${escapeHtml(title)}</h1>
${content}
</main></body></html>`;
}

function authorised(header: string | undefined, keyId: string, keySecret: string): boolean {
  return header === `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
}

function refuse(response: ServerResponse, status: number, description: string, field?: string | null, code?: string) {
  json(response, status, {
    error: {
      code: code ?? "BAD_REQUEST_ERROR",
      description,
      source: "business",
      step: "payment_initiation",
      reason: "input_validation_failed",
      metadata: {},
      ...(field ? { field } : {}),
    },
  });
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function html(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(body);
}

function parseObject(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** "1500" or "1500.5" rupees in paise, read from the text so no float rounds it. */
function paiseOf(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : null;
}

function rupees(paise: number): string {
  return new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(paise / 100);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function sign(secret: string, data: string): string {
  return createHmac("sha256", secret).update(data).digest("hex");
}

function razorpayId(prefix: string): string {
  return prefix + Array.from(randomBytes(14), (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join("");
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}
