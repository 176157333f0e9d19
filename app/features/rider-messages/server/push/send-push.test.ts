import { randomUUID } from "node:crypto";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { describeEachEngine } from "../../../../../tests/support/databases";
import { siteRide } from "../../../../../tests/support/fixtures";
import {
  decryptPush,
  fakeBrowser,
  startLocalPushService,
  verifyVapid,
  type LocalPushService,
} from "../../../../../tests/support/push-service";
import { riderForm, registerRider } from "../../../../../tests/support/registration-fixtures";
import type { PushSettings } from "./push-env.server";
import { pushToRegistration, sendPush } from "./send-push.server";
import { pushSubscriptionsOf } from "./subscriptions.server";

// Web Push sent for real, to a push service on this machine (tests/support/push-service.ts):
// encrypted, signed and posted by web-push, checked and decrypted as a browser would.

const keys = webpush.generateVAPIDKeys();
const CONFIG: PushSettings = { ...keys, subject: "mailto:rides@example.org" };
const MESSAGE = { title: "Spiti Circuit", body: "We meet at 6:00 at the petrol pump.", url: "/booking/abc" };

let service: LocalPushService;
beforeAll(async () => {
  service = await startLocalPushService();
});
afterAll(() => service.close());

describe("sendPush", () => {
  it("posts the message encrypted to the browser's keys and signed with the site's VAPID keys", async () => {
    const browser = fakeBrowser();
    const endpoint = `${service.origin}/ok/${randomUUID()}`;
    const before = Math.floor(Date.now() / 1000);

    const result = await sendPush(CONFIG, { endpoint, keys: browser.keys }, MESSAGE, {
      agent: service.agent,
      ttlSeconds: 3600,
      urgency: "high",
    });

    expect(result).toEqual({ ok: true });
    const push = service.received.find((received) => endpoint.endsWith(received.path))!;
    expect(push.headers).toMatchObject({ "content-encoding": "aes128gcm", ttl: "3600", urgency: "high" });
    const claims = verifyVapid(push.headers.authorization as string, CONFIG.publicKey);
    expect(claims).toMatchObject({ aud: service.origin, sub: CONFIG.subject });
    expect(claims.exp).toBeGreaterThan(before);
    expect(decryptPush(push.body, browser)).toEqual(MESSAGE);
    // Nothing readable travels: the body is not the message.
    expect(push.body.toString("latin1")).not.toContain("petrol pump");
  });

  it("cuts a long title and text to what a push message carries", async () => {
    const browser = fakeBrowser();
    const endpoint = `${service.origin}/ok/${randomUUID()}`;
    const long = { title: "T".repeat(500), body: "ह".repeat(3000), url: "/booking/abc" };

    expect(await sendPush(CONFIG, { endpoint, keys: browser.keys }, long, { agent: service.agent })).toEqual({
      ok: true,
    });
    const push = service.received.find((received) => endpoint.endsWith(received.path))!;
    const read = decryptPush(push.body, browser) as typeof MESSAGE;
    expect([...read.title]).toHaveLength(120);
    expect([...read.body]).toHaveLength(600);
    expect(read.body.endsWith("…")).toBe(true);
  });

  it("says a subscription is gone on 410, and only failed on 503 or no answer, naming no endpoint", async () => {
    const { keys: browserKeys } = fakeBrowser();
    const send = (endpoint: string) =>
      sendPush(CONFIG, { endpoint, keys: browserKeys }, MESSAGE, { agent: service.agent });

    expect(await send(`${service.origin}/gone/${randomUUID()}`)).toEqual({
      ok: false,
      gone: true,
      reason: "push service answered 410",
    });
    expect(await send(`${service.origin}/busy/${randomUUID()}`)).toEqual({
      ok: false,
      gone: false,
      reason: "push service answered 503",
    });
    // A port nothing listens on.
    const refused = await send(`https://127.0.0.1:1/${randomUUID()}`);
    expect(refused).toEqual({ ok: false, gone: false, reason: "ECONNREFUSED" });
  });
});

/** A phone of the registration, pointing at the local push service (the opt-in takes public push services only). */
async function addPhone(db: Database, registrationId: string, path: string) {
  const browser = fakeBrowser();
  const endpoint = `${service.origin}/${path}/${randomUUID()}`;
  await db
    .insertInto("push_subscriptions")
    .values({
      id: randomUUID(),
      registration_id: registrationId,
      endpoint,
      ...browser.keys,
      created_at: new Date().toISOString(),
    })
    .execute();
  return { browser, endpoint };
}

describeEachEngine("pushToRegistration", (getDb) => {
  it("sends to each of the booking's phones, deletes those gone and reports the rest", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 5 });
    const { registration } = await registerRider(db, ride.id, riderForm(1), new Date("2027-05-01T06:00:00Z"));
    const { registration: other } = await registerRider(db, ride.id, riderForm(2), new Date("2027-05-01T06:00:00Z"));
    const first = await addPhone(db, registration.id, "ok");
    const gone = await addPhone(db, registration.id, "gone");
    const busy = await addPhone(db, registration.id, "busy");
    const otherPhone = await addPhone(db, other.id, "ok");

    const report = await pushToRegistration(db, CONFIG, registration.id, MESSAGE, { agent: service.agent });

    expect(report).toEqual({ sent: 1, failed: 1, gone: 1, reasons: ["push service answered 503"] });
    const delivered = service.received.find((received) => first.endpoint.endsWith(received.path))!;
    expect(decryptPush(delivered.body, first.browser)).toEqual(MESSAGE);
    expect((await pushSubscriptionsOf(db, registration.id)).map((phone) => phone.endpoint)).toEqual(
      expect.arrayContaining([first.endpoint, busy.endpoint]),
    );
    expect(await pushSubscriptionsOf(db, registration.id)).toHaveLength(2);
    expect(gone.endpoint).not.toBe(busy.endpoint);
    // Another booking's phone got nothing and stays.
    expect(service.received.some((received) => otherPhone.endpoint.endsWith(received.path))).toBe(false);
    expect(await pushSubscriptionsOf(db, other.id)).toHaveLength(1);
  });

  it("reports nothing sent for a booking without phones", async () => {
    expect(await pushToRegistration(getDb(), CONFIG, randomUUID(), MESSAGE)).toEqual({
      sent: 0,
      failed: 0,
      gone: 0,
      reasons: [],
    });
  });
});
