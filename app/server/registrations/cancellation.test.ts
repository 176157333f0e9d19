import pino from "pino";
import { expect, it } from "vitest";
import type { AppServices } from "~/context";
import { registrationAction } from "../admin/registration-actions.server";
import { readEnv } from "../env.server";
import { duesOfRegistration } from "../../../tests/support/dues";
import { describeEachEngine } from "../../../tests/support/databases";
import { siteRide } from "../../../tests/support/fixtures";
import { registerRider, riderForm } from "../../../tests/support/registration-fixtures";
import type { CancellationPolicy } from "~/domain/registration/cancellation-policy";
import { listRecentActivity } from "../audit/audit.server";
import { runCommand } from "../commands/command.server";
import type { Database } from "../db/schema.server";
import { getRide, setRideStatus, updateRide } from "../rides/rides.server";
import { ValidationError } from "../validation/errors.server";
import { updatesFor } from "~/features/rider-messages/server/queries.server";
import { setBalancePayment, setPayment } from "./admin-changes.server";
import {
  CHOOSE_FIRST,
  cancelByToken,
  cancelRegistration,
  chooseRefundByToken,
  chooseRefundForRider,
} from "./cancel.server";
import { quoteOfBooking } from "./cancellation-quote.server";
import { addEntry } from "./ledger.server";
import { CHOICE_NOT_OFFERED } from "./refunds.server";

// Cancelling by the ride's policy on both engines (docs/features/cancellation.md): the tier's fee,
// the rider's choice of credit or refunds, the snapshot a booking keeps, an admin's override, and
// a ride the organisers cancelled, which keeps nothing.

const ADMIN = { id: null, email: "admin@example.com" };
/** The rides start on 2027-06-10: this is 20 days before, at 11:30 in India. */
const NOW = new Date("2027-05-21T06:00:00Z");
const TIERS: CancellationPolicy = {
  tiers: [
    { daysBefore: 61, keepPercent: 0 },
    { daysBefore: 30, keepPercent: 10 },
    { daysBefore: 15, keepPercent: 25 },
    { daysBefore: 7, keepPercent: 35 },
  ],
  feePaise: 0,
  bookingAmountKept: false,
};

const tieredRide = (db: Database, registration: Record<string, unknown> = {}) =>
  siteRide(db, { seats: 3, cancellation: TIERS, ...registration });

/** A booking whose booking amount (₹10,000) an admin marked paid by UPI. */
async function paidBooking(db: Database, rideId: string, n = 1) {
  const booked = await registerRider(db, rideId, riderForm(n), new Date("2027-05-01T06:00:00Z"));
  await setPayment(db, booked.registration.id, "paid", { actor: ADMIN, now: NOW });
  return booked;
}

/** A payment through the gateway, as the webhook writes it. */
async function paidOnline(db: Database, registration: { id: string; rideId: string }, amountPaise: number) {
  const at = new Date(NOW.getTime() + 60_000);
  return runCommand(
    db,
    (command) =>
      addEntry(
        command,
        { id: registration.id, ride_id: registration.rideId },
        {
          kind: "payment",
          part: null,
          amountPaise,
          state: "confirmed",
          method: "online",
          reference: `pay_${amountPaise}`,
          source: "razorpay:test",
        },
      ),
    at,
  );
}

async function entriesOf(db: Database, registrationId: string) {
  return db
    .selectFrom("booking_entries")
    .select(["id", "kind", "state", "method", "amount_paise", "source", "returns_entry_id"])
    .where("registration_id", "=", registrationId)
    .orderBy("created_at")
    .orderBy("kind")
    .execute();
}

const counted = (entries: Awaited<ReturnType<typeof entriesOf>>, kind: string) =>
  entries
    .filter((entry) => entry.kind === kind && entry.state !== "voided")
    .map(({ state, method, amount_paise }) => ({ state, method, amount_paise }));

/** Everything a refusal must leave as it was. */
async function snapshot(db: Database) {
  return {
    registrations: await db.selectFrom("registrations").selectAll().orderBy("id").execute(),
    entries: await db.selectFrom("booking_entries").selectAll().orderBy("id").execute(),
    credit: await db.selectFrom("credit_entries").selectAll().orderBy("id").execute(),
  };
}

