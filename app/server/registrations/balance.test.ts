import { parse } from "csv-parse/sync";
import { getRide, updateRide } from "../rides/rides.server";
import pino from "pino";
import { expect, it } from "vitest";
import type { AppServices } from "~/context";
import type { Database } from "~/server/db/schema.server";
import { describeEachEngine } from "../../../tests/support/databases";
import { duesOfRegistration, paymentStates } from "../../../tests/support/dues";
import { siteRide } from "../../../tests/support/fixtures";
import { riderForm, registerRider } from "../../../tests/support/registration-fixtures";
import { listRecentActivity } from "../audit/audit.server";
import { registrationAction } from "../admin/registration-actions.server";
import { readEnv } from "../env.server";
import { ValidationError } from "../validation/errors.server";
import { cancelRegistration, eraseByToken } from "./cancel.server";
import { NO_BALANCE } from "./payments.server";
import { SAME_UTR, submitBalanceUtrByToken, submitUtrByToken, WAITLISTED_UTR } from "./rider-changes.server";
import { PAID_BEYOND_A_MARK, setBalancePayment, setPayment } from "./admin-changes.server";
import { registrationsCsv, registrationsWithRides } from "./csv.server";
import { eraseRide } from "./erasure.server";

// The balance's writes on both engines: the rider's UTR for it through the private
// link, the admin's paid / due mark, each with its trail line; what erasure and the CSV make of them.

const ADMIN = { id: "admin-1", email: "admin@roadbook.test" };
/** Before the cut-off of the rides made here (start 2027-06-10; trip ₹38,500, booking ₹10,000). */
const NOW = new Date("2027-05-01T06:00:00Z");
const options = { solo: { offered: true }, pillion: { offered: true, price: "₹60,000" }, rental: { offered: false } };

async function allRows(db: Database) {
  return db.selectFrom("registrations").selectAll().orderBy("id").execute();
}

async function allEntries(db: Database) {
  return db.selectFrom("booking_entries").selectAll().orderBy("id").execute();
}

/** The write must be refused with these messages and leave the registrations and their ledgers as they were. */
async function expectRefused(db: Database, write: () => Promise<unknown>, errors: Record<string, string>) {
  const before = [await allRows(db), await allEntries(db)];
  const error = await write().then(
    () => new Error("the write was accepted"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).errors).toEqual(errors);
  expect([await allRows(db), await allEntries(db)]).toEqual(before);
}

