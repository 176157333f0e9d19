import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyWebhook } from "./webhook-signature.server";

const body = JSON.stringify({
  entity: "event",
  event: "payment_link.paid",
  payload: { payment: { entity: { amount: 500000 } } },
});
const signed = (secret: string, data = body) => createHmac("sha256", secret).update(data).digest("hex");

describe("verifyWebhook", () => {
  it("accepts the HMAC-SHA256 hex of the raw body under the secret, given as text or bytes", () => {
    // RFC 4231-style known answer, so the check is not only the code agreeing with itself.
    const known = "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8";
    expect(verifyWebhook("The quick brown fox jumps over the lazy dog", known, ["key"])).toBe(true);
    expect(verifyWebhook(body, signed("whsec-1"), ["whsec-1"])).toBe(true);
    expect(verifyWebhook(Buffer.from(body), signed("whsec-1"), ["whsec-1"])).toBe(true);
  });

  it("refuses a body changed after signing, even by a space", () => {
    expect(verifyWebhook(body.replace("500000", "5000000"), signed("whsec-1"), ["whsec-1"])).toBe(false);
    expect(verifyWebhook(`${body} `, signed("whsec-1"), ["whsec-1"])).toBe(false);
  });

  it("refuses a signature made with another secret", () => {
    expect(verifyWebhook(body, signed("someone-else"), ["whsec-1"])).toBe(false);
  });

  it("during a rotation accepts either the new or the old secret, and after it only the new", () => {
    expect(verifyWebhook(body, signed("whsec-new"), ["whsec-new", "whsec-old"])).toBe(true);
    expect(verifyWebhook(body, signed("whsec-old"), ["whsec-new", "whsec-old"])).toBe(true);
    expect(verifyWebhook(body, signed("whsec-old"), ["whsec-new"])).toBe(false);
  });

  it("refuses a missing or empty header, and verifies nothing without a secret", () => {
    expect(verifyWebhook(body, undefined, ["whsec-1"])).toBe(false);
    expect(verifyWebhook(body, "", ["whsec-1"])).toBe(false);
    expect(verifyWebhook(body, signed(""), [])).toBe(false);
    expect(verifyWebhook(body, signed(""), [""])).toBe(false);
  });

  it("refuses a signature of the wrong length without throwing", () => {
    const good = signed("whsec-1");
    expect(verifyWebhook(body, good.slice(0, -1), ["whsec-1"])).toBe(false);
    expect(verifyWebhook(body, `${good}0`, ["whsec-1"])).toBe(false);
    expect(verifyWebhook(body, "é".repeat(32), ["whsec-1"])).toBe(false);
  });

  it("takes at most two secrets", () => {
    expect(() => verifyWebhook(body, signed("a"), ["a", "b", "c"])).toThrow(/At most 2/);
  });
});
