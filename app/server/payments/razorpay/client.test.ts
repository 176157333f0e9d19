import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../../tests/support/ports";
import { type RazorpayStandIn, startRazorpayStandIn } from "../../../../tests/support/razorpay-standin";
import {
  type NewPaymentLink,
  type RazorpayClient,
  RazorpayApiError,
  RazorpayUnavailableError,
  createRazorpayClient,
} from "./client.server";

let standIn: RazorpayStandIn;
let razorpay: RazorpayClient;
beforeAll(async () => {
  standIn = await startRazorpayStandIn();
  razorpay = createRazorpayClient({ keyId: standIn.keyId, keySecret: standIn.keySecret, apiUrl: standIn.apiUrl });
});
afterAll(async () => {
  await standIn.close();
});

let references = 0;
function booking(overrides: Partial<NewPaymentLink> = {}): NewPaymentLink {
  references += 1;
  return {
    amountPaise: 1_500_000,
    minFirstPaise: 500_000,
    referenceId: `RB-CLIENT-${references}`,
    description: "Leh–Ladakh Expedition, own bike",
    customer: { name: "Asha Rao", email: "asha@example.com" },
    callbackUrl: "https://roadbook.test/booking/abc?paid=1",
    notes: { booking: "abc" },
    ...overrides,
  };
}

