import webpush from "web-push";
import { describe, expect, it } from "vitest";
import { ConfigurationError, readEnv } from "~/server/env.server";

const keys = webpush.generateVAPIDKeys();
const VAPID = {
  VAPID_PUBLIC_KEY: keys.publicKey,
  VAPID_PRIVATE_KEY: keys.privateKey,
  VAPID_SUBJECT: "mailto:rides@example.org",
};

describe("push configuration", () => {
  it("is off without VAPID keys, as mail is without SMTP_URL", () => {
    expect(readEnv({}).push).toBeUndefined();
  });

  it("reads the keys `npx web-push generate-vapid-keys` prints, and a mailto: or https: subject", () => {
    expect(readEnv(VAPID).push).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      subject: "mailto:rides@example.org",
    });
    expect(readEnv({ ...VAPID, VAPID_SUBJECT: "https://rides.example.org/contact" }).push?.subject).toBe(
      "https://rides.example.org/contact",
    );
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: keys.publicKey }, "must be set together"],
    [{ ...VAPID, VAPID_SUBJECT: "" }, "must be set together"],
    [{ ...VAPID, VAPID_SUBJECT: "rides@example.org" }, "VAPID_SUBJECT must be a mailto: address or an https: URL"],
    [
      { ...VAPID, VAPID_SUBJECT: "http://rides.example.org" },
      "VAPID_SUBJECT must be a mailto: address or an https: URL",
    ],
    [
      { ...VAPID, VAPID_PUBLIC_KEY: keys.privateKey },
      "VAPID_PUBLIC_KEY must come from `npx web-push generate-vapid-keys`",
    ],
    [
      { ...VAPID, VAPID_PRIVATE_KEY: keys.publicKey },
      "VAPID_PRIVATE_KEY must come from `npx web-push generate-vapid-keys`",
    ],
  ])("refuses %j with a readable message", (source, message) => {
    expect(() => readEnv(source)).toThrow(ConfigurationError);
    expect(() => readEnv(source)).toThrow(message);
  });
});
