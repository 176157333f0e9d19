import { expect, it } from "vitest";
import { MAX_PHONES_PER_BOOKING } from "~/features/rider-messages/domain/push";
import type { Database } from "~/server/db/schema.server";
import { describeEachEngine } from "../../../../../tests/support/databases";
import { siteRide } from "../../../../../tests/support/fixtures";
import { fakeBrowser } from "../../../../../tests/support/push-service";
import { riderForm, registerRider } from "../../../../../tests/support/registration-fixtures";
import { listRecentActivity } from "~/server/audit/audit.server";
import { cancelByToken, eraseByToken } from "~/server/registrations/cancel.server";
import { eraseExpiredRegistrations, eraseRide } from "~/server/registrations/erasure.server";
import { NotFoundError, ValidationError } from "~/server/validation/errors.server";
import {
  CANCELLED_NO_UPDATES,
  endpointHash,
  pushEndpointHashes,
  pushSubscriptionsOf,
  subscribePushByToken,
  unsubscribePushByToken,
} from "./subscriptions.server";

const NOW = new Date("2027-05-01T06:00:00Z");
const REFUSED = "This phone's browser gave an unusable push subscription. Please try again.";

let phones = 0;
/** What a browser's PushSubscription.toJSON() gives, flattened as the booking page posts it. */
function phone(endpoint = `https://fcm.googleapis.com/fcm/send/phone-${++phones}`) {
  return { endpoint, ...fakeBrowser().keys };
}

async function booking(db: Database, n = 1) {
  const ride = await siteRide(db, { seats: 5 });
  const { registration, token } = await registerRider(db, ride.id, riderForm(n), NOW);
  return { ride, registration, token };
}

/** The trail's lines about phones, oldest first. */
const phoneTrail = async (db: Database) =>
  (await listRecentActivity(db, 100)).filter((entry) => entry.summary.includes("phone")).reverse();

const rowCount = async (db: Database) => (await db.selectFrom("push_subscriptions").select("id").execute()).length;