describeEachEngine("the balance's commands", (getDb) => {
  it("keeps the rider's UTR of the balance apart from the booking amount's, in the trail without it", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 3, options });
    const { token, registration } = await registerRider(db, ride.id, riderForm(1), NOW);
    expect(await duesOfRegistration(db, registration.id)).toMatchObject({
      booking: { paid: false, claimedUtr: null },
      balance: { paid: false, claimedUtr: null },
    });

    await submitUtrByToken(db, token, "412356789012", NOW);
    await submitBalanceUtrByToken(db, token, "5123 5678 9012", NOW);
    expect(await duesOfRegistration(db, registration.id)).toMatchObject({
      booking: { paid: false, claimedUtr: "412356789012" },
      balance: { paid: false, claimedUtr: "512356789012" },
    });

    const activity = await listRecentActivity(db);
    expect(activity).toContainEqual(
      expect.objectContaining({
        actorEmail: "a rider",
        recordId: registration.id,
        summary: `Booking ${registration.reference} on "Spiti Valley Circuit" gave the UTR of its balance`,
      }),
    );
    expect(JSON.stringify(activity)).not.toMatch(/512356789012|412356789012/);

    await expectRefused(db, () => submitBalanceUtrByToken(db, token, "412356789012", NOW), {
      balanceUtr: SAME_UTR.balance,
    });
    await expectRefused(db, () => submitUtrByToken(db, token, "512356789012", NOW), { utr: SAME_UTR.booking });
    await expectRefused(db, () => submitBalanceUtrByToken(db, token, "12345", NOW), {
      balanceUtr: "Enter the 12-digit UPI transaction id (UTR)",
    });
  });

  it("refuses a balance UTR from a waitlisted or cancelled rider, or on a ride with no balance", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 1, options });
    const first = await registerRider(db, ride.id, riderForm(1), NOW);
    const waiting = await registerRider(db, ride.id, riderForm(2), NOW);
    expect(waiting.registration.status).toBe("waitlisted");
    await expectRefused(db, () => submitBalanceUtrByToken(db, waiting.token, "512356789012", NOW), {
      "": WAITLISTED_UTR,
    });
    await cancelRegistration(db, first.registration.id, { actor: ADMIN, now: NOW });
    await expectRefused(db, () => submitBalanceUtrByToken(db, first.token, "512356789012", NOW), {
      "": "This registration is cancelled",
    });

    // Only a booking amount: the booking page and its UTR as before, no balance.
    const bookingOnly = await siteRide(db, { seats: 3 }, { tripCost: "", title: "Nandi Hills" });
    const rider = await registerRider(db, bookingOnly.id, riderForm(3), NOW);
    await expectRefused(db, () => submitBalanceUtrByToken(db, rider.token, "512356789012", NOW), {
      "": NO_BALANCE,
    });
    await submitUtrByToken(db, rider.token, "412356789012", NOW);
    expect((await duesOfRegistration(db, rider.registration.id)).booking?.claimedUtr).toBe("412356789012");
  });

  it("lets an admin mark the balance paid and due again, apart from the booking amount, in the trail", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 3, options });
    const { registration } = await registerRider(
      db,
      ride.id,
      riderForm(1, { option: "pillion", pillionName: "Kiran" }),
      NOW,
    );

    await setBalancePayment(db, registration.id, "paid", { actor: ADMIN, rideId: ride.id, now: NOW });
    expect(await paymentStates(db, registration.id)).toEqual({ balancePayment: "paid", payment: "due" });
    expect(await listRecentActivity(db)).toContainEqual(
      expect.objectContaining({
        actorEmail: ADMIN.email,
        summary: `Marked the balance of booking ${registration.reference} on "Spiti Valley Circuit" as paid`,
      }),
    );
    await setPayment(db, registration.id, "paid", { actor: ADMIN, now: NOW });
    expect(await paymentStates(db, registration.id)).toEqual({ balancePayment: "paid", payment: "paid" });
    await setBalancePayment(db, registration.id, "due", { actor: ADMIN, now: NOW });
    expect(await paymentStates(db, registration.id)).toEqual({ balancePayment: "due", payment: "paid" });

    await expectRefused(db, () => setBalancePayment(db, registration.id, "refunded" as "paid", { actor: ADMIN }), {
      payment: "Payment must be due or paid",
    });
    await cancelRegistration(db, registration.id, { actor: ADMIN, now: NOW });
    await expectRefused(db, () => setBalancePayment(db, registration.id, "paid", { actor: ADMIN }), {
      "": "This registration is cancelled",
    });
    const free = await siteRide(db, { seats: 3 }, { tripCost: "", bookingCost: "", title: "Free ride" });
    const rider = await registerRider(db, free.id, riderForm(2), NOW);
    await expectRefused(db, () => setBalancePayment(db, rider.registration.id, "paid", { actor: ADMIN }), {
      "": NO_BALANCE,
    });
  });

  it("refuses to mark due what was paid online or with credit, changing nothing", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 3 });
    const { registration } = await registerRider(db, ride.id, riderForm(1), NOW);
    await db
      .insertInto("booking_entries")
      .values({
        id: crypto.randomUUID(),
        registration_id: registration.id,
        ride_id: ride.id,
        kind: "payment",
        part: null,
        amount_paise: 1_000_000,
        state: "confirmed",
        method: "online",
        reference: "pay_Online0001",
        source: "razorpay:evt_1",
        note: "",
        created_at: NOW.toISOString(),
        decided_at: NOW.toISOString(),
      })
      .execute();
    await expectRefused(db, () => setPayment(db, registration.id, "due", { actor: ADMIN, now: NOW }), {
      "": PAID_BEYOND_A_MARK,
    });
    expect(await paymentStates(db, registration.id)).toEqual({ payment: "paid", balancePayment: "due" });
  });

  it("is marked through the Riders page's action, which says which payment", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 3, options });
    const { registration } = await registerRider(db, ride.id, riderForm(1), NOW);
    const services = { db, env: readEnv({}), logger: pino({ level: "silent" }) } as AppServices;
    const run = async (body: unknown) => {
      const request = new Request("http://localhost/admin/rides/x/riders", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const result = await registrationAction(request, { services, actor: ADMIN }, ride.id);
      return { status: result.init?.status ?? 200, ...result.data };
    };
    expect(await run({ intent: "payment", id: registration.id, payment: "paid", which: "balance" })).toMatchObject({
      status: 200,
      message: `${registration.reference} balance marked as paid successfully`,
    });
    expect(await paymentStates(db, registration.id)).toEqual({ payment: "due", balancePayment: "paid" });
    expect(await run({ intent: "payment", id: registration.id, payment: "paid", which: "refund" })).toMatchObject({
      status: 400,
      message: `Cannot change ${registration.reference}: Say which payment: the booking amount or the balance`,
    });
    expect(await run({ intent: "payment", id: registration.id, payment: "paid" })).toMatchObject({ status: 200 });
    expect(await paymentStates(db, registration.id)).toEqual({ payment: "paid", balancePayment: "paid" });
  });

  it("charges what a rider agreed to: a price edit changes no charge, a price that reads as a sum at last charges", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 3 }, { tripCost: "₹38,500", bookingCost: "₹10,000" });
    const agreed = await registerRider(db, ride.id, riderForm(1), NOW);
    const wordy = await siteRide(
      db,
      { seats: 3 },
      { tripCost: "", bookingCost: "to be announced", title: "Nandi Hills" },
    );
    const waiting = await registerRider(db, wordy.id, riderForm(2), NOW);
    expect((await duesOfRegistration(db, waiting.registration.id)).booking).toBeNull();

    const priced = (await getRide(db, ride.id))!;
    await updateRide(db, ride.id, { ...priced, tripCost: "₹45,000", bookingCost: "₹12,000" });
    expect(await duesOfRegistration(db, agreed.registration.id, NOW)).toMatchObject({
      booking: { chargedPaise: 1_000_000 },
      balance: { chargedPaise: 2_850_000 },
    });
    const announced = (await getRide(db, wordy.id))!;
    await updateRide(db, wordy.id, { ...announced, bookingCost: "₹5,000" });
    expect((await duesOfRegistration(db, waiting.registration.id, NOW)).booking).toMatchObject({
      chargedPaise: 500_000,
      leftPaise: 500_000,
    });
  });

  it("erases the balance's UTR with the rest, through the link and by the sweep", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 3, options });
    const one = await registerRider(db, ride.id, riderForm(1), NOW);
    const two = await registerRider(db, ride.id, riderForm(2), NOW);
    for (const { token } of [one, two]) await submitBalanceUtrByToken(db, token, "512356789012", NOW);
    await setBalancePayment(db, one.registration.id, "paid", { actor: ADMIN, now: NOW });
    await eraseByToken(db, one.token, NOW);
    await eraseRide(db, ride.id, { days: 0, now: true, at: NOW });
    for (const row of await allRows(db)) {
      expect(row).toMatchObject({ phone: null });
      expect(JSON.stringify(row)).not.toContain("512356789012");
    }
    // The UTR nobody confirmed was the rider's and goes; a confirmed payment's stays for the
    // accounts, with its amount (decision 059).
    const payments = (await allEntries(db)).filter((entry) => entry.kind === "payment");
    expect(payments.map(({ registration_id, state, reference }) => ({ registration_id, state, reference }))).toEqual(
      expect.arrayContaining([
        { registration_id: one.registration.id, state: "confirmed", reference: "512356789012" },
        { registration_id: two.registration.id, state: "claimed", reference: null },
      ]),
    );
  });

  it("exports the balance's amount, state, UTR and due date, and empty cells on a ride without", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 3, options, balanceDueDays: 10 });
    // Registered a minute apart: the CSV lists them in registration order.
    const solo = await registerRider(db, ride.id, riderForm(1), NOW);
    const later = new Date(NOW.getTime() + 60_000);
    await registerRider(db, ride.id, riderForm(2, { option: "pillion", pillionName: "Kiran" }), later);
    await submitBalanceUtrByToken(db, solo.token, "512356789012", NOW);
    await setBalancePayment(db, solo.registration.id, "paid", { actor: ADMIN, now: NOW });
    const bookingOnly = await siteRide(
      db,
      { seats: 3 },
      { tripCost: "", title: "Nandi Hills", startDate: "2027-06-11" },
    );
    await registerRider(db, bookingOnly.id, riderForm(3), NOW);

    const records = parse(registrationsCsv(await registrationsWithRides(db)), { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    const pick = (record: Record<string, string>) => [
      record.Name,
      record["Booking payment"],
      record.Balance,
      record["Balance payment"],
      record["Balance UTR"],
      record["Balance due"],
    ];
    expect(records.map(pick)).toEqual([
      ["Rider 1", "due", "28500.00", "paid", "512356789012", "2027-05-31"],
      ["Rider 2", "due", "50000.00", "due", "", "2027-05-31"],
      ["Rider 3", "due", "", "", "", ""],
    ]);
  });
});
