import webpush from "web-push";
import { expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { readEnv } from "~/server/env.server";
import { endpointHash } from "~/features/rider-messages/server/push/subscriptions.server";
import { action, loader } from "~/routes/public/booking";
import { describeEachEngine } from "../support/databases";
import { siteRide } from "../support/fixtures";
import { fakeBrowser } from "../support/push-service";
import { riderForm, registerRider } from "../support/registration-fixtures";
import { routeContext } from "../support/route-context";

// The booking page's push intents through its loader and action (docs/features/push.md), on
// both engines: what the opt-in island posts, what it is answered, what is stored.

const ORIGIN = "http://roadbook.test";
const keys = webpush.generateVAPIDKeys();
const PUSH_ENV = {
  VAPID_PUBLIC_KEY: keys.publicKey,
  VAPID_PRIVATE_KEY: keys.privateKey,
  VAPID_SUBJECT: "mailto:a@b.org",
};

const contextFor = (db: Database, env: Record<string, string>) =>
  routeContext({ db, env: readEnv(env) }, { clientIp: "203.0.113.9", origin: ORIGIN });

/** A redirect's status and location, or data()'s status and body. */
async function answerOf(run: () => Promise<unknown>) {
  const result = await run().catch((thrown: unknown) => thrown);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location") };
  const value = result as {
    data: { push?: unknown; formError?: string; errors?: Record<string, string> };
    init?: ResponseInit;
  };
  return { status: value.init?.status ?? 200, body: value.data };
}

const post = (db: Database, env: Record<string, string>, token: string, fields: Record<string, string>) =>
  answerOf(() =>
    action({
      request: new Request(`${ORIGIN}/booking/${token}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      params: { token },
      context: contextFor(db, env),
    } as never),
  );

const open = (db: Database, env: Record<string, string>, token: string) =>
  answerOf(() =>
    loader({
      request: new Request(`${ORIGIN}/booking/${token}`),
      params: { token },
      context: contextFor(db, env),
    } as never),
  );

async function booking(db: Database) {
  const ride = await siteRide(
    db,
    { seats: 5 },
    { startDate: "2099-06-10", endDate: "2099-06-18", lastBookingDate: "" },
  );
  return (await registerRider(db, ride.id, riderForm(1))).token;
}

describeEachEngine("the booking page's push intents", (getDb) => {
  it("turns a phone on and off: 303 back to the page, which then knows the phone by its hash", async () => {
    const db = getDb();
    const token = await booking(db);
    const phone = { endpoint: "https://updates.push.services.mozilla.com/wpush/v2/abc", ...fakeBrowser().keys };
    expect((await open(db, PUSH_ENV, token)).body?.push).toEqual({ publicKey: keys.publicKey, phones: [] });

    expect(await post(db, PUSH_ENV, token, { intent: "push-subscribe", ...phone })).toEqual({
      status: 303,
      location: `/booking/${token}`,
    });
    expect((await open(db, PUSH_ENV, token)).body?.push).toEqual({
      publicKey: keys.publicKey,
      phones: [endpointHash(phone.endpoint)],
    });

    expect(await post(db, PUSH_ENV, token, { intent: "push-unsubscribe", endpoint: phone.endpoint })).toEqual({
      status: 303,
      location: `/booking/${token}`,
    });
    expect((await open(db, PUSH_ENV, token)).body?.push).toEqual({ publicKey: keys.publicKey, phones: [] });
  });

  it("refuses an unusable subscription with 400 and stores nothing", async () => {
    const db = getDb();
    const token = await booking(db);
    const answer = await post(db, PUSH_ENV, token, {
      intent: "push-subscribe",
      endpoint: "http://169.254.169.254/latest",
      ...fakeBrowser().keys,
    });
    expect(answer.status).toBe(400);
    expect(answer.body?.errors).toEqual({ endpoint: expect.stringContaining("unusable push subscription") });
    expect(await db.selectFrom("push_subscriptions").select("id").execute()).toEqual([]);
  });

  it("without VAPID keys offers no push and refuses a subscription with 409", async () => {
    const db = getDb();
    const token = await booking(db);
    expect((await open(db, {}, token)).body?.push).toBeNull();
    const answer = await post(db, {}, token, {
      intent: "push-subscribe",
      endpoint: "https://fcm.googleapis.com/fcm/send/x",
      ...fakeBrowser().keys,
    });
    expect(answer).toMatchObject({ status: 409, body: { formError: "This site does not send notifications." } });
    expect(await db.selectFrom("push_subscriptions").select("id").execute()).toEqual([]);
  });
});
