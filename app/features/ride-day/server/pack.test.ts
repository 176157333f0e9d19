import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { describeEachEngine } from "../../../../tests/support/databases";
import { siteRide } from "../../../../tests/support/fixtures";
import { registerRider, riderForm } from "../../../../tests/support/registration-fixtures";
import { rideDayOps } from "../../../../tests/support/ride-day";
import { acceptWaiverByToken } from "~/features/waivers/server/accept.server";
import { cancelRegistration, eraseByToken } from "~/server/registrations/cancel.server";
import { saveWaiver, waiverVersions } from "~/features/waivers/server/waivers.server";
import { loadRideDayPack } from "./pack.server";
import { syncRideDay } from "./sync.server";

const NOW = new Date("2027-05-01T06:00:00Z");
const ADMIN = { id: "admin-1", email: "captain@example.com" };

const ride = (db: Database, overrides: Record<string, unknown> = {}) =>
  siteRide(
    db,
    { seats: 10, askLicence: true, options: { solo: { offered: true }, pillion: { offered: true } } },
    { startingPlace: "Mall Road, Manali", ...overrides },
  );

const book = (db: Database, rideId: string, n: number, overrides: Record<string, unknown> = {}) =>
  registerRider(db, rideId, riderForm(n, { licenceNumber: `hp-01-${n}`, ...overrides }), NOW);

describeEachEngine("the ride-day pack", (getDb) => {
  it("carries the ride, its plan and each confirmed rider as the captain needs them on the road", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const asha = await book(db, id, 1, { name: "Asha Rao", option: "pillion", pillionName: "Meera Rao" });
    await book(db, id, 2, { name: "Bala K" });
    const pack = await loadRideDayPack(db, id, NOW);
    expect(pack).toMatchObject({
      rideId: id,
      title: "Spiti Valley Circuit",
      startDate: "2027-06-10",
      endDate: "2027-06-18",
      meetingPoint: "Mall Road, Manali",
      days: [{ day: 1, title: "Shimla to Narkanda", summary: "Warm-up ride", distanceKm: 65 }],
      rollCalls: [],
      takenAt: NOW.toISOString(),
      // The end of the third day after 18 June, in India.
      expiresAt: "2027-06-21T18:29:59.999Z",
    });
    expect(pack!.riders.map((rider) => rider.name)).toEqual(["Asha Rao", "Bala K"]);
    expect(pack!.riders[0]).toEqual({
      id: asha.registration.id,
      reference: asha.registration.reference,
      name: "Asha Rao",
      phone: "+919800000001",
      option: "pillion",
      pillionName: "Meera Rao",
      status: "confirmed",
      payment: "due",
      balancePaid: false,
      checkedInAt: null,
      emergencyName: "Ravi Rao",
      emergencyPhone: "+919123456789",
      bloodGroup: "O+",
      licence: "HP-01-1",
      bike: "Himalayan 450",
      waiver: { state: "not-required", version: null, name: "", acceptedAt: null },
    });
  });

  it("says who accepted the ride's current waiver, an earlier one, or none", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const saved = await saveWaiver(
      db,
      id,
      { text: "I ride at my own risk." },
      { actor: ADMIN, origin: null, now: NOW },
    );
    const asha = await book(db, id, 1, { name: "Asha Rao", waiverVersion: saved.version!.id, waiverName: "asha rao" });
    await book(db, id, 2, { name: "Bala K", waiverVersion: saved.version!.id, waiverName: "Bala K" });
    await saveWaiver(db, id, { text: "I ride at my own risk, v2." }, { actor: ADMIN, origin: null, now: NOW });
    const changed = (await loadRideDayPack(db, id, NOW))!;
    expect(changed.riders.map(({ name, waiver }) => [name, waiver])).toEqual([
      ["Asha Rao", { state: "outdated", version: 1, name: "asha rao", acceptedAt: NOW.toISOString() }],
      ["Bala K", { state: "outdated", version: 1, name: "Bala K", acceptedAt: NOW.toISOString() }],
    ]);
    const current = (await waiverVersions(db, id))[0]!;
    const later = new Date("2027-05-02T09:15:00Z");
    await acceptWaiverByToken(db, asha.token, { waiverVersion: current.id, waiverName: "Asha Rao" }, later);
    expect((await loadRideDayPack(db, id, NOW))!.riders.map((rider) => rider.waiver)).toEqual([
      { state: "accepted", version: 2, name: "Asha Rao", acceptedAt: later.toISOString() },
      { state: "outdated", version: 1, name: "Bala K", acceptedAt: NOW.toISOString() },
    ]);
  });

  it("has no balance to pay on a ride without one", async () => {
    const db = getDb();
    const { id } = await ride(db, { bookingCost: "", tripCost: "" });
    await book(db, id, 1);
    expect((await loadRideDayPack(db, id, NOW))!.riders[0]!.balancePaid).toBeNull();
  });

  it("leaves out waitlisted, cancelled and erased riders, but keeps one a roll call counted, as cancelled", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const counted = await book(db, id, 1, { name: "Chitra Counted" });
    const erased = await book(db, id, 2, { name: "Erased Rider" });
    const cancelled = await book(db, id, 3, { name: "Cancelled Early" });
    const waiting = await book(db, id, 4, { name: "Waiting Rider" });
    await book(db, id, 5, { name: "Dev Confirmed" });
    const rollCallId = randomUUID();
    const at = "2027-06-10T00:30:00Z";
    await syncRideDay(
      db,
      ADMIN,
      id,
      [
        rideDayOps.rollCall(rollCallId, "Flag-off", at),
        rideDayOps.mark(rollCallId, counted.registration.id, "present", at),
        rideDayOps.mark(rollCallId, erased.registration.id, "missing", at),
      ],
      NOW,
    );
    await cancelRegistration(db, counted.registration.id, { actor: ADMIN, now: NOW });
    await cancelRegistration(db, cancelled.registration.id, { actor: ADMIN, now: NOW });
    await eraseByToken(db, erased.token, NOW);
    // Waitlisted by hand: a cancellation above would have confirmed them into the freed seat.
    await db
      .updateTable("registrations")
      .set({ status: "waitlisted" })
      .where("id", "=", waiting.registration.id)
      .execute();

    const pack = (await loadRideDayPack(db, id, NOW))!;
    expect(pack.riders.map(({ name, status }) => [name, status])).toEqual([
      ["Chitra Counted", "cancelled"],
      ["Dev Confirmed", "confirmed"],
    ]);
    expect(pack.rollCalls).toEqual([
      {
        id: rollCallId,
        label: "Flag-off",
        createdAt: "2027-05-01T06:00:00.000Z",
        marks: { [counted.registration.id]: "present", [erased.registration.id]: "missing" },
      },
    ]);
  });

  it("expires three days after the start date of a one-day ride, and is null for a ride that does not exist", async () => {
    const db = getDb();
    const { id } = await ride(db, { startDate: "2027-06-10", endDate: "2027-06-10" });
    expect((await loadRideDayPack(db, id, NOW))!.expiresAt).toBe("2027-06-13T18:29:59.999Z");
    expect(await loadRideDayPack(db, "no-such-ride", NOW)).toBeNull();
  });
});
