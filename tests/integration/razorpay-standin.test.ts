import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { verifyPaymentLinkCallback } from "~/server/payments/razorpay/callback-signature.server";
import { type RazorpayClient, createRazorpayClient } from "~/server/payments/razorpay/client.server";
import { parseWebhookEvent } from "~/server/payments/razorpay/webhook-event.server";
import { verifyWebhook } from "~/server/payments/razorpay/webhook-signature.server";
import { type RazorpayStandIn, startRazorpayStandIn } from "../support/razorpay-standin";

// The Razorpay stand-in as the booking flow will meet it: a link paid in two parts on its hosted
// page, the rider sent back with a signed query, and the webhooks (verified and read with the
// app's own code) sent in order, duplicated, replayed after a rotation, tampered and out of order.

type Received = { headers: IncomingHttpHeaders; body: string };

let standIn: RazorpayStandIn;
let razorpay: RazorpayClient;
let receiver: Server;
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.address() as { port: number };
  standIn = await startRazorpayStandIn({ webhookUrl: `http://127.0.0.1:${port}/webhooks/razorpay` });
  razorpay = createRazorpayClient({ keyId: standIn.keyId, keySecret: standIn.keySecret, apiUrl: standIn.apiUrl });
});
afterAll(async () => {
  await standIn.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  standIn.webhook.secret = "whsec-one";
  standIn.webhook.hold = false;
});

let references = 0;
function newLink(amountPaise = 1_500_000, minFirstPaise = 500_000) {
  references += 1;
  return razorpay.createPaymentLink({
    amountPaise,
    minFirstPaise,
    referenceId: `RB-STANDIN-${references}`,
    description: "Spiti Circuit, pillion",
    callbackUrl: "https://roadbook.test/booking/tok123",
    notes: {},
  });
}

/** A webhook as the app will read it: verified over its raw bytes, then parsed. */
function read(webhook: Received, secrets = ["whsec-one"]) {
  const signature = webhook.headers["x-razorpay-signature"] as string | undefined;
  return {
    verified: verifyWebhook(webhook.body, signature, secrets),
    event: parseWebhookEvent(webhook.body, webhook.headers["x-razorpay-event-id"] as string | undefined),
  };
}

async function payOnPage(shortUrl: string, rupees: string, method = "upi") {
  return fetch(shortUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ amount: rupees, method }),
    redirect: "manual",
  });
}

describe("the hosted page", () => {
  it("takes the booking amount first and the rest later, sending the rider back with a signed query each time", async () => {
    const link = await newLink();

    const first = await (await fetch(link.short_url)).text();
    expect(first).toContain("<h1>Pay ₹15,000.00</h1>");
    expect(first).toContain('<label for="amount">Amount (₹)</label>');
    expect(first).toMatch(/<input id="amount"[^>]* min="5000.00" max="15000.00" value="5000.00">/);

    const paid = await payOnPage(link.short_url, "5000");
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe("https://roadbook.test/booking/tok123");
    const callback = verifyPaymentLinkCallback(back.searchParams, standIn.keySecret);
    expect(callback).toEqual({
      paymentId: expect.stringMatching(/^pay_/),
      paymentLinkId: link.id,
      referenceId: link.reference_id,
      status: "partially_paid",
    });
    expect(verifyPaymentLinkCallback(back.searchParams, "another-key-secret")).toBeNull();
    const payment = await razorpay.fetchPayment(callback!.paymentId);
    expect(payment).toMatchObject({ status: "captured", amount: 500_000, method: "upi" });

    const second = await (await fetch(link.short_url)).text();
    expect(second).toContain("<h1>Pay ₹10,000.00</h1>");
    expect(second).toContain("Paid so far: ₹5,000.00 of ₹15,000.00");
    expect(second).toMatch(/min="1.00" max="10000.00" value="10000.00"/);

    const rest = await payOnPage(link.short_url, "10000.00", "card");
    const restBack = new URL(rest.headers.get("location")!).searchParams;
    expect(verifyPaymentLinkCallback(restBack, standIn.keySecret)?.status).toBe("paid");

    const fetched = await razorpay.fetchPaymentLink(link.id);
    expect(fetched).toMatchObject({ status: "paid", amount_paid: 1_500_000 });
    expect(fetched.payments.map((each) => [each.amount, each.method])).toEqual([
      [500_000, "upi"],
      [1_000_000, "card"],
    ]);
    expect(await (await fetch(link.short_url)).text()).toContain("This payment link is paid");
  });

  it("refuses a first payment under the booking amount, or one above what is due, and says why", async () => {
    const link = await newLink();

    const under = await payOnPage(link.short_url, "4999.99");
    expect(under.status).toBe(422);
    expect(await under.text()).toContain(
      '<p role="alert">Pay between ₹5,000.00 and ₹15,000.00 on this payment link</p>',
    );
    expect((await payOnPage(link.short_url, "15000.01")).status).toBe(422);
    expect((await payOnPage(link.short_url, "lots")).status).toBe(422);
    expect((await razorpay.fetchPaymentLink(link.id)).amount_paid).toBe(0);
    expect(received).toEqual([]);
  });

  it("takes nothing on a cancelled link", async () => {
    const link = await newLink();
    await razorpay.cancelPaymentLink(link.id);
    await expect.poll(() => received.length).toBe(1); // its payment_link.cancelled, before the next test starts
    expect(await (await fetch(link.short_url)).text()).toContain("This payment link is cancelled");
    await expect(standIn.pay(link.id, 500_000)).rejects.toThrow("This payment link is cancelled");
  });
});