async function expectRefused(db: Database, write: () => Promise<unknown>, errors: Record<string, string>) {
  const before = await snapshot(db);
  const error = await write().then(
    () => new Error("the write was accepted"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).errors).toEqual(errors);
  expect(await snapshot(db)).toEqual(before);
}

describeEachEngine("cancelling by the ride's policy", (getDb) => {
  it("keeps the tier's share as one fee and gives the rest as credit at the rider's choice, once", async () => {
    const db = getDb();
    const ride = await tieredRide(db);
    const { registration, token } = await paidBooking(db, ride.id);

    const quote = await quoteOfBooking(
      db,
      { id: registration.id, status: "confirmed", cancellation_policy: null },
      await getRide(db, ride.id),
      NOW,
    );
    expect(quote).toMatchObject({ paidPaise: 1_000_000, keptPaise: 250_000, backPaise: 750_000, daysBefore: 20 });

    await cancelByToken(db, token, NOW, "credit");
    const entries = await entriesOf(db, registration.id);
    expect(counted(entries, "fee")).toEqual([{ state: "confirmed", method: null, amount_paise: 250_000 }]);
    expect(entries.find((entry) => entry.kind === "fee")?.source).toBe("cancellation");
    expect(counted(entries, "refund")).toEqual([{ state: "confirmed", method: "credit", amount_paise: 750_000 }]);
    const credit = await db.selectFrom("credit_entries").selectAll().execute();
    expect(credit).toEqual([
      expect.objectContaining({
        kind: "cancellation",
        state: "confirmed",
        amount_paise: 750_000,
        registration_id: registration.id,
      }),
    ]);
    expect(await duesOfRegistration(db, registration.id, NOW)).toMatchObject({ settled: true, refundOwedPaise: 0 });
    const news = JSON.stringify(await updatesFor(db, registration.id));
    expect(news).toContain("Under the cancellation policy the organisers keep ₹2,500.");
    expect(news).toContain("₹7,500 is yours as credit for a future ride.");

    // The same press again: nothing more is written.
    const before = await snapshot(db);
    await cancelByToken(db, token, NOW, "credit");
    await cancelByToken(db, token, NOW, "original");
    expect(await snapshot(db)).toEqual(before);
  });

  it("gives back the way it was paid, newest payment first: an online refund sent through the outbox, a UPI one for an admin", async () => {
    const db = getDb();
    const ride = await tieredRide(db);
    const { registration, token } = await paidBooking(db, ride.id);
    const onlineId = await paidOnline(db, registration, 500_000);
    const upi = (await entriesOf(db, registration.id)).find(
      (entry) => entry.kind === "payment" && entry.method === "upi",
    )!;

    await cancelByToken(db, token, NOW, "original");
    const entries = await entriesOf(db, registration.id);
    // ₹15,000 paid, 25 % kept: ₹11,250 back, ₹5,000 of it online, ₹6,250 by UPI.
    expect(counted(entries, "fee")).toEqual([{ state: "confirmed", method: null, amount_paise: 375_000 }]);
    const refunds = entries.filter((entry) => entry.kind === "refund");
    expect(
      refunds.map(({ state, method, amount_paise, returns_entry_id }) => ({
        state,
        method,
        amount_paise,
        returns_entry_id,
      })),
    ).toEqual(
      expect.arrayContaining([
        { state: "claimed", method: "online", amount_paise: 500_000, returns_entry_id: onlineId },
        { state: "claimed", method: "upi", amount_paise: 625_000, returns_entry_id: upi.id },
      ]),
    );
    expect(refunds).toHaveLength(2);
    const online = refunds.find((entry) => entry.method === "online")!;
    const outbox = await db
      .selectFrom("outbox")
      .select(["kind", "payload", "label"])
      .where("kind", "=", "refund-send")
      .execute();
    expect(outbox).toEqual([
      {
        kind: "refund-send",
        payload: JSON.stringify({ entryId: online.id }),
        label: `Send refund of booking ${registration.reference} to Razorpay`,
      },
    ]);
    expect(await duesOfRegistration(db, registration.id, NOW)).toMatchObject({
      refundOwedPaise: 1_125_000,
      refundPendingPaise: 1_125_000,
      refundToChoosePaise: 0,
      settled: false,
    });
    expect(await db.selectFrom("credit_entries").selectAll().execute()).toEqual([]);
  });

  it("keeps nothing of a waitlisted booking", async () => {
    const db = getDb();
    const ride = await tieredRide(db, { seats: 1, waitlist: true });
    await registerRider(db, ride.id, riderForm(1), NOW);
    const waiting = await registerRider(db, ride.id, riderForm(2), NOW);
    expect(waiting.registration.status).toBe("waitlisted");
    await paidOnline(db, waiting.registration, 300_000);
    await cancelByToken(db, waiting.token, new Date("2027-06-08T06:00:00Z"), "original");
    const entries = await entriesOf(db, waiting.registration.id);
    expect(counted(entries, "fee")).toEqual([]);
    expect(counted(entries, "refund")).toEqual([{ state: "claimed", method: "online", amount_paise: 300_000 }]);
  });

  it("holds a booking to the policy it was made under, not a later edit", async () => {
    const db = getDb();
    const ride = await tieredRide(db);
    const early = await paidBooking(db, ride.id, 1);
    const current = (await getRide(db, ride.id))!;
    await updateRide(db, ride.id, {
      ...current,
      registration: { ...current.registration, cancellation: { tiers: [{ daysBefore: 0, keepPercent: 100 }] } },
    });
    const late = await paidBooking(db, ride.id, 2);
    await cancelByToken(db, early.token, NOW, "credit");
    await cancelByToken(db, late.token, NOW, "credit");
    expect(counted(await entriesOf(db, early.registration.id), "fee")[0]?.amount_paise).toBe(250_000);
    expect(counted(await entriesOf(db, late.registration.id), "fee")[0]?.amount_paise).toBe(1_000_000);
    expect(counted(await entriesOf(db, late.registration.id), "refund")).toEqual([]);
  });

  it("lets an owner keep another amount, within what was paid and with a reason, in the trail", async () => {
    const db = getDb();
    const ride = await tieredRide(db);
    const { registration, token } = await paidBooking(db, ride.id);
    await setBalancePayment(db, registration.id, "paid", { actor: ADMIN, now: NOW });
    const change = { actor: ADMIN, rideId: ride.id, now: NOW };
    await expectRefused(
      db,
      () => cancelRegistration(db, registration.id, change, { keptPaise: 3_850_001, reason: "Typo" }),
      {
        kept: "The amount kept must be from ₹0 to what was paid, ₹38,500",
      },
    );
    await expectRefused(
      db,
      () => cancelRegistration(db, registration.id, change, { keptPaise: 100_000, reason: "  " }),
      {
        reason: "Say why the amount kept differs from the policy's",
      },
    );
    await cancelRegistration(db, registration.id, change, {
      keptPaise: 100_000,
      reason: "Medical emergency, goodwill",
    });
    expect(counted(await entriesOf(db, registration.id), "fee")).toEqual([
      { state: "confirmed", method: null, amount_paise: 100_000 },
    ]);
    expect((await listRecentActivity(db)).map((entry) => entry.summary)).toContain(
      `Cancelled booking ${registration.reference} on "Spiti Valley Circuit": kept ₹1,000 of ₹38,500 paid instead of the quoted ₹9,625, because: Medical emergency, goodwill`,
    );
    // The organisers cancelled: the rider chooses later, on the booking page.
    expect(await duesOfRegistration(db, registration.id, NOW)).toMatchObject({ refundToChoosePaise: 3_750_000 });
    expect(JSON.stringify(await updatesFor(db, registration.id))).toContain(
      "₹37,500 is yours back: choose on your booking page",
    );
    await chooseRefundByToken(db, token, "credit", NOW);
    expect(await duesOfRegistration(db, registration.id, NOW)).toMatchObject({ settled: true });
  });

  it("keeps nothing when the organisers cancel the ride, and each rider (or an admin for them) chooses", async () => {
    const db = getDb();
    const ride = await tieredRide(db);
    const first = await paidBooking(db, ride.id, 1);
    const second = await paidBooking(db, ride.id, 2);
    const late = new Date("2027-06-09T06:00:00Z");
    await setRideStatus(db, ride.id, "cancelled");
    await chooseRefundByToken(db, first.token, "original", late);
    await chooseRefundForRider(db, second.registration.id, "credit", { actor: ADMIN, rideId: ride.id, now: late });
    const firstEntries = await entriesOf(db, first.registration.id);
    expect(counted(firstEntries, "fee")).toEqual([]);
    expect(counted(firstEntries, "refund")).toEqual([{ state: "claimed", method: "upi", amount_paise: 1_000_000 }]);
    expect(counted(await entriesOf(db, second.registration.id), "refund")).toEqual([
      { state: "confirmed", method: "credit", amount_paise: 1_000_000 },
    ]);
    const statuses = await db.selectFrom("registrations").select("status").execute();
    expect(statuses.map((row) => row.status)).toEqual(["cancelled", "cancelled"]);
  });

  it("refuses a cancel without a choice, or a choice not offered, and writes nothing", async () => {
    const db = getDb();
    const ride = await tieredRide(db);
    const strict = await tieredRide(db, { creditOnCancel: false });
    const booked = await paidBooking(db, ride.id, 1);
    const noCredit = await paidBooking(db, strict.id, 2);
    await expectRefused(db, () => cancelByToken(db, booked.token, NOW), { choice: CHOOSE_FIRST });
    await expectRefused(db, () => cancelByToken(db, noCredit.token, NOW, "credit"), { choice: CHOICE_NOT_OFFERED });
    await expectRefused(db, () => chooseRefundByToken(db, booked.token, "credit", NOW), {
      choice: "Cancel the booking first: the quote shows what comes back",
    });
    // Nothing was paid: nothing to choose.
    const unpaid = await registerRider(db, ride.id, riderForm(3), NOW);
    await cancelByToken(db, unpaid.token, NOW);
    expect(counted(await entriesOf(db, unpaid.registration.id), "fee")).toEqual([]);
  });

  it("refuses a ride saved with bad tiers, field by field, and saves nothing", async () => {
    const db = getDb();
    const before = await db.selectFrom("rides").select("id").execute();
    const bad = siteRide(db, {
      seats: 3,
      cancellation: {
        tiers: [
          { daysBefore: 30, keepPercent: 101 },
          { daysBefore: 30, keepPercent: 10 },
        ],
        fee: "12.5",
      },
    });
    const error = await bad.then(
      () => new Error("saved"),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toEqual({
      "registration.cancellation.tiers.0.keepPercent": "The share kept must be a whole percent from 0 to 100",
      "registration.cancellation.fee": "The fee must be whole rupees from 0 to 1,00,000",
    });
    const twice = {
      tiers: [
        { daysBefore: 30, keepPercent: 10 },
        { daysBefore: 30, keepPercent: 20 },
      ],
    };
    await expect(siteRide(db, { seats: 3, cancellation: twice })).rejects.toMatchObject({
      errors: { "registration.cancellation.tiers.1.daysBefore": "Another tier starts 30 days before already" },
    });
    expect(await db.selectFrom("rides").select("id").execute()).toEqual(before);
  });

  it("takes another amount kept from the Riders page from owners and editors only, and a rider's way back", async () => {
    const db = getDb();
    const ride = await tieredRide(db);
    const { registration } = await paidBooking(db, ride.id);
    const services = { db, env: readEnv({}), logger: pino({ level: "silent" }) } as AppServices;
    const run = async (role: string, body: Record<string, unknown>) => {
      const request = new Request(`http://localhost/admin/rides/${ride.id}/riders`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ id: registration.id, ...body }),
      });
      const result = await registrationAction(request, { services, actor: ADMIN }, ride.id, { role });
      return { status: result.init?.status ?? 200, ...result.data };
    };
    const before = await snapshot(db);
    expect(await run("captain", { intent: "cancel", kept: "0", reason: "Goodwill" })).toMatchObject({
      status: 403,
      ok: false,
    });
    expect(await run("editor", { intent: "cancel", kept: "ten", reason: "Goodwill" })).toMatchObject({ status: 400 });
    expect(await snapshot(db)).toEqual(before);
    expect(await run("editor", { intent: "cancel", kept: "0", reason: "Goodwill" })).toMatchObject({ status: 200 });
    expect(counted(await entriesOf(db, registration.id), "fee")).toEqual([]);
    expect(await run("captain", { intent: "refund", choice: "credit" })).toMatchObject({
      status: 200,
      message: `${registration.reference}: kept as credit for a future ride`,
    });
    expect(await duesOfRegistration(db, registration.id, NOW)).toMatchObject({ settled: true });
  });
});
