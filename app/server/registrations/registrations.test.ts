import { createHash } from "node:crypto";
import { bookingPart, duesOfRegistration } from "../../../tests/support/dues";
import { expect, it } from "vitest";
import { notEnoughSeats, REFUSALS } from "~/domain/registration/availability";
import type { Database } from "~/server/db/schema.server";
import { describeEachEngine } from "../../../tests/support/databases";
import { rideInput, siteRide } from "../../../tests/support/fixtures";
import { riderForm, registerRider } from "../../../tests/support/registration-fixtures";
import { NotFoundError, ValidationError } from "../validation/errors.server";
import { getRegistration, listRegistrations, registrationCounts, getRegistrationByToken } from "./queries.server";
import { cancelByToken, cancelRegistration, eraseByToken } from "./cancel.server";
import { confirmFromWaitlist, setPayment } from "./admin-changes.server";
import { DUPLICATE_MOBILE } from "./register.server";
import { setCheckedIn } from "~/features/ride-day/server/check-in.server";
import { submitUtrByToken, updateContactByToken } from "./rider-changes.server";
import { eraseExpiredRegistrations, eraseRide } from "./erasure.server";
import { createRide, deleteRide, getRide, setRideStatus, updateRide } from "../rides/rides.server";

const ADMIN = { id: null, email: "admin@example.com" };

/** Before the cut-off of every ride made here (start 2027-06-10). */
const NOW = new Date("2027-05-01T06:00:00Z");

/** Three seats, every option offered: the rides made here. */
const openRide = (db: Database, registration: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}) =>
  siteRide(
    db,
    {
      seats: 3,
      options: { solo: { offered: true }, pillion: { offered: true }, rental: { offered: true } },
      ...registration,
    },
    overrides,
  );

const rider = riderForm;

async function allRows(db: Database) {
  return db.selectFrom("registrations").selectAll().orderBy("id").execute();
}