describe("webhooks", () => {
  it("sends payment.captured and the link's event for each part, signed, each with its own id", async () => {
    const link = await newLink();
    await standIn.pay(link.id, 500_000);
    await standIn.pay(link.id, 1_000_000);

    const events = received.map((webhook) => read(webhook));
    expect(events.every(({ verified }) => verified)).toBe(true);
    expect(events.map(({ event }) => event.event)).toEqual([
      "payment.captured",
      "payment_link.partially_paid",
      "payment.captured",
      "payment_link.paid",
    ]);
    expect(new Set(events.map(({ event }) => event.id)).size).toBe(4);
    const [, partial, , paid] = events.map(({ event }) => event);
    expect(partial!.paymentLink).toMatchObject({ id: link.id, reference_id: link.reference_id, amount_paid: 500_000 });
    expect(partial!.payment).toMatchObject({ amount: 500_000, status: "captured" });
    expect(paid!.paymentLink).toMatchObject({ status: "paid", amount_paid: 1_500_000 });
    expect(received[0]!.headers["content-type"]).toBe("application/json");
  });

  it("sends payment_link.cancelled when a link is cancelled", async () => {
    const link = await newLink();
    await razorpay.cancelPaymentLink(link.id);
    await expect.poll(() => received.length).toBe(1);
    expect(read(received[0]!).event).toMatchObject({ event: "payment_link.cancelled", paymentLink: { id: link.id } });
  });

  it("duplicates an event byte for byte, with its id", async () => {
    const link = await newLink();
    const { deliveries } = await standIn.pay(link.id, 500_000);

    expect(await standIn.send(deliveries[1]!)).toBe(200);

    expect(received).toHaveLength(3);
    expect(received[2]!.body).toBe(received[1]!.body);
    expect(received[2]!.headers["x-razorpay-event-id"]).toBe(deliveries[1]!.eventId);
    expect(received[2]!.headers["x-razorpay-signature"]).toBe(received[1]!.headers["x-razorpay-signature"]);
    expect(deliveries[1]!.answers).toEqual([200, 200]);
  });

  it("replays an event signed with the new secret after a rotation, so only both secrets verify every event", async () => {
    const link = await newLink();
    const { deliveries } = await standIn.pay(link.id, 500_000);
    standIn.webhook.secret = "whsec-two";

    await standIn.replay(deliveries[1]!);

    const [before, replayed] = [received[1]!, received[2]!];
    expect(replayed.body).toBe(before.body);
    expect(read(before, ["whsec-two"]).verified).toBe(false);
    expect(read(replayed, ["whsec-one"]).verified).toBe(false);
    expect(read(before, ["whsec-two", "whsec-one"]).verified).toBe(true);
    expect(read(replayed, ["whsec-two", "whsec-one"]).verified).toBe(true);
  });

  it("sends a tampered event whose signature no longer matches its raised amounts", async () => {
    const link = await newLink();
    const { deliveries } = await standIn.pay(link.id, 500_000);

    await standIn.sendTampered(deliveries[1]!);

    const tampered = read(received[2]!);
    expect(tampered.event.payment?.amount).toBe(5_000_000);
    expect(tampered.verified).toBe(false);
  });

  it("holds events for a test to send out of order", async () => {
    standIn.webhook.hold = true;
    const link = await newLink();
    const first = await standIn.pay(link.id, 500_000);
    const second = await standIn.pay(link.id, 1_000_000);
    expect(received).toEqual([]);

    await standIn.send(second.deliveries[1]!);
    await standIn.send(first.deliveries[1]!);

    expect(received.map((webhook) => read(webhook).event.event)).toEqual([
      "payment_link.paid",
      "payment_link.partially_paid",
    ]);
    expect(first.deliveries[0]!.answers).toEqual([]);
  });

  it("records 0 for a webhook that nothing answered", async () => {
    const link = await newLink();
    const url = standIn.webhook.url;
    standIn.webhook.url = `${standIn.apiUrl.replace(/:\d+$/, ":1")}/webhooks`;
    try {
      const { deliveries } = await standIn.pay(link.id, 500_000);
      expect(deliveries.map((delivery) => delivery.answers)).toEqual([[0], [0]]);
    } finally {
      standIn.webhook.url = url;
    }
  });
});