describeEachEngine("push subscriptions", (getDb) => {
  it("turns a phone on once however often it is posted, with an audit row naming only the booking", async () => {
    const db = getDb();
    const { registration, token } = await booking(db);
    const thisPhone = phone();

    await subscribePushByToken(db, token, thisPhone, NOW);
    await subscribePushByToken(db, token, { ...thisPhone, auth: fakeBrowser().auth }, NOW);

    const stored = await pushSubscriptionsOf(db, registration.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ endpoint: thisPhone.endpoint, keys: { p256dh: thisPhone.p256dh } });
    expect(stored[0]!.keys.auth).not.toBe(thisPhone.auth);
    expect(await pushEndpointHashes(db, registration.id)).toEqual([endpointHash(thisPhone.endpoint)]);
    const trail = await phoneTrail(db);
    expect(trail).toHaveLength(2);
    expect(trail[0]).toMatchObject({
      actorEmail: "a rider",
      collection: "registrations",
      recordId: registration.id,
      summary: `Booking ${registration.reference}: updates on a phone turned on by the rider`,
    });
    expect(JSON.stringify(await listRecentActivity(db))).not.toContain("fcm.googleapis.com");
  });

  it("lets one phone follow two bookings, and turning one off leaves the other", async () => {
    const db = getDb();
    const first = await booking(db, 1);
    const second = await booking(db, 2);
    const shared = phone();
    await subscribePushByToken(db, first.token, shared, NOW);
    await subscribePushByToken(db, second.token, shared, NOW);

    await unsubscribePushByToken(db, first.token, { endpoint: shared.endpoint }, NOW);

    expect(await pushSubscriptionsOf(db, first.registration.id)).toEqual([]);
    expect(await pushSubscriptionsOf(db, second.registration.id)).toHaveLength(1);
    expect((await phoneTrail(db)).map((entry) => entry.summary)).toContain(
      `Booking ${first.registration.reference}: updates on a phone turned off by the rider`,
    );
    // Off twice changes nothing and writes nothing.
    const trail = await phoneTrail(db);
    await unsubscribePushByToken(db, first.token, { endpoint: shared.endpoint }, NOW);
    expect(await phoneTrail(db)).toEqual(trail);
  });

  it(`follows at most ${MAX_PHONES_PER_BOOKING} phones a booking: a newer one replaces the oldest`, async () => {
    const db = getDb();
    const { registration, token } = await booking(db);
    const all = Array.from({ length: MAX_PHONES_PER_BOOKING + 1 }, () => phone());
    for (const [minute, each] of all.entries()) {
      await subscribePushByToken(db, token, each, new Date(NOW.getTime() + minute * 60_000));
    }
    const kept = (await pushSubscriptionsOf(db, registration.id)).map((stored) => stored.endpoint);
    expect(kept).toEqual(all.slice(1).map((each) => each.endpoint));
  });

  it.each([
    ["plain http", { endpoint: "http://fcm.googleapis.com/fcm/send/x" }, "endpoint"],
    ["an address", { endpoint: "https://127.0.0.1/push" }, "endpoint"],
    ["a name on the site's network", { endpoint: "https://push.internal/x" }, "endpoint"],
    ["localhost", { endpoint: "https://localhost/x" }, "endpoint"],
    ["another port", { endpoint: "https://push.example.org:8443/x" }, "endpoint"],
    ["not a URL", { endpoint: "javascript:alert(1)" }, "endpoint"],
    ["a short key", { p256dh: "BAAA" }, "p256dh"],
    ["a compressed key", { p256dh: `A${"A".repeat(86)}` }, "p256dh"],
    ["a long auth secret", { auth: "A".repeat(40) }, "auth"],
  ])("refuses %s, storing nothing", async (_, change, field) => {
    const db = getDb();
    const { token } = await booking(db);
    const error = await subscribePushByToken(db, token, { ...phone(), ...change }, NOW).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual({ [field]: REFUSED });
    expect(await rowCount(db)).toBe(0);
  });

  it("refuses a link that opens nothing, and a cancelled booking", async () => {
    const db = getDb();
    const { token } = await booking(db);
    await expect(subscribePushByToken(db, "x".repeat(43), phone(), NOW)).rejects.toBeInstanceOf(NotFoundError);
    await expect(unsubscribePushByToken(db, "x".repeat(43), { endpoint: "https://a.b/c" })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await cancelByToken(db, token, NOW);
    const error = await subscribePushByToken(db, token, phone(), NOW).catch((e: unknown) => e);
    expect((error as ValidationError).errors).toEqual({ "": CANCELLED_NO_UPDATES });
    expect(await rowCount(db)).toBe(0);
  });

  it("deletes a booking's phones when the rider erases it, and no one else's", async () => {
    const db = getDb();
    const erased = await booking(db, 1);
    const kept = await booking(db, 2);
    await subscribePushByToken(db, erased.token, phone(), NOW);
    await subscribePushByToken(db, kept.token, phone(), NOW);

    await eraseByToken(db, erased.token, NOW);

    expect(await pushSubscriptionsOf(db, erased.registration.id)).toEqual([]);
    expect(await pushSubscriptionsOf(db, kept.registration.id)).toHaveLength(1);
  });

  it("deletes the phones of a ride's registrations an admin erases, and of those past retention", async () => {
    const db = getDb();
    const byAdmin = await booking(db, 1);
    const pastRetention = await booking(db, 2);
    await subscribePushByToken(db, byAdmin.token, phone(), NOW);
    await subscribePushByToken(db, pastRetention.token, phone(), NOW);

    await eraseRide(db, byAdmin.ride.id, { days: 0, now: true, at: NOW });
    expect(await pushSubscriptionsOf(db, byAdmin.registration.id)).toEqual([]);
    expect(await pushSubscriptionsOf(db, pastRetention.registration.id)).toHaveLength(1);

    // The rides end 2027-06-18: 180 days later their data goes.
    expect(await eraseExpiredRegistrations(db, 180, new Date("2027-12-20T00:00:00Z"))).toBe(1);
    expect(await rowCount(db)).toBe(0);
  });
});
