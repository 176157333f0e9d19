import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyPaymentLinkCallback } from "./callback-signature.server";

const KEY_SECRET = "key-secret";

function callback(overrides: Record<string, string | null> = {}, secret = KEY_SECRET): URLSearchParams {
  const values = {
    razorpay_payment_id: "pay_Fc8mUeDrEKf08Y",
    razorpay_payment_link_id: "plink_Fc8lXILABzQL7M",
    razorpay_payment_link_reference_id: "RB-7Q2K",
    razorpay_payment_link_status: "partially_paid",
  };
  const signature = createHmac("sha256", secret)
    .update(
      `${values.razorpay_payment_link_id}|${values.razorpay_payment_link_reference_id}|${values.razorpay_payment_link_status}|${values.razorpay_payment_id}`,
    )
    .digest("hex");
  const query = new URLSearchParams({ ...values, razorpay_signature: signature });
  for (const [name, value] of Object.entries(overrides)) {
    if (value === null) query.delete(name);
    else query.set(name, value);
  }
  return query;
}

describe("verifyPaymentLinkCallback", () => {
  it("reads a callback signed with the key secret over link id|reference|status|payment id", () => {
    expect(verifyPaymentLinkCallback(callback(), KEY_SECRET)).toEqual({
      paymentId: "pay_Fc8mUeDrEKf08Y",
      paymentLinkId: "plink_Fc8lXILABzQL7M",
      referenceId: "RB-7Q2K",
      status: "partially_paid",
    });
  });

  it("refuses a query changed after signing: another status, payment or link", () => {
    expect(verifyPaymentLinkCallback(callback({ razorpay_payment_link_status: "paid" }), KEY_SECRET)).toBeNull();
    expect(verifyPaymentLinkCallback(callback({ razorpay_payment_id: "pay_Other000000001" }), KEY_SECRET)).toBeNull();
    expect(
      verifyPaymentLinkCallback(callback({ razorpay_payment_link_id: "plink_Other00000001" }), KEY_SECRET),
    ).toBeNull();
  });

  it("refuses a signature made with another secret, or none at all", () => {
    expect(verifyPaymentLinkCallback(callback({}, "another-secret"), KEY_SECRET)).toBeNull();
    expect(verifyPaymentLinkCallback(callback({ razorpay_signature: null }), KEY_SECRET)).toBeNull();
    expect(verifyPaymentLinkCallback(callback({ razorpay_signature: "00" }), KEY_SECRET)).toBeNull();
    expect(verifyPaymentLinkCallback(callback(), "")).toBeNull();
  });

  it("reads a link without a reference, whose callback leaves the reference out and signs it empty", () => {
    const signature = createHmac("sha256", KEY_SECRET)
      .update("plink_Fc8lXILABzQL7M||paid|pay_Fc8mUeDrEKf08Y")
      .digest("hex");
    const query = callback({ razorpay_payment_link_reference_id: null, razorpay_payment_link_status: "paid" });
    query.set("razorpay_signature", signature);
    expect(verifyPaymentLinkCallback(query, KEY_SECRET)).toMatchObject({ referenceId: "", status: "paid" });
  });

  it("refuses a callback without a payment id", () => {
    expect(verifyPaymentLinkCallback(callback({ razorpay_payment_id: null }), KEY_SECRET)).toBeNull();
  });
});
