import { randomUUID } from "node:crypto";
import pino from "pino";
import { bookingPart } from "../../../../tests/support/dues";
import { expect, it } from "vitest";
import type { AppServices } from "~/context";
import type { Database } from "~/server/db/schema.server";
import { describeEachEngine } from "../../../../tests/support/databases";
import { siteRide } from "../../../../tests/support/fixtures";
import { ownForm, riderForm } from "../../../../tests/support/registration-fixtures";
import { registrationAction } from "~/server/admin/registration-actions.server";
import { listRecentActivity } from "~/server/audit/audit.server";
import { readEnv } from "~/server/env.server";
import { cancelByToken, cancelRegistration, eraseByToken } from "~/server/registrations/cancel.server";
import { register } from "~/server/registrations/register.server";
import { setBalancePayment, setPayment } from "~/server/registrations/admin-changes.server";
import { submitUtrByToken } from "~/server/registrations/rider-changes.server";
import { updatesFor } from "~/features/rider-messages/server/queries.server";
import { findOrCreateRider } from "~/features/rider-accounts/server/riders.server";
import { ValidationError } from "~/server/validation/errors.server";
import { adjustCredit, CREDIT_DECIDED, decideCredit, pendingCreditsOf } from "./commands.server";
import { ADJUSTMENT_AMOUNT_MESSAGE, CREDIT_AMOUNT_MESSAGE } from "~/features/credit/domain/credit-input";
import { creditEntriesOf, creditLeftOf } from "./ledger.server";
import { creditOffer } from "./offer.server";
import { payWithCreditByToken } from "./pay-with-credit.server";
import { CREDIT_REFUSALS } from "~/features/credit/domain/credit";

// The credit ledger on both engines (docs/features/credit.md): a paid booking cancelled becomes
// credit when its rider chooses it (docs/features/cancellation.md), an admin confirms or declines
// a credit still pending from before, the next booking spends it (never twice,
// even two bookings at once) and an adjustment never leaves it negative.

const ADMIN = { id: "admin-1", email: "admin@roadbook.test" };
/** Before the cut-off of the rides made here (start 2027-06-10; trip ₹38,500, booking ₹10,000). */
const NOW = new Date("2027-05-01T06:00:00Z");
const BOOKING = 1_000_000;

let nextAddress = 0;

async function book(db: Database, rideId: string, n: number, riderId: string | null, useCredit = true) {
  nextAddress += 1;
  // The form's box that spends the rider's credit (docs/features/credit.md).
  const form = riderForm(n, useCredit ? { useCredit: "on" } : {});
  const result = await register(db, rideId, await ownForm(db, riderId, form), {
    clientIp: `10.9.${(nextAddress >> 8) & 255}.${nextAddress & 255}`,
    origin: "http://localhost",
    riderId,
    now: NOW,
  });
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result;
}

/** A rider with `paise` of confirmed credit, given as an admin's adjustment. */
async function riderWithCredit(db: Database, email: string, paise: number) {
  const rider = await findOrCreateRider(db, email, NOW);
  if (paise > 0) await adjustCredit(db, rider.id, { amount: String(paise / 100), note: "Opening" }, { actor: ADMIN });
  return rider;
}

async function confirmedSum(db: Database, riderId: string): Promise<number> {
  const entries = await creditEntriesOf(db, riderId);
  return entries.filter((entry) => entry.state === "confirmed").reduce((sum, entry) => sum + entry.amountPaise, 0);
}

/**
 * A booking cancelled before issue 37, on a ride that kept credit: what was paid waits as pending
 * credit (and a claimed refund in credit on its ledger) for an admin to decide.
 */
async function cancelledAsBefore(db: Database, registrationId: string, paise: number) {
  const row = await db
    .selectFrom("registrations")
    .selectAll()
    .where("id", "=", registrationId)
    .executeTakeFirstOrThrow();
  const at = NOW.toISOString();
  await db.updateTable("registrations").set({ status: "cancelled" }).where("id", "=", registrationId).execute();
  await db
    .updateTable("booking_entries")
    .set({ state: "voided", decided_at: at })
    .where("registration_id", "=", registrationId)
    .where("kind", "=", "charge")
    .execute();
  await db
    .insertInto("credit_entries")
    .values({
      id: randomUUID(),
      rider_id: row.rider_id,
      registration_id: registrationId,
      kind: "cancellation",
      state: "pending",
      amount_paise: paise,
      note: "",
      created_at: at,
      decided_at: null,
      decided_by: null,
    })
    .execute();
  await db
    .insertInto("booking_entries")
    .values({
      id: randomUUID(),
      registration_id: registrationId,
      ride_id: row.ride_id,
      kind: "refund",
      part: null,
      amount_paise: paise,
      state: "claimed",
      method: "credit",
      reference: null,
      source: "credit",
      note: "",
      created_at: at,
      decided_at: null,
      returns_entry_id: null,
    })
    .execute();
}

