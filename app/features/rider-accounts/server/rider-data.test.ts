import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { loader as registerLoader } from "~/routes/public/ride-register";
import { describeEachEngine } from "../../../../tests/support/databases";
import { siteRide } from "../../../../tests/support/fixtures";
import { ownForm, riderForm } from "../../../../tests/support/registration-fixtures";
import { register } from "~/server/registrations/register.server";
import { setRideStatus } from "~/server/rides/rides.server";
import { ValidationError } from "~/server/validation/errors.server";
import { eraseAccount, eraseUnusedAccounts } from "./account-erasure.server";
import { riderDataExport } from "./data-export.server";
import { findOrCreateRider } from "./riders.server";
import { forgetSavedDetails, updateSavedDetails } from "./my-details.server";
import { savedDetailsOf } from "./saved-details.server";
import { RIDER_SESSION_COOKIE, startRiderSession } from "./sessions.server";
import { routeContext } from "../../../../tests/support/route-context";

// A rider's data (docs/features/rider-data.md) on both engines: saved details kept only with
// consent and filled into the next form, the export, the erasure of an account and the sweep.

/** Before the cut-off of the rides made here (2027-06-10 and 2027-09-01). */
const NOW = new Date("2027-05-01T06:00:00Z");
/** After the June ride, before the September one. */
const LATER = new Date("2027-07-15T06:00:00Z");

const juneRide = (db: Database, seats = 3) =>
  siteRide(db, { seats, waitlist: true, options: { solo: { offered: true } } });
const septemberRide = (db: Database, seats = 3) =>
  siteRide(
    db,
    { seats, waitlist: true, options: { solo: { offered: true } } },
    { title: "Zanskar Loop", startDate: "2027-09-01", endDate: "2027-09-08" },
  );

let address = 0;
async function book(
  db: Database,
  rideId: string,
  form: Record<string, unknown>,
  {
    riderId = null,
    saveDetails = false,
    now = NOW,
  }: { riderId?: string | null; saveDetails?: boolean; now?: Date } = {},
) {
  address += 1;
  // Signed in, the rider's own booking: the form carries the account's address unless it gives one.
  // The form's box that keeps its answers as the rider's saved details.
  const sent = saveDetails ? { ...form, saveDetails: "on" } : form;
  const result = await register(db, rideId, await ownForm(db, riderId, sent), {
    clientIp: `10.9.${address >> 8}.${address & 255}`,
    origin: "http://roadbook.test",
    riderId,
    now,
  });
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.registration;
}

const riderTables = (db: Database, riderId: string, email: string) =>
  Promise.all([
    db.selectFrom("riders").select("id").where("id", "=", riderId).execute(),
    db.selectFrom("rider_sessions").select("id").where("rider_id", "=", riderId).execute(),
    db.selectFrom("rider_passkeys").select("id").where("rider_id", "=", riderId).execute(),
    db.selectFrom("rider_sign_in_links").select("id").where("email", "=", email).execute(),
    db.selectFrom("credit_entries").select("id").where("rider_id", "=", riderId).execute(),
    db.selectFrom("registrations").select("id").where("rider_id", "=", riderId).execute(),
  ]).then((tables) => tables.map((rows) => rows.length));

async function addAccountRows(db: Database, riderId: string, email: string) {
  await startRiderSession(db, riderId, undefined, NOW);
  await db
    .insertInto("rider_passkeys")
    .values({
      id: randomUUID(),
      rider_id: riderId,
      name: "Asha's phone",
      public_key: "key",
      counter: 0,
      transports: "[]",
      created_at: NOW.toISOString(),
      last_used_at: null,
    })
    .execute();
  await db
    .insertInto("rider_sign_in_links")
    .values({ id: randomUUID(), email, created_at: NOW.toISOString(), expires_at: NOW.toISOString(), used_at: null })
    .execute();
  await db
    .insertInto("credit_entries")
    .values({
      id: randomUUID(),
      rider_id: riderId,
      registration_id: null,
      kind: "adjustment",
      state: "confirmed",
      amount_paise: 50_000,
      note: "Goodwill",
      created_at: NOW.toISOString(),
      decided_at: NOW.toISOString(),
      decided_by: null,
    })
    .execute();
}

const contextFor = (db: Database) => routeContext({ db });

