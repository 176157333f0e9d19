import { expect, it } from "vitest";
import { duesOfRegistration } from "../../../../tests/support/dues";
import { TRANSFER_NOT_POSSIBLE } from "~/features/seat-transfer/domain/transfer";
import type { Database } from "~/server/db/schema.server";
import { describeEachEngine } from "../../../../tests/support/databases";
import { insertUser, siteRide } from "../../../../tests/support/fixtures";
import { registerRider, riderForm } from "../../../../tests/support/registration-fixtures";
import { ValidationError } from "~/server/validation/errors.server";
import { updatesFor } from "~/features/rider-messages/server/queries.server";
import { setRideStatus } from "~/server/rides/rides.server";
import { findOrCreateRider } from "~/features/rider-accounts/server/riders.server";
import { cancelByToken, cancelRegistration } from "~/server/registrations/cancel.server";
import { DUPLICATE_MOBILE } from "~/server/registrations/register.server";
import { getRegistrationByToken, getRegistration, listRegistrations } from "~/server/registrations/queries.server";
import { setCheckedIn } from "~/features/ride-day/server/check-in.server";
import { setPayment } from "~/server/registrations/admin-changes.server";
import { submitUtrByToken } from "~/server/registrations/rider-changes.server";
import {
  acceptTransfer,
  getTransferOffer,
  offerTransferByToken,
  seatTransferOf,
  withdrawTransferByToken,
} from "./transfer.server";

const ADMIN = { id: null, email: "admin@example.com" };
/** Before the cut-off of the rides made here (start 2027-06-10). */
const NOW = new Date("2027-05-01T06:00:00Z");
const LATER = new Date("2027-05-02T06:00:00Z");
const OPTS = { clientIp: "10.9.9.9", origin: "http://localhost", now: LATER };

const friend = (overrides: Record<string, unknown> = {}) =>
  riderForm(50, { name: "Friend Fifty", email: "friend@example.com", ...overrides });

const openRide = (db: Database) =>
  siteRide(db, { seats: 3, options: { solo: { offered: true }, pillion: { offered: true } } });

/** A ride with two riders: Asha (solo, who hands her seat on) and Bela; Asha has given a transfer link. */
async function offered(db: Database) {
  const ride = await openRide(db);
  const asha = await registerRider(db, ride.id, riderForm(1, { email: "asha@example.com" }), NOW);
  const bela = await registerRider(db, ride.id, riderForm(2), NOW);
  const offer = await offerTransferByToken(db, asha.token, NOW);
  return { ride, asha, bela, transfer: offer.token };
}

