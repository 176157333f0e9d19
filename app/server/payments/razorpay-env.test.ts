import { describe, expect, it } from "vitest";
import { ConfigurationError, readEnv } from "../env.server";

const KEYS = {
  RAZORPAY_KEY_ID: "rzp_test_Abc123",
  RAZORPAY_KEY_SECRET: "key-secret",
  RAZORPAY_WEBHOOK_SECRETS: "webhook-secret",
};

describe("Razorpay configuration", () => {
  it("is off without keys: UPI with a UTR only", () => {
    expect(readEnv({}).razorpay).toBeUndefined();
  });

  it("reads the keys, two webhook secrets during a rotation, and Razorpay's API by default", () => {
    expect(readEnv({ ...KEYS, RAZORPAY_WEBHOOK_SECRETS: "new, old" }).razorpay).toEqual({
      keyId: "rzp_test_Abc123",
      keySecret: "key-secret",
      webhookSecrets: ["new", "old"],
      apiUrl: "https://api.razorpay.com",
    });
    expect(readEnv({ ...KEYS, RAZORPAY_API_URL: "http://127.0.0.1:4999/" }).razorpay?.apiUrl).toBe(
      "http://127.0.0.1:4999",
    );
  });

  it.each([
    [{ RAZORPAY_KEY_ID: KEYS.RAZORPAY_KEY_ID }, "must be set together"],
    [{ ...KEYS, RAZORPAY_WEBHOOK_SECRETS: "" }, "must be set together"],
    [{ ...KEYS, RAZORPAY_WEBHOOK_SECRETS: "a,b,c" }, "at most 2"],
    [{ ...KEYS, RAZORPAY_WEBHOOK_SECRETS: "a,,b" }, "none empty"],
    [{ ...KEYS, RAZORPAY_KEY_ID: "key" }, "rzp_test_"],
    [{ ...KEYS, RAZORPAY_API_URL: "http://api.example.com" }, "https://"],
    [{ ...KEYS, RAZORPAY_API_URL: "https://api.example.com/v1" }, "https://"],
  ])("stops the server on %o with a readable message", (env, message) => {
    expect(() => readEnv(env)).toThrow(ConfigurationError);
    expect(() => readEnv(env)).toThrow(message);
  });
});