/** The write must be refused with these messages and leave the registrations as they were. */
async function expectRefused(db: Database, write: () => Promise<unknown>, errors: Record<string, string>) {
  const before = await allRows(db);
  const error = await write().then(
    () => new Error("the write was accepted"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  expect((error as ValidationError).errors).toEqual(errors);
  expect(await allRows(db)).toEqual(before);
}

const bookedSeats = async (db: Database, rideId: string) =>
  (await registrationCounts(db, [rideId])).get(rideId)!.bookedSeats;

describeEachEngine("registrations service", (getDb) => {
  it("confirms a rider, with a short reference and a private token stored only as its hash", async () => {
    const ride = await openRide(getDb());
    const { registration, token } = await registerRider(getDb(), ride.id, rider(1, { email: "asha@example.com" }), NOW);
    expect(registration).toMatchObject({
      rideId: ride.id,
      status: "confirmed",
      option: "solo",
      seats: 1,
      phone: "+919800000001",
      name: "Rider 1",
      email: "asha@example.com",
      emergencyPhone: "+919123456789",
      bloodGroup: "O+",
      checkedInAt: null,
      createdAt: NOW.toISOString(),
      erasedAt: null,
    });
    expect(registration.reference).toMatch(/^RB-[2-9A-HJKMNP-Z]{4}$/);
    expect(token).toMatch(/^[\w-]{43}$/);
    const [row] = await allRows(getDb());
    expect(row!.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await getRegistrationByToken(getDb(), token)).toEqual(registration);
    expect(await bookedSeats(getDb(), ride.id)).toBe(1);
  });

  it("gives every registration of a ride its own reference", async () => {
    const ride = await openRide(getDb(), { seats: 40 });
    const references = new Set<string>();
    for (let n = 0; n < 40; n++)
      references.add((await registerRider(getDb(), ride.id, rider(n), NOW)).registration.reference);
    expect(references.size).toBe(40);
  });

  it("refuses, writing nothing, rides that do not take registrations here", async () => {
    const db = getDb();
    const external = await createRide(db, rideInput());
    await expectRefused(db, () => registerRider(db, external.id, rider(1), NOW), { "": REFUSALS.external });
    const closed = await openRide(db, { mode: "closed" });
    await expectRefused(db, () => registerRider(db, closed.id, rider(1), NOW), { "": REFUSALS.closed });
    const completed = await openRide(db);
    await setRideStatus(db, completed.id, "completed");
    await expectRefused(db, () => registerRider(db, completed.id, rider(1), NOW), { "": REFUSALS.completed });
    // A cancelled ride is not public at all: as its page, its form is not found.
    const cancelled = await openRide(db);
    await setRideStatus(db, cancelled.id, "cancelled");
    await expect(registerRider(db, cancelled.id, rider(1), NOW)).rejects.toBeInstanceOf(NotFoundError);
    expect(await allRows(db)).toEqual([]);
  });

  it("refuses after the cut-off: the end of the last booking date in India", async () => {
    const db = getDb();
    const ride = await openRide(db, {}, { lastBookingDate: "2027-06-01" });
    await expectRefused(db, () => registerRider(db, ride.id, rider(1), new Date("2027-06-01T18:30:00Z")), {
      "": REFUSALS.cutoff,
    });
    const { registration } = await registerRider(db, ride.id, rider(1), new Date("2027-06-01T18:29:59Z"));
    expect(registration.status).toBe("confirmed");
  });

  it("refuses invalid fields with a message each, and an unknown ride", async () => {
    const db = getDb();
    const ride = await openRide(db);
    await expectRefused(db, () => registerRider(db, ride.id, rider(1, { mobile: "12345", website: "spam" }), NOW), {
      mobile: "Enter a valid mobile number (+91 is assumed without a country code)",
      website: "Leave this field empty",
    });
    for (const id of ["no-such-ride", "", "x".repeat(500)]) {
      await expect(registerRider(db, id, rider(1), NOW)).rejects.toBeInstanceOf(NotFoundError);
    }
    expect(await allRows(db)).toEqual([]);
  });

  it("refuses the same mobile number twice on a ride, however it is written, until cancelled", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const other = await openRide(db);
    const { token } = await registerRider(db, ride.id, rider(1, { mobile: "98000 00001" }), NOW);
    await expectRefused(db, () => registerRider(db, ride.id, rider(2, { mobile: "+91 98000-00001" }), NOW), {
      mobile: DUPLICATE_MOBILE,
    });
    expect((await registerRider(db, other.id, rider(1), NOW)).registration.status).toBe("confirmed");
    await cancelByToken(db, token, NOW);
    expect((await registerRider(db, ride.id, rider(1), NOW)).registration.status).toBe("confirmed");
  });

  it("waitlists when full, a rider with a pillion when one seat is left; without a waitlist refuses", async () => {
    const db = getDb();
    const ride = await openRide(db, { seats: 3 });
    await registerRider(db, ride.id, rider(1, { option: "pillion", pillionName: "Meera" }), NOW);
    await registerRider(db, ride.id, rider(2, { option: "rental" }), NOW);
    expect(await bookedSeats(db, ride.id)).toBe(3);
    expect((await registerRider(db, ride.id, rider(3), NOW)).registration.status).toBe("waitlisted");

    const tight = await openRide(db, { seats: 2, waitlist: false });
    await registerRider(db, tight.id, rider(1), NOW);
    await expectRefused(
      db,
      () => registerRider(db, tight.id, rider(2, { option: "pillion", pillionName: "Meera" }), NOW),
      {
        "": notEnoughSeats(1, "pillion"),
      },
    );
    await registerRider(db, tight.id, rider(3), NOW);
    await expectRefused(db, () => registerRider(db, tight.id, rider(4), NOW), { "": REFUSALS.full });
  });

  it("on cancellation frees the seats and confirms the first waitlisted riders who fit", async () => {
    const db = getDb();
    const ride = await openRide(db, { seats: 2 });
    const first = await registerRider(db, ride.id, rider(1), NOW);
    await registerRider(db, ride.id, rider(2), NOW);
    const pillion = await registerRider(
      db,
      ride.id,
      rider(3, { option: "pillion", pillionName: "Meera" }),
      new Date(NOW.getTime() + 1),
    );
    const solo = await registerRider(db, ride.id, rider(4), new Date(NOW.getTime() + 2));
    const later = await registerRider(db, ride.id, rider(5), new Date(NOW.getTime() + 3));
    expect([pillion, solo, later].map((r) => r.registration.status)).toEqual([
      "waitlisted",
      "waitlisted",
      "waitlisted",
    ]);

    const cancellation = await cancelByToken(db, first.token, NOW);
    expect(cancellation.registration.status).toBe("cancelled");
    // One seat free: the rider with a pillion needs two, the next solo rider fits.
    expect(cancellation.promoted.map((r) => r.id)).toEqual([solo.registration.id]);
    expect(cancellation.promoted[0]!.status).toBe("confirmed");
    expect(await bookedSeats(db, ride.id)).toBe(2);
    expect(await cancelByToken(db, first.token, NOW)).toEqual({
      registration: cancellation.registration,
      promoted: [],
    });
  });

  it("when seats are added, confirms the waitlisted riders who now fit, in order, and no one twice", async () => {
    const db = getDb();
    const ride = await openRide(db, { seats: 1 });
    await registerRider(db, ride.id, rider(1), NOW);
    const second = await registerRider(db, ride.id, rider(2), new Date(NOW.getTime() + 1));
    const third = await registerRider(db, ride.id, rider(3), new Date(NOW.getTime() + 2));

    // The save that adds the seat confirms the first waitlisted rider in its own transaction.
    const current = (await getRide(db, ride.id))!;
    await updateRide(db, ride.id, { ...current, registration: { ...current.registration, seats: 2 } });
    expect((await getRegistrationByToken(db, second.token))!.status).toBe("confirmed");
    expect((await getRegistrationByToken(db, third.token))!.status).toBe("waitlisted");
    // Saving again adds no seat and confirms no one.
    await updateRide(db, ride.id, { ...current, registration: { ...current.registration, seats: 2 } });
    expect((await getRegistrationByToken(db, third.token))!.status).toBe("waitlisted");
    expect(await bookedSeats(db, ride.id)).toBe(2);
  });

  it("lets an admin cancel, confirm from the waitlist only into free seats, mark paid and check in", async () => {
    const db = getDb();
    const ride = await openRide(db, { seats: 1 });
    const confirmed = (await registerRider(db, ride.id, rider(1), NOW)).registration;
    const waiting = (await registerRider(db, ride.id, rider(2), NOW)).registration;
    await expectRefused(db, () => confirmFromWaitlist(db, waiting.id, { actor: ADMIN, now: NOW }), {
      "": "Not enough seats: 0 left, this registration needs 1. Add seats to the ride first.",
    });
    await expectRefused(db, () => confirmFromWaitlist(db, confirmed.id, { actor: ADMIN, now: NOW }), {
      "": "Only a waitlisted rider can be confirmed",
    });
    await expectRefused(db, () => setCheckedIn(db, waiting.id, true, { actor: ADMIN, now: NOW }), {
      "": "Only a confirmed rider can check in",
    });

    const current = (await getRide(db, ride.id))!;
    // A seat added to the ride goes to the waitlist at once: nothing is left to confirm by hand.
    await updateRide(db, ride.id, { ...current, registration: { ...current.registration, seats: 2 } });
    expect((await getRegistration(db, waiting.id))!.status).toBe("confirmed");

    await setPayment(db, confirmed.id, "paid", { actor: ADMIN, now: NOW });
    expect((await bookingPart(db, confirmed.id)).payment).toBe("paid");
    expect((await setCheckedIn(db, confirmed.id, true, { actor: ADMIN, now: NOW })).checkedInAt).toBe(
      NOW.toISOString(),
    );
    expect((await registrationCounts(db, [ride.id])).get(ride.id)).toEqual({
      bookedSeats: 2,
      confirmed: 2,
      waitlisted: 0,
      cancelled: 0,
      checkedIn: 1,
    });
    expect((await setCheckedIn(db, confirmed.id, false, { actor: ADMIN, now: NOW })).checkedInAt).toBeNull();
    const { registration, promoted } = await cancelRegistration(db, waiting.id, { actor: ADMIN, now: NOW });
    expect([registration.status, promoted]).toEqual(["cancelled", []]);
    expect(await bookedSeats(db, ride.id)).toBe(1);
  });

  it("answers forged ids and tokens with not found, writing nothing", async () => {
    const db = getDb();
    const ride = await openRide(db);
    await registerRider(db, ride.id, rider(1), NOW);
    const before = await allRows(db);
    for (const forged of ["", "nope", "00000000-0000-0000-0000-000000000000", "' or 1=1 --", "x".repeat(5000)]) {
      await expect(cancelRegistration(db, forged, { actor: ADMIN })).rejects.toBeInstanceOf(NotFoundError);
      await expect(setPayment(db, forged, "paid", { actor: ADMIN })).rejects.toBeInstanceOf(NotFoundError);
      await expect(setCheckedIn(db, forged, true, { actor: ADMIN })).rejects.toBeInstanceOf(NotFoundError);
      await expect(confirmFromWaitlist(db, forged, { actor: ADMIN })).rejects.toBeInstanceOf(NotFoundError);
      await expect(cancelByToken(db, forged)).rejects.toBeInstanceOf(NotFoundError);
      await expect(submitUtrByToken(db, forged, "412356789012")).rejects.toBeInstanceOf(NotFoundError);
      expect(await getRegistrationByToken(db, forged)).toBeNull();
    }
    expect(await allRows(db)).toEqual(before);
    await expect(setPayment(db, before[0]!.id, "refunded" as "paid", { actor: ADMIN })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it("lets the rider change contact details and give the UTR through the private link", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const { token } = await registerRider(db, ride.id, rider(1), NOW);
    await registerRider(db, ride.id, rider(2), NOW);
    const contact = {
      name: "Asha R",
      mobile: "+44 7911 123456",
      email: "asha@example.com",
      emergencyName: "Ravi",
      emergencyPhone: "98000 00009",
    };
    const updated = await updateContactByToken(db, token, contact, NOW);
    expect(updated).toMatchObject({
      name: "Asha R",
      phone: "+447911123456",
      emergencyPhone: "+919800000009",
      bikeModel: "Himalayan 450",
    });
    await expectRefused(db, () => updateContactByToken(db, token, { ...contact, mobile: "9800000002" }), {
      mobile: DUPLICATE_MOBILE,
    });
    await expectRefused(db, () => submitUtrByToken(db, token, "12345"), {
      utr: "Enter the 12-digit UPI transaction id (UTR)",
    });
    const claimed = await submitUtrByToken(db, token, "4123 5678 9012", NOW);
    expect((await duesOfRegistration(db, claimed.id)).booking?.claimedUtr).toBe("412356789012");
    await cancelByToken(db, token, NOW);
    await expectRefused(db, () => submitUtrByToken(db, token, "412356789012"), {
      "": "This registration is cancelled",
    });
    await expectRefused(db, () => updateContactByToken(db, token, contact), { "": "This registration is cancelled" });
  });

  it("reads a registration whose answers were edited by hand into something else as empty, and can fix it", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const { token, registration } = await registerRider(db, ride.id, rider(1), NOW);
    for (const data of ["not json", "[1]", "null"]) {
      await db.updateTable("registrations").set({ data }).where("id", "=", registration.id).execute();
      expect(await getRegistrationByToken(db, token)).toMatchObject({
        name: "",
        bikeModel: "",
        phone: "+919800000001",
      });
    }
    const contact = { name: "Asha", mobile: "9800000001", emergencyName: "Ravi", emergencyPhone: "9800000002" };
    expect(await updateContactByToken(db, token, contact, NOW)).toMatchObject({ name: "Asha", emergencyName: "Ravi" });
  });

  it("lists a ride's riders in registration order, with filters and search", async () => {
    const db = getDb();
    const ride = await openRide(db, { seats: 2 });
    const a = (await registerRider(db, ride.id, rider(1, { name: "Asha Rao" }), NOW)).registration;
    const b = (await registerRider(db, ride.id, rider(2, { name: "Bala Iyer" }), new Date(NOW.getTime() + 1)))
      .registration;
    const c = (await registerRider(db, ride.id, rider(3, { name: "Chitra Rao" }), new Date(NOW.getTime() + 2)))
      .registration;
    await setPayment(db, b.id, "paid", { actor: ADMIN });
    await setCheckedIn(db, a.id, true, { actor: ADMIN });
    const ids = async (filters: Parameters<typeof listRegistrations>[2]) =>
      (await listRegistrations(db, ride.id, filters)).map((r) => r.id);
    expect(await ids({})).toEqual([a.id, b.id, c.id]);
    expect(await ids({ status: "waitlisted" })).toEqual([c.id]);
    expect(await ids({ checkedIn: true })).toEqual([a.id]);
    expect(await ids({ checkedIn: false })).toEqual([b.id, c.id]);
    expect(await ids({ search: "rao" })).toEqual([a.id, c.id]);
    expect(await ids({ search: "98000 00002" })).toEqual([b.id]);
    expect(await ids({ search: c.reference.toLowerCase() })).toEqual([c.id]);
    expect(await listRegistrations(db, "other-ride")).toEqual([]);
  });

  it("counts per ride, with zeros for rides without registrations", async () => {
    const db = getDb();
    const ride = await openRide(db, { seats: 3 });
    await registerRider(db, ride.id, rider(1, { option: "pillion", pillionName: "Meera" }), NOW);
    await registerRider(db, ride.id, rider(2, { option: "pillion", pillionName: "Kiran" }), NOW);
    const counts = await registrationCounts(db, [ride.id, "empty"]);
    expect(counts.get(ride.id)).toEqual({ bookedSeats: 2, confirmed: 1, waitlisted: 1, cancelled: 0, checkedIn: 0 });
    expect(counts.get("empty")).toEqual({ bookedSeats: 0, confirmed: 0, waitlisted: 0, cancelled: 0, checkedIn: 0 });
    expect((await registrationCounts(db, [])).size).toBe(0);
  });

  it("erases a rider's own registration through the link: cancelled, personal data gone, link dead", async () => {
    const db = getDb();
    const ride = await openRide(db, { seats: 1 });
    const { token, registration } = await registerRider(db, ride.id, rider(1, { email: "asha@example.com" }), NOW);
    await submitUtrByToken(db, token, "412356789012", NOW);
    const waiting = await registerRider(db, ride.id, rider(2), NOW);
    const { promoted } = await eraseByToken(db, token, NOW);
    expect(promoted.map((r) => r.id)).toEqual([waiting.registration.id]);
    expect(await getRegistrationByToken(db, token)).toBeNull();
    const row = (await allRows(db)).find((r) => r.id === registration.id)!;
    expect(row).toMatchObject({ status: "cancelled", phone: null, token_hash: null, data: "{}" });
    expect(JSON.stringify(row)).not.toMatch(/asha|Rider 1|9800000001|412356789012/);
  });

  it("erases every registration of a ride, and of rides ended more than 180 days ago, keeping counts", async () => {
    const db = getDb();
    const today = new Date("2028-01-01T00:00:00Z");
    const rideOn = (endDate: string) =>
      openRide(db, {}, { startDate: "2027-01-01", endDate, lastBookingDate: "2026-12-31" });
    const long = await rideOn("2027-07-03"); // 182 days before today
    const recent = await rideOn("2027-07-05"); // 180 days before today
    const gone = await rideOn("2027-01-02");
    const early = new Date("2026-12-01T00:00:00Z");
    for (const ride of [long, recent, gone]) await registerRider(db, ride.id, rider(1), early);
    await deleteRide(db, gone.id);

    expect(await eraseExpiredRegistrations(db, 180, today)).toBe(2);
    const rows = await allRows(db);
    const erased = (rideId: string) => rows.find((r) => r.ride_id === rideId)!.erased_at !== null;
    expect([erased(long.id), erased(recent.id), erased(gone.id)]).toEqual([true, false, true]);
    expect((await registrationCounts(db, [long.id])).get(long.id)!.bookedSeats).toBe(1);
    expect(await eraseExpiredRegistrations(db, 180, today)).toBe(0);
    expect(await eraseExpiredRegistrations(db, 0, today)).toBe(1);

    const upcoming = await openRide(db);
    await registerRider(db, upcoming.id, rider(1), NOW);
    await registerRider(db, upcoming.id, rider(2), NOW);
    expect(await eraseRide(db, upcoming.id, { days: 0, now: true, at: NOW })).toEqual({ erased: 2 });
    expect((await listRegistrations(db, upcoming.id)).map((r) => [r.name, r.phone, r.erasedAt])).toEqual([
      ["", "", NOW.toISOString()],
      ["", "", NOW.toISOString()],
    ]);
    await expect(eraseExpiredRegistrations(db, -1)).rejects.toBeInstanceOf(ValidationError);
  });
});