async function refusal(write: () => Promise<unknown>): Promise<Record<string, string>> {
  const error = await write().then(
    () => new Error("the write was accepted"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).errors;
}

describeEachEngine("the credit ledger", (getDb) => {
  it("keeps a paid booking cancelled as credit at once on a ride without tiers, and nothing of an unpaid one", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 5 });
    const rider = await findOrCreateRider(db, "asha@example.com", NOW);
    const paid = await book(db, ride.id, 1, rider.id);
    await setPayment(db, paid.registration.id, "paid", { actor: ADMIN, now: NOW });
    await setBalancePayment(db, paid.registration.id, "paid", { actor: ADMIN, now: NOW });
    const unpaid = await book(db, ride.id, 2, rider.id);

    // Credit is the only way back on a ride saved before tiers: nothing to choose.
    await cancelByToken(db, paid.token, NOW);
    await cancelByToken(db, unpaid.token, NOW);

    const entries = await creditEntriesOf(db, rider.id);
    expect(entries).toEqual([
      expect.objectContaining({
        kind: "cancellation",
        state: "confirmed",
        registrationId: paid.registration.id,
        amountPaise: 3_850_000,
      }),
    ]);
    expect(await creditLeftOf(db, rider.id)).toBe(3_850_000);
    expect(JSON.stringify(await updatesFor(db, paid.registration.id))).toContain(
      "₹38,500 is yours as credit for a future ride",
    );
    expect(await listRecentActivity(db)).toContainEqual(
      expect.objectContaining({
        summary: `Credit ₹38,500 from cancelled booking ${paid.registration.reference}`,
        actorEmail: "a rider",
      }),
    );
  });

  it("keeps the credit of a ride saved before the setting existed, as the default policy promises", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 5 });
    const stored = await db.selectFrom("rides").select("data").where("id", "=", ride.id).executeTakeFirstOrThrow();
    const document = JSON.parse(stored.data) as { registration: Record<string, unknown> };
    delete document.registration.creditOnCancel;
    await db
      .updateTable("rides")
      .set({ data: JSON.stringify(document) })
      .where("id", "=", ride.id)
      .execute();
    const booked = await book(db, ride.id, 1, null);
    // A booking made before policies were snapshotted reads its ride's.
    await db.updateTable("registrations").set({ cancellation_policy: null }).execute();
    await setPayment(db, booked.registration.id, "paid", { actor: ADMIN, now: NOW });
    await cancelByToken(db, booked.token, NOW);
    const credit = await db.selectFrom("credit_entries").selectAll().executeTakeFirstOrThrow();
    expect(credit).toMatchObject({ kind: "cancellation", state: "confirmed", amount_paise: BOOKING, rider_id: null });
  });

  it("keeps nothing under a policy without credit, nor when the rider erases the booking", async () => {
    const db = getDb();
    const strict = await siteRide(db, { seats: 5, creditOnCancel: false });
    const kept = await siteRide(db, { seats: 5 });
    const first = await book(db, strict.id, 1, null);
    const second = await book(db, kept.id, 2, null);
    for (const { registration } of [first, second])
      await setPayment(db, registration.id, "paid", { actor: ADMIN, now: NOW });
    await cancelRegistration(db, first.registration.id, { actor: ADMIN, now: NOW });
    await eraseByToken(db, second.token, NOW);
    expect(await db.selectFrom("credit_entries").selectAll().execute()).toEqual([]);
  });

  it("lets an admin confirm the credit (at most what was paid) or decline it, once", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 5 });
    const rider = await findOrCreateRider(db, "ravi@example.com", NOW);
    const first = await book(db, ride.id, 1, rider.id);
    // A booking made without an account: its credit waits for one.
    const second = await book(db, ride.id, 2, null);
    for (const { registration } of [first, second]) {
      await setPayment(db, registration.id, "paid", { actor: ADMIN, now: NOW });
      await cancelledAsBefore(db, registration.id, BOOKING);
    }
    const pending = await pendingCreditsOf(db, [first.registration.id, second.registration.id]);
    const firstEntry = pending.get(first.registration.id)!;
    const secondEntry = pending.get(second.registration.id)!;
    expect(firstEntry.amountPaise).toBe(BOOKING);

    const change = { actor: ADMIN, rideId: ride.id, now: NOW };
    expect(
      await refusal(() => decideCredit(db, firstEntry.entryId, { confirm: true, amount: "10001" }, change)),
    ).toEqual({ amount: "The credit can be at most what the rider paid: ₹10,000" });
    expect(await refusal(() => decideCredit(db, firstEntry.entryId, { confirm: true, amount: "abc" }, change))).toEqual(
      { amount: CREDIT_AMOUNT_MESSAGE },
    );
    await expect(
      decideCredit(db, firstEntry.entryId, { confirm: true, amount: "8000.50" }, { ...change, rideId: "other" }),
    ).rejects.toThrow("not found");

    expect(await decideCredit(db, firstEntry.entryId, { confirm: true, amount: "8000.50" }, change)).toEqual({
      state: "confirmed",
      amountPaise: 800_050,
    });
    expect(await creditLeftOf(db, rider.id)).toBe(800_050);
    expect(await refusal(() => decideCredit(db, firstEntry.entryId, { confirm: false }, change))).toEqual({
      credit: CREDIT_DECIDED,
    });

    await decideCredit(db, secondEntry.entryId, { confirm: false }, change);
    const declined = await db
      .selectFrom("credit_entries")
      .select(["state", "decided_by"])
      .where("id", "=", secondEntry.entryId)
      .executeTakeFirstOrThrow();
    expect(declined).toEqual({ state: "declined", decided_by: ADMIN.id });
    const summaries = (await listRecentActivity(db)).map((entry) => entry.summary);
    expect(summaries).toContain(`Confirmed credit ₹8,000.50 of cancelled booking ${first.registration.reference}`);
    expect(summaries).toContain(`Declined credit ₹10,000 of cancelled booking ${second.registration.reference}`);
  });

  it("spends the credit on the booking amount: part of it, all of it, nothing while waitlisted", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 2, waitlist: true });
    const part = await riderWithCredit(db, "part@example.com", 400_000);
    const whole = await riderWithCredit(db, "whole@example.com", 1_500_000);
    const waiting = await riderWithCredit(db, "waiting@example.com", 300_000);
    expect(await creditOffer(db, part.id, ride)).toBe("₹4,000");

    const partly = await book(db, ride.id, 1, part.id);
    expect(await bookingPart(db, partly.registration.id)).toEqual({ creditPaise: 400_000, payment: "due" });
    expect(await creditLeftOf(db, part.id)).toBe(0);

    const wholly = await book(db, ride.id, 2, whole.id);
    expect(await bookingPart(db, wholly.registration.id)).toEqual({ creditPaise: BOOKING, payment: "paid" });
    expect(await creditLeftOf(db, whole.id)).toBe(500_000);
    expect((await listRecentActivity(db)).map((entry) => entry.summary)).toContain(
      `Booking ${wholly.registration.reference} on "Spiti Valley Circuit" paid with credit`,
    );

    const waitlisted = await book(db, ride.id, 3, waiting.id);
    expect(waitlisted.registration.status).toBe("waitlisted");
    expect(await bookingPart(db, waitlisted.registration.id)).toEqual({ creditPaise: 0, payment: "due" });
    expect(await creditLeftOf(db, waiting.id)).toBe(300_000);

    // Not chosen: nothing spent.
    const other = await siteRide(db, { seats: 2 });
    const kept = await book(db, other.id, 4, whole.id, false);
    expect((await bookingPart(db, kept.registration.id)).creditPaise).toBe(0);
    expect(await creditLeftOf(db, whole.id)).toBe(500_000);
  });

  it("gives back the credit a cancelled booking spent, and keeps what was paid on top as credit", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 2 });
    const rider = await riderWithCredit(db, "back@example.com", 400_000);
    const booked = await book(db, ride.id, 1, rider.id);
    await setPayment(db, booked.registration.id, "paid", { actor: ADMIN, now: NOW });
    await cancelByToken(db, booked.token, NOW);
    expect(await creditLeftOf(db, rider.id)).toBe(1_000_000);
    const entries = await creditEntriesOf(db, rider.id);
    expect(entries.map(({ kind, state, amountPaise }) => ({ kind, state, amountPaise }))).toEqual(
      expect.arrayContaining([
        { kind: "used", state: "confirmed", amountPaise: -400_000 },
        { kind: "returned", state: "confirmed", amountPaise: 400_000 },
        { kind: "cancellation", state: "confirmed", amountPaise: 600_000 },
      ]),
    );
  });

  it("refuses an adjustment that would leave the credit negative, or one without a note", async () => {
    const db = getDb();
    const rider = await riderWithCredit(db, "adjust@example.com", 50_000);
    const change = { actor: ADMIN, now: NOW };
    expect(await refusal(() => adjustCredit(db, rider.id, { amount: "-501", note: "Typo" }, change))).toEqual({
      amount: "The rider has ₹500 left: at most that can be taken off",
    });
    expect(await refusal(() => adjustCredit(db, rider.id, { amount: "+100", note: " " }, change))).toEqual({
      note: "Say why in a note",
    });
    // More than any column holds, or any ride costs: refused with the message, nothing written.
    expect(
      await refusal(() => adjustCredit(db, rider.id, { amount: "+99999999999", note: "Fat finger" }, change)),
    ).toEqual({ amount: ADJUSTMENT_AMOUNT_MESSAGE });
    // Text past a line break was an error thrown past the form (a 500), found by npm run fuzz.
    expect(await refusal(() => adjustCredit(db, rider.id, { amount: "500\n1", note: "Pasted" }, change))).toEqual({
      amount: ADJUSTMENT_AMOUNT_MESSAGE,
    });
    expect(await adjustCredit(db, rider.id, { amount: "−500", note: "Refunded by bank" }, change)).toEqual({
      amountPaise: -50_000,
      leftPaise: 0,
    });
    expect(await creditLeftOf(db, rider.id)).toBe(0);
    expect(await confirmedSum(db, rider.id)).toBe(0);
    const audit = JSON.stringify(await listRecentActivity(db));
    expect(audit).toContain("Adjusted a rider's credit by −₹500");
    expect(audit).not.toContain("Refunded by bank");
  });

  it("never spends the credit twice when one rider books two rides at the same moment", async () => {
    const db = getDb();
    const rider = await riderWithCredit(db, "twice@example.com", BOOKING);
    const [first, second] = [await siteRide(db, { seats: 2 }), await siteRide(db, { seats: 2 })];
    const results = await Promise.all([book(db, first.id, 1, rider.id), book(db, second.id, 2, rider.id)]);
    const parts = await Promise.all(results.map(({ registration }) => bookingPart(db, registration.id)));
    expect(parts.map((part) => part.creditPaise).sort((a, b) => a - b)).toEqual([0, BOOKING]);
    expect(parts.map((part) => part.payment).sort()).toEqual(["due", "paid"]);
    expect(await creditLeftOf(db, rider.id)).toBe(0);
    expect(await confirmedSum(db, rider.id)).toBe(0);
  });

  it("decides a credit from the Riders page for owners and editors only", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 2 });
    const booked = await book(db, ride.id, 1, null);
    await setPayment(db, booked.registration.id, "paid", { actor: ADMIN, now: NOW });
    await cancelledAsBefore(db, booked.registration.id, BOOKING);
    const { entryId } = (await pendingCreditsOf(db, [booked.registration.id])).get(booked.registration.id)!;
    const services = { db, env: readEnv({}), logger: pino({ level: "silent" }) } as AppServices;
    const run = async (role: string, body: Record<string, unknown>) => {
      const request = new Request("http://localhost/admin/rides/x/riders", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ intent: "credit", id: booked.registration.id, entryId, ...body }),
      });
      const result = await registrationAction(request, { services, actor: ADMIN }, ride.id, { role });
      return { status: result.init?.status ?? 200, ...result.data };
    };

    expect(await run("captain", { decision: "confirm", amount: "10000" })).toMatchObject({ status: 403, ok: false });
    expect(await run("editor", { decision: "maybe" })).toMatchObject({ status: 400, ok: false });
    expect(await run("owner", { decision: "confirm", amount: "10000" })).toMatchObject({
      status: 200,
      message: `Credit ₹10,000 of ${booked.registration.reference} confirmed`,
    });
    expect(await pendingCreditsOf(db, [booked.registration.id])).toEqual(new Map());
  });

  it("pays a booking made earlier with credit: a waitlisted one confirmed since, once, and never another's", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 1, waitlist: true });
    const first = await book(db, ride.id, 1, null);
    const rider = await riderWithCredit(db, "later@example.com", 600_000);
    const other = await riderWithCredit(db, "other@example.com", 0);
    const waiting = await book(db, ride.id, 2, rider.id);
    expect(waiting.registration.status).toBe("waitlisted");
    const pay = (token: string, riderId: string) => payWithCreditByToken(db, token, riderId, NOW);
    expect(await refusal(() => pay(waiting.token, rider.id))).toEqual({ "": CREDIT_REFUSALS.notConfirmed });

    await cancelRegistration(db, first.registration.id, { actor: ADMIN, now: NOW });
    expect(await refusal(() => pay(waiting.token, other.id))).toEqual({ "": CREDIT_REFUSALS.notYours });
    const paid = await pay(waiting.token, rider.id);
    expect(paid.spent).toBe("₹6,000");
    expect(paid.registration.status).toBe("confirmed");
    expect(await bookingPart(db, paid.registration.id)).toEqual({ creditPaise: 600_000, payment: "due" });
    expect(await creditLeftOf(db, rider.id)).toBe(0);
    expect(await refusal(() => pay(waiting.token, rider.id))).toEqual({ "": CREDIT_REFUSALS.spent });
    const trail = await listRecentActivity(db);
    expect(trail.some((entry) => entry.summary.includes("₹6,000 of it paid with credit"))).toBe(true);
  });

  it("refuses a booking amount paid, announced by UTR, or with no credit left, and changes nothing", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 5 });
    const rich = await riderWithCredit(db, "rich@example.com", 2_000_000);
    const poor = await riderWithCredit(db, "poor@example.com", 0);
    const covered = await book(db, ride.id, 1, rich.id, false);
    const announced = await book(db, ride.id, 2, rich.id, false);
    const none = await book(db, ride.id, 3, poor.id, false);
    await setPayment(db, covered.registration.id, "paid", { actor: ADMIN, now: NOW });
    await submitUtrByToken(db, announced.token, "123456789012", NOW);
    const pay = (token: string, riderId: string) => payWithCreditByToken(db, token, riderId, NOW);
    expect(await refusal(() => pay(covered.token, rich.id))).toEqual({ "": CREDIT_REFUSALS.paid });
    expect(await refusal(() => pay(announced.token, rich.id))).toEqual({ "": CREDIT_REFUSALS.utrGiven });
    expect(await refusal(() => pay(none.token, poor.id))).toEqual({ "": CREDIT_REFUSALS.noneLeft });
    expect(await creditLeftOf(db, rich.id)).toBe(2_000_000);
    expect((await creditEntriesOf(db, poor.id)).length).toBe(0);

    // Credit over the booking amount pays it whole.
    const whole = await book(db, ride.id, 4, rich.id, false);
    await pay(whole.token, rich.id);
    expect(await bookingPart(db, whole.registration.id)).toEqual({ creditPaise: BOOKING, payment: "paid" });
    expect(await creditLeftOf(db, rich.id)).toBe(2_000_000 - BOOKING);
  });

  it("never spends the credit twice when one rider pays two bookings with it at the same moment", async () => {
    const db = getDb();
    const rider = await riderWithCredit(db, "twice-later@example.com", BOOKING);
    const [one, two] = [await siteRide(db, { seats: 2 }), await siteRide(db, { seats: 2 })];
    const bookings = [await book(db, one.id, 1, rider.id, false), await book(db, two.id, 2, rider.id, false)];
    const outcomes = await Promise.all(
      bookings.map(({ token }) =>
        payWithCreditByToken(db, token, rider.id, NOW).then(
          (paid) => paid.spent,
          (error: unknown) => (error instanceof ValidationError ? error.errors[""] : String(error)),
        ),
      ),
    );
    expect(outcomes.sort()).toEqual([CREDIT_REFUSALS.noneLeft, "₹10,000"].sort());
    expect(await creditLeftOf(db, rider.id)).toBe(0);
    expect(await confirmedSum(db, rider.id)).toBe(0);
  });
});