describeEachEngine("a rider's data", (getDb) => {
  it("keeps the registration's details only when the rider ticks the box, in the registration's transaction", async () => {
    const db = getDb();
    const rider = await findOrCreateRider(db, "asha@example.com", NOW);
    const june = await juneRide(db);
    await book(db, june.id, riderForm(1, { email: "asha@example.com", licenceNumber: "ka01 2020" }), {
      riderId: rider.id,
    });
    expect(await savedDetailsOf(db, rider.id)).toBeNull();

    await book(db, june.id, riderForm(2, { name: "Asha Rao", email: "asha@example.com" }), {
      riderId: rider.id,
      saveDetails: true,
    });
    expect(await savedDetailsOf(db, rider.id)).toEqual({
      details: {
        name: "Asha Rao",
        mobile: "+919800000002",
        email: "asha@example.com",
        emergencyName: "Ravi Rao",
        emergencyPhone: "+919123456789",
        bloodGroup: "O+",
        // The June ride does not ask for the licence.
        licenceNumber: "",
        bikeModel: "Himalayan 450",
      },
      savedAt: NOW.toISOString(),
    });
    const audit = await db.selectFrom("audit_log").selectAll().where("collection", "=", "riders").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.summary).not.toContain("Asha");

    // Without the box, a later registration leaves what was saved untouched.
    const september = await septemberRide(db);
    await book(db, september.id, riderForm(3, { name: "Someone Else" }), { riderId: rider.id, saveDetails: false });
    expect((await savedDetailsOf(db, rider.id))?.details.name).toBe("Asha Rao");
    // Without an account, the box saves nothing anywhere.
    await book(db, september.id, riderForm(4), { saveDetails: true });
    expect(await db.selectFrom("riders").select("details").execute()).toHaveLength(1);
  });

  it("keeps a saved bike model when a rental registration has none", async () => {
    const db = getDb();
    const rider = await findOrCreateRider(db, "asha@example.com", NOW);
    const june = await siteRide(db, { seats: 3, options: { solo: { offered: true }, rental: { offered: true } } });
    await book(db, june.id, riderForm(1), { riderId: rider.id, saveDetails: true });
    await book(db, june.id, riderForm(2, { option: "rental", bikeModel: "" }), {
      riderId: rider.id,
      saveDetails: true,
    });
    const kept = await savedDetailsOf(db, rider.id);
    expect(kept?.details).toMatchObject({ mobile: "+919800000002", bikeModel: "Himalayan 450" });
  });

  it("fills the signed-in rider's form from their saved details, privately; a visitor's page holds nothing", async () => {
    const db = getDb();
    const rider = await findOrCreateRider(db, "asha@example.com", NOW);
    const june = await juneRide(db);
    await updateSavedDetails(db, rider.id, { name: "Asha Rao", mobile: "98765 43210", bloodGroup: "B+" }, NOW);
    const token = await startRiderSession(db, rider.id, undefined);
    const url = `http://roadbook.test/ride/${june.id}/register`;
    const load = (headers: Record<string, string>) =>
      registerLoader({
        request: new Request(url, { headers }),
        params: { rideId: june.id },
        context: contextFor(db),
      } as never);

    const signedIn = await load({ cookie: `${RIDER_SESSION_COOKIE}=${token}` });
    expect(new Headers(signedIn.init?.headers).get("Cache-Control")).toBe("private, no-store");
    expect(signedIn.data.account).toEqual({ keeps: true });
    // The boxes a prefill must tick itself: keeping the details, and spending credit where offered.
    expect(signedIn.data.prefill).toEqual({
      name: "Asha Rao",
      mobile: "+919876543210",
      bloodGroup: "B+",
      saveDetails: "on",
      useCredit: "on",
    });

    const visitor = await load({});
    expect(new Headers(visitor.init?.headers).has("Cache-Control")).toBe(false);
    expect(visitor.data.account).toBeNull();
    expect(JSON.stringify(visitor.data)).not.toContain("Asha");

    await forgetSavedDetails(db, rider.id, NOW);
    const forgotten = await load({ cookie: `${RIDER_SESSION_COOKIE}=${token}` });
    expect(forgotten.data.account).toEqual({ keeps: false });
    expect(forgotten.data.prefill).toEqual({});
  });

  it("edits saved details with the registration's own rules, every field optional", async () => {
    const db = getDb();
    const rider = await findOrCreateRider(db, "asha@example.com", NOW);
    const refused = await updateSavedDetails(db, rider.id, { mobile: "12", email: "nope", licenceNumber: "KA#1" }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).errors).toEqual({
      mobile: "Enter a valid mobile number (+91 is assumed without a country code)",
      email: "Email must be a valid email address",
      licenceNumber: "Driving licence number may hold only letters, digits, spaces, '-' and '/'",
    });
    expect(await savedDetailsOf(db, rider.id)).toBeNull();

    await updateSavedDetails(db, rider.id, { emergencyPhone: "+44 7911 123456", licenceNumber: "ka-01/2020" }, NOW);
    expect((await savedDetailsOf(db, rider.id))?.details).toMatchObject({
      name: "",
      emergencyPhone: "+447911123456",
      licenceNumber: "KA-01/2020",
    });
  });

  it("exports the account, its bookings with their rides, credit and passkeys, never the organisers' note", async () => {
    const db = getDb();
    const rider = await findOrCreateRider(db, "asha@example.com", NOW);
    await db.updateTable("riders").set({ admin_note: "Organisers only" }).execute();
    await addAccountRows(db, rider.id, rider.email);
    const june = await juneRide(db);
    const booking = await book(db, june.id, riderForm(1, { name: "Asha Rao" }), { riderId: rider.id });
    const exported = await riderDataExport(db, rider.id, NOW);
    expect(JSON.stringify(exported)).not.toContain("Organisers only");
    expect(exported?.account.email).toBe("asha@example.com");
    expect(exported?.bookings).toEqual([
      expect.objectContaining({
        reference: booking.reference,
        ride: { title: "Spiti Valley Circuit", startDate: "2027-06-10", endDate: "2027-06-18" },
        status: "confirmed",
        answers: expect.objectContaining({ name: "Asha Rao", mobile: "+919800000001" }),
      }),
    ]);
    expect(exported?.credit).toEqual([expect.objectContaining({ amountPaise: 50_000, kind: "adjustment" })]);
    expect(exported?.passkeys).toEqual([{ name: "Asha's phone", createdAt: NOW.toISOString(), lastUsedAt: null }]);
    expect(JSON.stringify(exported)).not.toContain('"key"');
  });

  it("exports the rider's words and photos with each booking, whatever their state", async () => {
    const db = getDb();
    const rider = await findOrCreateRider(db, "asha@example.com", NOW);
    const june = await juneRide(db);
    const booking = await book(db, june.id, riderForm(1, { name: "Asha Rao" }), { riderId: rider.id });
    const at = LATER.toISOString();
    await db
      .insertInto("ride_feedback")
      .values({
        id: randomUUID(),
        ride_id: june.id,
        registration_id: booking.id,
        rating: 4,
        words: "Cold nights, warm people.",
        credit: "Asha",
        status: "pending",
        created_at: at,
        updated_at: at,
        reviewed_at: null,
        reviewed_by: null,
      })
      .execute();
    // Sent a minute apart: the export lists them in the order they were sent.
    const sent = (n: number) => new Date(LATER.getTime() + n * 60_000).toISOString();
    for (const [n, status] of [
      [1, "approved"],
      [2, "hidden"],
    ] as const) {
      await db
        .insertInto("ride_photos")
        .values({
          id: randomUUID(),
          ride_id: june.id,
          image: `/images/1813370400000_ride-photo-000000000000000${n}_1200x800.jpg`,
          caption: "",
          position: n,
          cover: 0,
          source: "rider",
          registration_id: booking.id,
          credit: "Asha",
          status,
          created_at: sent(n),
          updated_at: sent(n),
          reviewed_at: null,
          reviewed_by: null,
        })
        .execute();
    }

    const [exported] = (await riderDataExport(db, rider.id, LATER))!.bookings;
    expect(exported?.words).toEqual({
      rating: 4,
      words: "Cold nights, warm people.",
      credit: "Asha",
      status: "pending",
      createdAt: at,
      updatedAt: at,
    });
    expect(exported?.photos).toEqual([
      { image: "/images/1813370400000_ride-photo-0000000000000001_1200x800.jpg", status: "approved", sentAt: sent(1) },
      { image: "/images/1813370400000_ride-photo-0000000000000002_1200x800.jpg", status: "hidden", sentAt: sent(2) },
    ]);
  });

  it("erases an account: live bookings of rides to come cancelled and their seats freed, every booking erased, the account's rows gone", async () => {
    const db = getDb();
    const rider = await findOrCreateRider(db, "asha@example.com", NOW);
    await updateSavedDetails(db, rider.id, { name: "Asha Rao" }, NOW);
    await addAccountRows(db, rider.id, rider.email);
    const june = await juneRide(db, 1);
    const september = await septemberRide(db, 1);
    const past = await book(db, june.id, riderForm(1), { riderId: rider.id });
    const upcoming = await book(db, september.id, riderForm(2), { riderId: rider.id });
    const waiting = await book(db, september.id, riderForm(3));
    expect(waiting.status).toBe("waitlisted");
    const other = await findOrCreateRider(db, "other@example.com", NOW);
    await addAccountRows(db, other.id, other.email);

    expect(await eraseAccount(db, rider.id, { now: LATER })).toEqual({ cancelled: 1, erased: 1 });

    expect(await riderTables(db, rider.id, rider.email)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await riderTables(db, other.id, other.email)).toEqual([1, 1, 1, 1, 1, 0]);
    const rows = await db.selectFrom("registrations").selectAll().execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    // The ride that is over keeps its count; the one to come frees the seat for the waitlist.
    expect(byId.get(past.id)).toMatchObject({ status: "confirmed", data: "{}", phone: null, rider_id: null });
    expect(byId.get(past.id)?.erased_at).toBe(LATER.toISOString());
    expect(byId.get(upcoming.id)).toMatchObject({ status: "cancelled", data: "{}", phone: null, rider_id: null });
    expect(byId.get(waiting.id)?.status).toBe("confirmed");
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("collection", "=", "riders")
      .where("action", "=", "deleted")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.record_id).toBe(rider.id);
    expect(audit[0]!.summary).not.toMatch(/asha/i);

    // Erasing again finds nothing.
    expect(await eraseAccount(db, rider.id, { now: LATER })).toBeNull();
  });

  it("erasing an account keeps a checked-in seat on a ride marked completed on its last day: erased, not cancelled, no waitlist promoted", async () => {
    const db = getDb();
    const rider = await findOrCreateRider(db, "asha@example.com", NOW);
    const june = await juneRide(db, 1);
    const booking = await book(db, june.id, riderForm(1), { riderId: rider.id });
    const waiting = await book(db, june.id, riderForm(2));
    await db
      .updateTable("registrations")
      .set({ checked_in_at: NOW.toISOString() })
      .where("id", "=", booking.id)
      .execute();
    await setRideStatus(db, june.id, "completed");
    // The last day (2027-06-18), afternoon in India: the ride is over, its day is not.
    const lastDay = new Date("2027-06-18T10:00:00Z");

    expect(await eraseAccount(db, rider.id, { now: lastDay })).toEqual({ cancelled: 0, erased: 1 });

    const rows = new Map((await db.selectFrom("registrations").selectAll().execute()).map((row) => [row.id, row]));
    expect(rows.get(booking.id)).toMatchObject({ status: "confirmed", data: "{}", rider_id: null });
    expect(rows.get(waiting.id)?.status).toBe("waitlisted");
  });

  it("sweeps accounts unused for 24 months, keeping one with a ride to come and one in use", async () => {
    const db = getDb();
    const longAgo = new Date("2025-04-01T00:00:00Z");
    const unused = await findOrCreateRider(db, "unused@example.com", longAgo);
    const booked = await findOrCreateRider(db, "booked@example.com", longAgo);
    const recent = await findOrCreateRider(db, "recent@example.com", new Date("2026-01-01T00:00:00Z"));
    const june = await juneRide(db);
    const september = await septemberRide(db);
    await book(db, june.id, riderForm(1), { riderId: unused.id });
    await book(db, september.id, riderForm(2), { riderId: booked.id });
    // Booking does not touch the account's last use here: it stays as long ago as it was made.
    await db.updateTable("riders").set({ last_seen_at: longAgo.toISOString() }).where("id", "<>", recent.id).execute();

    expect(await eraseUnusedAccounts(db, LATER)).toBe(1);
    const left = await db.selectFrom("riders").select("email").orderBy("email").execute();
    expect(left.map((row) => row.email)).toEqual(["booked@example.com", "recent@example.com"]);
    const erased = await db
      .selectFrom("registrations")
      .select(["erased_at", "rider_id"])
      .where("ride_id", "=", june.id)
      .execute();
    expect(erased).toEqual([{ erased_at: LATER.toISOString(), rider_id: null }]);
    // Idempotent: a second sweep erases nothing more.
    expect(await eraseUnusedAccounts(db, LATER)).toBe(0);
  });
});