/** The rejection a promise ends with, for its fields. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail("expected a rejection"),
    (error: unknown) => error,
  );
}

describe("createPaymentLink", () => {
  it("makes one link that takes the booking amount first and the rest in parts, and returns the rider to the booking", async () => {
    const link = await razorpay.createPaymentLink(booking({ expireBy: new Date(Date.now() + 86_400_000) }));

    expect(link).toMatchObject({
      status: "created",
      currency: "INR",
      amount: 1_500_000,
      amount_paid: 0,
      first_min_partial_amount: 500_000,
      reference_id: `RB-CLIENT-${references}`,
      order_id: null,
      payments: [],
      notes: { booking: "abc" },
    });
    expect(link.id).toMatch(/^plink_/);
    expect(link.short_url).toBe(`${standIn.apiUrl}/l/${link.id}`);
    // What the client sent, as the stand-in kept it.
    expect(standIn.link(link.id)).toMatchObject({
      accept_partial: true,
      callback_url: "https://roadbook.test/booking/abc?paid=1",
      callback_method: "get",
      customer: { name: "Asha Rao", email: "asha@example.com" },
      notify: { sms: false, email: false },
      reminder_enable: false,
    });
    expect(standIn.link(link.id)!.expire_by).toBeGreaterThan(Date.now() / 1000);
  });

  it("asks for no partial payments when the booking amount is the whole", async () => {
    const link = await razorpay.createPaymentLink(booking({ amountPaise: 900_000, minFirstPaise: 900_000 }));
    expect(link.first_min_partial_amount).toBe(0);
    expect(standIn.link(link.id)!.accept_partial).toBe(false);
  });

  it("turns Razorpay's refusal of a reused reference into a typed error with its description", async () => {
    const first = booking();
    await razorpay.createPaymentLink(first);

    const error = await failure(razorpay.createPaymentLink({ ...first, description: "again" }));

    expect(error).toBeInstanceOf(RazorpayApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "BAD_REQUEST_ERROR",
      description: "reference_id already exists",
      message: "reference_id already exists",
      field: "reference_id",
    });
  });

  it("passes on Razorpay's refusal of an amount under ₹1 or a first part above the whole", async () => {
    await expect(razorpay.createPaymentLink(booking({ amountPaise: 99, minFirstPaise: 50 }))).rejects.toMatchObject({
      field: "amount",
      description: "The amount must be atleast INR 1.00",
    });
    await expect(
      razorpay.createPaymentLink(booking({ amountPaise: 1_000, minFirstPaise: 2_000 })),
    ).rejects.toMatchObject({ field: "first_min_partial_amount", status: 400 });
  });
});

describe("fetching and finding links", () => {
  it("fetches a link with its payments, and finds it again by its reference", async () => {
    const made = await razorpay.createPaymentLink(booking());
    await standIn.pay(made.id, 500_000, { method: "card" });

    const fetched = await razorpay.fetchPaymentLink(made.id);
    expect(fetched).toMatchObject({ status: "partially_paid", amount_paid: 500_000 });
    expect(fetched.payments).toEqual([
      expect.objectContaining({ amount: 500_000, method: "card", status: "captured" }),
    ]);
    expect(fetched.order_id).toMatch(/^order_/);

    expect((await razorpay.findPaymentLink(made.reference_id))?.id).toBe(made.id);
    expect(await razorpay.findPaymentLink("RB-NEVER-MADE")).toBeNull();
  });

  it("fetches a payment with its status, amount, method and order", async () => {
    const link = await razorpay.createPaymentLink(booking());
    const { payment } = await standIn.pay(link.id, 600_000, { method: "netbanking" });

    expect(await razorpay.fetchPayment(payment.id)).toEqual({
      id: payment.id,
      status: "captured",
      currency: "INR",
      amount: 600_000,
      method: "netbanking",
      order_id: standIn.link(link.id)!.order_id,
      notes: {},
      created_at: payment.created_at,
    });
  });

  it("answers an unknown id with Razorpay's error", async () => {
    await expect(razorpay.fetchPaymentLink("plink_Unknown0000001")).rejects.toMatchObject({
      name: "RazorpayApiError",
      status: 400,
      description: "The id provided does not exist",
    });
    await expect(razorpay.fetchPayment("pay_Unknown00000001")).rejects.toBeInstanceOf(RazorpayApiError);
  });

  it("refuses an id that would walk the path elsewhere without sending it", async () => {
    const nowhere = createRazorpayClient({
      keyId: "k",
      keySecret: "s",
      apiUrl: `http://127.0.0.1:${await freePort()}`,
    });
    // An error of the API's kind, not of the network's: nothing was sent.
    await expect(nowhere.fetchPayment("..")).rejects.toBeInstanceOf(RazorpayApiError);
    await expect(nowhere.fetchPaymentLink("plink_x/cancel")).rejects.toBeInstanceOf(RazorpayApiError);
  });
});

describe("cancelPaymentLink", () => {
  it("cancels a link, partly paid or not, and refuses to cancel it twice", async () => {
    const link = await razorpay.createPaymentLink(booking());
    await standIn.pay(link.id, 500_000);

    expect(await razorpay.cancelPaymentLink(link.id)).toMatchObject({ id: link.id, status: "cancelled" });
    expect((await razorpay.fetchPaymentLink(link.id)).status).toBe("cancelled");
    await expect(razorpay.cancelPaymentLink(link.id)).rejects.toBeInstanceOf(RazorpayApiError);
  });

  it("refuses to cancel a paid link", async () => {
    const link = await razorpay.createPaymentLink(booking());
    await standIn.pay(link.id, 1_500_000);
    await expect(razorpay.cancelPaymentLink(link.id)).rejects.toMatchObject({ status: 400 });
    expect(standIn.link(link.id)!.status).toBe("paid");
  });
});

describe("failures", () => {
  it("turns wrong keys into Razorpay's 401, and never says the secret", async () => {
    const wrong = createRazorpayClient({ keyId: standIn.keyId, keySecret: "not-the-secret", apiUrl: standIn.apiUrl });
    const error = await failure(wrong.fetchPaymentLink("plink_Any00000000001"));
    expect(error).toMatchObject({ name: "RazorpayApiError", status: 401, description: "Authentication failed" });
    expect(String(error)).not.toContain("not-the-secret");
  });

  it("turns a refused connection into a typed error that names the request, not the keys", async () => {
    const nowhere = createRazorpayClient({
      keyId: "rzp_test_k",
      keySecret: "secret-k",
      apiUrl: `http://127.0.0.1:${await freePort()}`,
    });
    const error = await failure(nowhere.fetchPaymentLink("plink_Any00000000001"));
    expect(error).toBeInstanceOf(RazorpayUnavailableError);
    expect((error as Error).message).toMatch(/GET \/v1\/payment_links\/plink_Any00000000001.*ECONNREFUSED/);
    expect((error as Error).message).not.toContain("secret-k");
  });

  describe("against a server that is not Razorpay", () => {
    let server: Server;
    let apiUrl: string;
    beforeAll(async () => {
      server = createServer((request, response) => {
        if (request.url?.startsWith("/v1/payments/pay_Slow")) return; // never answers
        if (request.url?.startsWith("/v1/payments/pay_Odd")) {
          response.writeHead(200, { "content-type": "application/json" }).end('{"id":"pay_Odd","amount":"12.50"}');
          return;
        }
        response.writeHead(502, { "content-type": "text/html" }).end("<h1>Bad Gateway</h1>");
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      apiUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it("counts a proxy's HTML error page, a wrong shape and a timeout as unavailable", async () => {
      const client = createRazorpayClient({ keyId: "k", keySecret: "s", apiUrl, timeoutMs: 300 });
      await expect(client.fetchPayment("pay_Any")).rejects.toThrow(
        new RazorpayUnavailableError("Razorpay answered GET /v1/payments/pay_Any with 502"),
      );
      await expect(client.fetchPayment("pay_Odd")).rejects.toThrow(/not the shape expected/);
      await expect(client.fetchPayment("pay_Slow")).rejects.toBeInstanceOf(RazorpayUnavailableError);
    });
  });
});