async function refusedWith(write: () => Promise<unknown>): Promise<Record<string, string>> {
  const error = await write().then(
    () => new Error("accepted"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).errors;
}

describeEachEngine("seat transfer", (getDb) => {
  it("moves the seat, its place and payments to the friend, and erases what was the original rider's", async () => {
    const db = getDb();
    await insertUser(db, { id: "owner-1", email: "owner@example.com", role: "owner" });
    await insertUser(db, { id: "captain-1", email: "lead@example.com", role: "captain" });
    await insertUser(db, { id: "captain-2", email: "other@example.com", role: "captain" });
    const { ride, asha, transfer } = await offered(db);
    await db.insertInto("ride_captains").values({ ride_id: ride.id, user_id: "captain-1" }).execute();
    await submitUtrByToken(db, asha.token, "123456789012", NOW);
    await setPayment(db, asha.registration.id, "paid", { actor: ADMIN, now: NOW });
    await db
      .insertInto("push_subscriptions")
      .values({
        id: crypto.randomUUID(),
        registration_id: asha.registration.id,
        endpoint: "https://push.example/asha",
        p256dh: "key",
        auth: "auth",
        created_at: NOW.toISOString(),
      })
      .execute();
    const before = (await listRegistrations(db, ride.id)).map((r) => r.reference);

    const result = await acceptTransfer(db, transfer, friend(), OPTS);

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const moved = (await getRegistration(db, asha.registration.id))!;
    expect(moved).toMatchObject({
      id: asha.registration.id,
      reference: asha.registration.reference,
      status: "confirmed",
      option: "solo",
      seats: 1,
      createdAt: asha.registration.createdAt,
      name: "Friend Fifty",
      email: "friend@example.com",
      phone: "+919800000050",
      riderId: null,
      reminders: true,
      erasedAt: null,
    });
    // What was paid moves with the seat, its UTR too: the ledger is the booking's, not the rider's.
    expect((await duesOfRegistration(db, moved.id, NOW)).booking).toMatchObject({ paid: true, utr: "123456789012" });
    // Its place in the list is the seat's.
    expect((await listRegistrations(db, ride.id)).map((r) => r.reference)).toEqual(before);
    // The old private link opens nothing; the new one opens the friend's booking.
    expect(await getRegistrationByToken(db, asha.token)).toBeNull();
    expect((await getRegistrationByToken(db, result.token))?.name).toBe("Friend Fifty");
    // The link is used: it opens no seat any more.
    expect(await getTransferOffer(db, transfer, LATER)).toBeNull();
    // What the original rider was sent and their phone's updates are gone.
    expect((await updatesFor(db, moved.id)).map((u) => u.subject)).toEqual(["The seat is yours"]);
    expect(await db.selectFrom("push_subscriptions").select("id").execute()).toEqual([]);
    const trail = await db
      .selectFrom("audit_log")
      .select("summary")
      .where("record_id", "=", moved.id)
      .where("summary", "like", "%transferred%")
      .execute();
    expect(trail.map((row) => row.summary)).toEqual([
      `Booking ${moved.reference} on "${ride.title}" transferred to another rider`,
    ]);
    const outbox = await db
      .selectFrom("outbox")
      .select(["kind", "payload"])
      .where("created_at", "=", LATER.toISOString())
      .execute();
    const mailsTo = (kind: string) =>
      outbox.filter((entry) => entry.kind === kind).map((entry) => JSON.parse(entry.payload).mail.to as string);
    expect(mailsTo("team-mail").toSorted()).toEqual(["lead@example.com", "owner@example.com"]);
    expect(mailsTo("seat-handed-on-mail")).toEqual(["asha@example.com"]);
    expect(outbox.filter((entry) => entry.kind === "registered-mail")).toHaveLength(1);
    expect(outbox.some((entry) => entry.kind === "content-changed")).toBe(true);
    // No name in what the organisers read.
    expect(outbox.map((entry) => entry.payload).join("")).not.toContain("Rider 1");
  });

  it("gives the seat to the friend's account when they are signed in", async () => {
    const db = getDb();
    const { asha, transfer } = await offered(db);
    const { id: riderId } = await findOrCreateRider(db, "friend@example.com", NOW);
    const result = await acceptTransfer(db, transfer, friend(), { ...OPTS, riderId });
    expect(result.ok).toBe(true);
    expect((await getRegistration(db, asha.registration.id))?.riderId).toBe(riderId);
  });

  it("refuses a used, withdrawn, replaced or expired link, changing nothing", async () => {
    const db = getDb();
    const { asha, transfer } = await offered(db);
    expect((await acceptTransfer(db, "not-a-token", friend(), OPTS)).ok).toBe(false);

    await withdrawTransferByToken(db, asha.token, NOW);
    expect(await acceptTransfer(db, transfer, friend(), OPTS)).toEqual({ ok: false, refused: "gone" });

    const first = await offerTransferByToken(db, asha.token, NOW);
    const second = await offerTransferByToken(db, asha.token, NOW);
    expect(await acceptTransfer(db, first.token, friend(), OPTS)).toEqual({ ok: false, refused: "gone" });
    // Seven days after it was made, the link is dead.
    const expired = { ...OPTS, now: new Date(NOW.getTime() + 7 * 24 * 60 * 60 * 1000) };
    expect(await acceptTransfer(db, second.token, friend(), expired)).toEqual({ ok: false, refused: "gone" });
    expect((await getRegistrationByToken(db, asha.token))?.name).toBe("Rider 1");

    const used = await acceptTransfer(db, second.token, friend(), OPTS);
    expect(used.ok).toBe(true);
    expect(await acceptTransfer(db, second.token, friend({ mobile: "9800000077" }), OPTS)).toEqual({
      ok: false,
      refused: "gone",
    });
  });

  it("expires the link when the ride starts, even within its seven days", async () => {
    const db = getDb();
    const { ride, asha } = await offered(db);
    const eve = new Date("2027-06-08T06:00:00Z");
    const offer = await offerTransferByToken(db, asha.token, eve);
    expect(offer.expiresAt.toISOString()).toBe("2027-06-09T18:30:00.000Z");
    const started = { ...OPTS, now: new Date("2027-06-10T01:00:00Z") };
    expect(await acceptTransfer(db, offer.token, friend(), started)).toEqual({ ok: false, refused: "gone" });
    expect(await seatTransferOf(db, asha.registration, ride, started.now)).toBeNull();
    expect(await refusedWith(() => offerTransferByToken(db, asha.token, started.now))).toEqual({
      "": TRANSFER_NOT_POSSIBLE,
    });
  });

  it("refuses a cancelled, waitlisted or checked-in booking, and a ride no longer upcoming", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 1, waitlist: true });
    const first = await registerRider(db, ride.id, riderForm(1), NOW);
    const waiting = await registerRider(db, ride.id, riderForm(2), NOW);
    expect(waiting.registration.status).toBe("waitlisted");
    expect(await refusedWith(() => offerTransferByToken(db, waiting.token, NOW))).toEqual({
      "": TRANSFER_NOT_POSSIBLE,
    });

    const { token } = await offerTransferByToken(db, first.token, NOW);
    await setCheckedIn(db, first.registration.id, true, { actor: ADMIN, now: NOW });
    expect(await acceptTransfer(db, token, friend(), OPTS)).toEqual({ ok: false, refused: "gone" });
    await setCheckedIn(db, first.registration.id, false, { actor: ADMIN, now: NOW });

    await setRideStatus(db, ride.id, "completed");
    expect(await acceptTransfer(db, token, friend(), OPTS)).toEqual({ ok: false, refused: "gone" });
    await setRideStatus(db, ride.id, "upcoming");

    await cancelByToken(db, first.token, NOW);
    expect(await acceptTransfer(db, token, friend(), OPTS)).toEqual({ ok: false, refused: "gone" });
    expect(await getTransferOffer(db, token, LATER)).toBeNull();
  });

  it("refuses a mobile number registered for the ride and an invalid form, keeping the link open", async () => {
    const db = getDb();
    const { transfer } = await offered(db);
    expect(await acceptTransfer(db, transfer, friend({ mobile: "9800000002" }), OPTS)).toEqual({
      ok: false,
      refused: "invalid",
      errors: { mobile: DUPLICATE_MOBILE },
    });
    // The seat's option is fixed: another is not one the form offers.
    const other = await acceptTransfer(db, transfer, friend({ option: "pillion", pillionName: "P" }), OPTS);
    expect(other).toMatchObject({ ok: false, refused: "invalid", errors: { option: expect.any(String) } });
    expect(await getTransferOffer(db, transfer, LATER)).not.toBeNull();
  });

  it("leaves one consistent booking when a cancellation and a transfer race", async () => {
    const db = getDb();
    const { asha, transfer } = await offered(db);
    const [cancelled, taken] = await Promise.allSettled([
      cancelRegistration(db, asha.registration.id, { actor: ADMIN, now: LATER }),
      acceptTransfer(db, transfer, friend(), OPTS),
    ]);
    expect(cancelled.status).toBe("fulfilled");
    expect(taken.status).toBe("fulfilled");
    const row = (await getRegistration(db, asha.registration.id))!;
    expect(row.status).toBe("cancelled");
    const result = taken.status === "fulfilled" ? taken.value : null;
    if (result?.ok) {
      // The transfer came first: the friend's booking was then cancelled.
      expect(row.name).toBe("Friend Fifty");
    } else {
      expect(result).toEqual({ ok: false, refused: "gone" });
      expect(row.name).toBe("Rider 1");
    }
    expect(await getTransferOffer(db, transfer, LATER)).toBeNull();
  });
});
