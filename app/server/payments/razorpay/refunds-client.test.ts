import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RazorpayStandIn, startRazorpayStandIn } from "../../../../tests/support/razorpay-standin";
import { type RazorpayClient, RazorpayApiError, RazorpayUnavailableError, createRazorpayClient } from "./client.server";

// The refunds part of the client against the stand-in: create, fetch, list, and Razorpay's refusals.

let standIn: RazorpayStandIn;
let razorpay: RazorpayClient;
beforeAll(async () => {
  standIn = await startRazorpayStandIn();
  razorpay = createRazorpayClient({ keyId: standIn.keyId, keySecret: standIn.keySecret, apiUrl: standIn.apiUrl });
});
afterAll(async () => {
  await standIn.close();
});

/** A captured payment of `amountPaise` on a fresh link. */
async function payment(amountPaise = 1_000_000) {
  const link = await razorpay.createPaymentLink({
    amountPaise,
    minFirstPaise: amountPaise,
    referenceId: `RB-REFUND-${Math.random().toString(36).slice(2)}`,
    description: "Refunds",
    callbackUrl: "https://roadbook.test/booking/abc",
    notes: {},
  });
  return (await standIn.pay(link.id, amountPaise)).payment;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail("expected a rejection"),
    (error: unknown) => error,
  );
}

describe("refunds", () => {
  it("creates a normal refund named by our entry, pending until the bank answers, and finds it again", async () => {
    const paid = await payment();
    const refund = await razorpay.createRefund(paid.id, { amountPaise: 400_000, entryId: "entry-1" });
    expect(refund).toMatchObject({
      entity: "refund",
      amount: 400_000,
      currency: "INR",
      payment_id: paid.id,
      notes: { entry: "entry-1" },
      receipt: "entry-1",
      status: "pending",
    });
    expect(standIn.refund(refund.id)?.speed_requested).toBe("normal");
    expect(await razorpay.fetchRefund(refund.id)).toEqual(refund);
    expect(await razorpay.listRefunds(paid.id)).toEqual([refund]);
    await standIn.settleRefund(refund.id, "processed");
    expect(await razorpay.fetchRefund(refund.id)).toMatchObject({ status: "processed", speed_processed: "normal" });
  });

  it("refuses a refund above what is left of the payment, and one of a payment refunded in full", async () => {
    const paid = await payment(500_000);
    await razorpay.createRefund(paid.id, { amountPaise: 300_000, entryId: "entry-2" });
    const over = await failure(razorpay.createRefund(paid.id, { amountPaise: 200_001, entryId: "entry-3" }));
    expect(over).toBeInstanceOf(RazorpayApiError);
    expect(over).toMatchObject({
      status: 400,
      code: "BAD_REQUEST_ERROR",
      description: "The refund amount provided is greater than amount captured",
    });
    await razorpay.createRefund(paid.id, { amountPaise: 200_000, entryId: "entry-4" });
    const full = await failure(razorpay.createRefund(paid.id, { amountPaise: 100, entryId: "entry-5" }));
    expect(full).toMatchObject({ status: 400, description: "The payment has been fully refunded already" });
    expect((await razorpay.listRefunds(paid.id)).map((refund) => refund.amount)).toEqual([200_000, 300_000]);
  });

  it("gives a failed refund's amount back to the payment", async () => {
    const paid = await payment(500_000);
    const refund = await razorpay.createRefund(paid.id, { amountPaise: 500_000, entryId: "entry-6" });
    await standIn.settleRefund(refund.id, "failed");
    expect(await razorpay.fetchRefund(refund.id)).toMatchObject({ status: "failed" });
    expect(await razorpay.createRefund(paid.id, { amountPaise: 500_000, entryId: "entry-7" })).toMatchObject({
      status: "pending",
    });
  });

  it("answers an unknown refund or payment as Razorpay does, and a lost answer as unavailable", async () => {
    expect(await failure(razorpay.fetchRefund("rfnd_missing"))).toMatchObject({
      status: 400,
      description: "The id provided does not exist",
    });
    expect(await failure(razorpay.listRefunds("pay_missing"))).toMatchObject({ status: 400 });
    expect(await failure(razorpay.fetchRefund("../payments"))).toBeInstanceOf(RazorpayApiError);
    const paid = await payment(500_000);
    standIn.faults.lostRefundAnswers = 1;
    expect(await failure(razorpay.createRefund(paid.id, { amountPaise: 100_000, entryId: "entry-8" }))).toBeInstanceOf(
      RazorpayUnavailableError,
    );
    // Made all the same: the list finds it by our entry, and a create repeated with the same
    // idempotency key answers the same refund.
    const [made] = await razorpay.listRefunds(paid.id);
    expect(made?.notes.entry).toBe("entry-8");
    expect(await razorpay.createRefund(paid.id, { amountPaise: 100_000, entryId: "entry-8" })).toEqual(made);
    expect(await razorpay.listRefunds(paid.id)).toHaveLength(1);
  });
});
