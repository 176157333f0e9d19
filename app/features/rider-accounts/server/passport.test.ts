import { expect, it } from "vitest";
import { describeEachEngine } from "../../../../tests/support/databases";
import { riddenSiteRide } from "../../../../tests/support/passport-fixtures";
import { getRideBreakdown, getStats, refreshStats } from "~/server/content/stats.server";
import { setCheckedIn } from "~/features/ride-day/server/check-in.server";
import { findOrCreateRider } from "./riders.server";
import { listDirectory, riderRecord, saveAdminNote } from "./directory.server";
import { makePassportPrivate, makePassportPublic, passportOf, publicPassport } from "./passport.server";

const ADMIN = { id: null, email: "owner@roadbook.test" };

describeEachEngine("ride passport", (getDb) => {
  it("counts only the account's confirmed bookings that were checked in, each ride once", async () => {
    const db = getDb();
    const anjali = await findOrCreateRider(db, "anjali@example.com");
    const other = await findOrCreateRider(db, "other@example.com");
    const spiti = await riddenSiteRide(
      db,
      [
        { n: 1, riderId: anjali.id },
        { n: 2, riderId: other.id },
      ],
      {
        overrides: { title: "Spiti", startDate: "2027-06-10", endDate: "2027-06-18", distance: "1,250 km" },
        route: { distance: 1_180_400, climb: 9_800, highest: { elevation: 4_590, name: "Kunzum La" } },
      },
    );
    await riddenSiteRide(db, [{ n: 3, riderId: anjali.id }], {
      overrides: { title: "Coast", startDate: "2027-05-01", endDate: "2027-05-02", distance: "420 km" },
    });
    // Not ridden: no check-in, a cancelled booking, someone else's booking.
    await riddenSiteRide(db, [{ n: 4, riderId: anjali.id, checkedIn: false }], { overrides: { title: "Missed" } });
    await riddenSiteRide(db, [{ n: 5, riderId: anjali.id, cancelled: true }], { overrides: { title: "Cancelled" } });
    await riddenSiteRide(db, [{ n: 6, riderId: other.id }], { overrides: { title: "Not hers" } });

    const passport = await passportOf(db, anjali.id);
    expect(passport.rides.map((ride) => ride.title)).toEqual(["Spiti", "Coast"]);
    expect(passport.figures).toEqual({
      rides: 2,
      kilometres: 1180 + 420,
      climb: 9800,
      highest: { elevation: 4590, name: "Kunzum La", rideTitle: "Spiti" },
      firstRide: { id: expect.any(String), title: "Coast", startDate: "2027-05-01" },
    });
    expect(passport.slug).toBeNull();
    expect(passport.rides[0]!.id).toBe(spiti.rideId);

    // A ride deleted is no longer ridden.
    await db.deleteFrom("ride_routes").where("ride_id", "=", spiti.rideId).execute();
    await db.deleteFrom("booking_entries").where("ride_id", "=", spiti.rideId).execute();
    await db.deleteFrom("registrations").where("ride_id", "=", spiti.rideId).execute();
    await db.deleteFrom("rides").where("id", "=", spiti.rideId).execute();
    expect((await passportOf(db, anjali.id)).figures.rides).toBe(1);
  });

  it("is public at an unguessable address while the rider wants, with a first name only; private again, it is gone", async () => {
    const db = getDb();
    const rider = await findOrCreateRider(db, "rohit@example.com");
    await riddenSiteRide(db, [{ n: 7, riderId: rider.id }], { overrides: { distance: "300 km" } });
    expect(await publicPassport(db, "not-a-slug")).toBeNull();

    const slug = await makePassportPublic(db, rider.id);
    expect(slug).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await makePassportPublic(db, rider.id)).toBe(slug);
    const shown = await publicPassport(db, slug);
    // riderForm(7)'s name is "Rider 7": its first word.
    expect(shown).toEqual({
      slug,
      firstName: "Rider",
      figures: expect.objectContaining({ rides: 1, kilometres: 300 }),
    });

    // The saved details' name comes first.
    await db
      .updateTable("riders")
      .set({ details: JSON.stringify({ name: "Rohit Sharma", mobile: "+919800000007" }) })
      .where("id", "=", rider.id)
      .execute();
    expect((await publicPassport(db, slug))?.firstName).toBe("Rohit");

    await makePassportPrivate(db, rider.id);
    expect(await publicPassport(db, slug)).toBeNull();
    expect((await passportOf(db, rider.id)).slug).toBeNull();
    const audit = await db.selectFrom("audit_log").select(["collection", "summary"]).execute();
    expect(audit.filter((entry) => entry.collection === "riders").map((entry) => entry.summary)).toEqual([
      "Made their ride passport public",
      "Made their ride passport private",
    ]);
  });

  it("counts happy riders once each across the rides taking registrations on the site", async () => {
    const db = getDb();
    const rider = await findOrCreateRider(db, "meera@example.com");
    // The account twice, the phone of riderForm(8) twice, one other rider.
    await riddenSiteRide(db, [{ n: 8 }, { n: 9, riderId: rider.id }, { n: 10, checkedIn: false }]);
    await riddenSiteRide(db, [{ n: 8 }, { n: 11, riderId: rider.id }, { n: 12 }]);
    const breakdown = await getRideBreakdown(db);
    expect(breakdown.happyRiders).toBe(3);
    expect(breakdown.totalParticipants).toBe(0);
  });

  it("recounts happy riders when a completed ride's check-in is corrected", async () => {
    const db = getDb();
    const { registrationIds } = await riddenSiteRide(db, [{ n: 20 }, { n: 21, checkedIn: false }]);
    await refreshStats(db);
    expect((await getStats(db)).happyRiders).toBe(1);
    const change = { actor: ADMIN };
    await setCheckedIn(db, registrationIds[1]!, true, change);
    expect((await getStats(db)).happyRiders).toBe(2);
    await setCheckedIn(db, registrationIds[0]!, false, change);
    expect((await getStats(db)).happyRiders).toBe(1);
  });

  it("lists every account in the directory, searched by name or email, with its rides, and keeps the admins' note", async () => {
    const db = getDb();
    const priya = await findOrCreateRider(db, "priya@example.com");
    const dev = await findOrCreateRider(db, "dev@example.com");
    await riddenSiteRide(db, [{ n: 13, riderId: priya.id }], {
      overrides: { title: "Coorg", startDate: "2027-03-01", endDate: "2027-03-02" },
    });
    await riddenSiteRide(
      db,
      [
        { n: 14, riderId: priya.id },
        { n: 15, riderId: dev.id, checkedIn: false },
      ],
      {
        overrides: { title: "Goa", startDate: "2027-04-01", endDate: "2027-04-02" },
      },
    );

    const all = await listDirectory(db);
    expect(
      all.map(({ email, name, ridesRidden, lastRide }) => ({ email, name, ridesRidden, last: lastRide?.title })),
    ).toEqual(
      expect.arrayContaining([
        { email: "priya@example.com", name: "Rider 14", ridesRidden: 2, last: "Goa" },
        { email: "dev@example.com", name: "Rider 15", ridesRidden: 0, last: undefined },
      ]),
    );
    expect((await listDirectory(db, "PRIYA")).map((rider) => rider.id)).toEqual([priya.id]);
    expect((await listDirectory(db, "rider 15")).map((rider) => rider.id)).toEqual([dev.id]);

    await saveAdminNote(db, ADMIN, priya.id, { note: "  Leads the sweep on hill rides  " });
    const record = await riderRecord(db, priya.id);
    expect(record).toMatchObject({ adminNote: "Leads the sweep on hill rides", bookings: [{}, {}] });
    expect(record?.figures.rides).toBe(2);
    await expect(saveAdminNote(db, ADMIN, priya.id, { note: "x".repeat(2001) })).rejects.toThrow("under 2000");
    await expect(saveAdminNote(db, ADMIN, "no-such-rider", { note: "x" })).rejects.toThrow("not found");
    const audit = await db
      .selectFrom("audit_log")
      .select(["collection", "summary"])
      .where("collection", "=", "riders")
      .execute();
    expect(audit.map((entry) => entry.summary)).toEqual(["Saved the admin note on a rider's account"]);
    expect(await riderRecord(db, "no-such-rider")).toBeNull();
  });
});
