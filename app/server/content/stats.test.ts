import { expect, it } from "vitest";
import { FALLBACK_STATS } from "~/domain/stats";
import { describeEachEngine } from "../../../tests/support/databases";
import { rideInput, snapshot } from "../../../tests/support/fixtures";
import { createRide, deleteRide, reorderRides, setRideStatus, updateRide } from "../rides/rides.server";
import { getRideBreakdown, getStats, recomputeStats, refreshStats } from "./stats.server";

const completed = (overrides: Record<string, unknown> = {}) =>
  rideInput({
    status: "completed",
    startDate: "2025-01-10",
    endDate: "2025-01-12",
    participants: 10,
    distance: "450 km",
    ...overrides,
  });

describeEachEngine("stats service", (getDb) => {
  it("serves the fallback figures of product.md#statistics while none are stored", async () => {
    expect(await getStats(getDb())).toEqual(FALLBACK_STATS);
  });

  it("recomputes and stores the statistics with every kind of ride write", async () => {
    const db = getDb();
    const lastUpdated = async () => (await getStats(db)).lastUpdated;

    const first = await createRide(db, completed());
    expect(await getStats(db)).toMatchObject({
      completedRides: 1,
      happyRiders: 10,
      kilometersCovered: 450,
      monthsOfAdventure: 1,
      isAutoCalculated: true,
    });

    const second = await createRide(
      db,
      completed({ participants: "5", distance: "1,200 km", startDate: "2025-03-01", endDate: "2025-03-02" }),
    );
    expect(await getStats(db)).toMatchObject({
      completedRides: 2,
      happyRiders: 15,
      kilometersCovered: 1650,
      monthsOfAdventure: 3,
    });

    await updateRide(
      db,
      second.id,
      completed({ participants: 7, distance: "1,000 km", startDate: "2025-03-01", endDate: "2025-03-02" }),
    );
    expect(await getStats(db)).toMatchObject({ completedRides: 2, happyRiders: 17, kilometersCovered: 1450 });

    await setRideStatus(db, second.id, "cancelled");
    expect(await getStats(db)).toMatchObject({
      completedRides: 1,
      happyRiders: 10,
      kilometersCovered: 450,
      monthsOfAdventure: 3,
    });

    // A copy of the first ride, as Duplicate saves it: the same details, upcoming.
    const upcoming = await createRide(db, completed({ status: "upcoming" }));
    expect(await getStats(db)).toMatchObject({ completedRides: 1, monthsOfAdventure: 3 });
    // An upcoming ride counts in the breakdown, not in completed figures.
    expect((await getRideBreakdown(db)).upcomingRides).toBe(1);

    await deleteRide(db, first.id);
    expect(await getStats(db)).toMatchObject({ completedRides: 0, happyRiders: 0, kilometersCovered: 0 });

    const before = await lastUpdated();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await reorderRides(db, "upcoming", [upcoming.id]);
    expect(await lastUpdated()).not.toBe(before);
  });

  it("leaves the statistics alone when a ride write is refused", async () => {
    await createRide(getDb(), completed());
    const before = await snapshot(getDb());
    await expect(createRide(getDb(), completed({ endDate: "2024-01-01" }))).rejects.toThrow(
      "End date cannot be before start date",
    );
    expect(await snapshot(getDb())).toEqual(before);
  });

  it("stay readable when a ride stored before the forms had bounds holds huge figures", async () => {
    const db = getDb();
    const ride = await createRide(db, completed());
    await db
      .updateTable("rides")
      .set({ participants: 2_000_000_000, distance_km: 2_000_000_000 })
      .where("id", "=", ride.id)
      .execute();
    await createRide(db, completed());
    expect(await getStats(db)).toMatchObject({
      happyRiders: 10_010,
      kilometersCovered: 100_450,
      isAutoCalculated: true,
    });
  });

  it("computes the ride breakdown from the slim columns", async () => {
    await createRide(getDb(), completed());
    await createRide(
      getDb(),
      completed({ participants: 21, distance: "300-350 km", startDate: "2025-06-01", endDate: "2025-06-03" }),
    );
    await createRide(getDb(), rideInput({ startDate: "2027-01-05", endDate: "2027-01-07" }));
    await createRide(getDb(), rideInput({ status: "cancelled" }));
    expect(await getRideBreakdown(getDb())).toEqual({
      totalRides: 4,
      upcomingRides: 1,
      completedRides: 2,
      cancelledRides: 1,
      totalParticipants: 31,
      happyRiders: 31,
      totalKilometers: 750,
      averageParticipants: 16,
      averageDistance: 375,
      monthsOfAdventure: 30,
    });
  });

  it("refreshes on request, and recomputes within a caller's transaction", async () => {
    await createRide(getDb(), completed());
    await getDb().deleteFrom("documents").execute();
    expect(await getStats(getDb())).toEqual(FALLBACK_STATS);
    expect(await refreshStats(getDb())).toMatchObject({ completedRides: 1, isAutoCalculated: true });
    await getDb().deleteFrom("documents").execute();
    await getDb()
      .transaction()
      .execute((trx) => recomputeStats(trx));
    expect((await getStats(getDb())).lastUpdated).toMatch(/Z$/);
  });
});
