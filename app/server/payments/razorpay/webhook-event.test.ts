import { describe, expect, it } from "vitest";
import { MalformedWebhookError, parseWebhookEvent } from "./webhook-event.server";

// Trimmed from the API reference's payment_link.partially_paid sample: extra fields stay in, as
// Razorpay sends many this code does not read.
const partiallyPaid = {
  entity: "event",
  account_id: "acc_OU2H3nkLn9jDVo",
  event: "payment_link.partially_paid",
  contains: ["payment_link", "order", "payment"],
  payload: {
    payment_link: {
      entity: {
        id: "plink_OU2HfJ7kQvCeY3",
        status: "partially_paid",
        amount: 1500000,
        amount_paid: 500000,
        currency: "INR",
        reference_id: "RB-7Q2K",
        order_id: "order_OU2Hs9nDs0sJ3D",
        notes: [],
        customer: [],
      },
    },
    order: { entity: { id: "order_OU2Hs9nDs0sJ3D", amount: 1500000, amount_paid: 500000, status: "attempted" } },
    payment: {
      entity: {
        id: "pay_OU2I6iAfOrKJvB",
        entity: "payment",
        amount: 500000,
        currency: "INR",
        status: "captured",
        order_id: "order_OU2Hs9nDs0sJ3D",
        method: "upi",
        vpa: "rider@okaxis",
        notes: [],
      },
    },
  },
  created_at: 1749618314,
};

describe("parseWebhookEvent", () => {
  it("reads the event id from its header and the link and payment from the body", () => {
    expect(parseWebhookEvent(JSON.stringify(partiallyPaid), "OU2I8xK0pQ3mZa")).toEqual({
      id: "OU2I8xK0pQ3mZa",
      event: "payment_link.partially_paid",
      accountId: "acc_OU2H3nkLn9jDVo",
      createdAt: 1749618314,
      paymentLink: {
        id: "plink_OU2HfJ7kQvCeY3",
        status: "partially_paid",
        amount: 1500000,
        amount_paid: 500000,
        reference_id: "RB-7Q2K",
        order_id: "order_OU2Hs9nDs0sJ3D",
      },
      payment: {
        id: "pay_OU2I6iAfOrKJvB",
        status: "captured",
        currency: "INR",
        amount: 500000,
        method: "upi",
        order_id: "order_OU2Hs9nDs0sJ3D",
      },
      refund: null,
    });
  });

  it("reads a refund's event: the refund, its payment and Roadbook's entry id from its notes", () => {
    const refund = (notes: unknown) => ({
      ...partiallyPaid,
      event: "refund.processed",
      contains: ["refund", "payment"],
      payload: {
        refund: {
          entity: {
            id: "rfnd_FS8TWyPrCsa0OB",
            entity: "refund",
            amount: 500000,
            currency: "INR",
            payment_id: "pay_OU2I6iAfOrKJvB",
            notes,
            receipt: "3f0c…",
            acquirer_data: { arn: null },
            created_at: 1597734071,
            status: "processed",
            speed_processed: "normal",
            speed_requested: "normal",
          },
        },
        payment: partiallyPaid.payload.payment,
      },
    });
    expect(parseWebhookEvent(JSON.stringify(refund({ entry: "entry-1" })), "evt_1").refund).toEqual({
      id: "rfnd_FS8TWyPrCsa0OB",
      status: "processed",
      currency: "INR",
      amount: 500000,
      payment_id: "pay_OU2I6iAfOrKJvB",
      entry: "entry-1",
    });
    // Another system's refund: no notes (Razorpay writes them as []), or other notes.
    expect(parseWebhookEvent(JSON.stringify(refund([])), "evt_2").refund?.entry).toBeNull();
    expect(parseWebhookEvent(JSON.stringify(refund({ comment: "x" })), "evt_3").refund?.entry).toBeNull();
  });

  it("reads a payment.captured event, which carries the payment alone", () => {
    const captured = {
      ...partiallyPaid,
      event: "payment.captured",
      contains: ["payment"],
      payload: { payment: partiallyPaid.payload.payment },
    };
    const event = parseWebhookEvent(Buffer.from(JSON.stringify(captured)), "OU2I8xK0pQ3mZb");
    expect(event.paymentLink).toBeNull();
    expect(event.payment).toMatchObject({ id: "pay_OU2I6iAfOrKJvB", order_id: "order_OU2Hs9nDs0sJ3D" });
  });

  it("refuses an event without its id header", () => {
    expect(() => parseWebhookEvent(JSON.stringify(partiallyPaid), undefined)).toThrow(MalformedWebhookError);
  });

  it("refuses a body that is not JSON", () => {
    expect(() => parseWebhookEvent("{not json", "evt")).toThrow(/not JSON/);
  });

  it("refuses JSON that is not a Razorpay event, or whose amounts are not whole paise", () => {
    expect(() => parseWebhookEvent(JSON.stringify({ hello: "world" }), "evt")).toThrow(MalformedWebhookError);
    const rupees = structuredClone(partiallyPaid);
    rupees.payload.payment.entity.amount = 5000.5;
    expect(() => parseWebhookEvent(JSON.stringify(rupees), "evt")).toThrow(/amount/);
    const noLinkId = structuredClone(partiallyPaid) as { payload: { payment_link: { entity: { id?: string } } } };
    delete noLinkId.payload.payment_link.entity.id;
    expect(() => parseWebhookEvent(JSON.stringify(noLinkId), "evt")).toThrow(MalformedWebhookError);
  });
});
