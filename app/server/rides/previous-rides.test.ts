import { expect, it } from "vitest";
import { describeEachEngine } from "../../../tests/support/databases";
import { rideInput } from "../../../tests/support/fixtures";
import { createRide, listPreviousRides } from "./rides.server";

describeEachEngine("previous rides in pages", (getDb) => {
  it("come 24 a page, the latest year first, in display order within a year, with the count of all", async () => {
    const db = getDb();
    for (let index = 0; index < 26; index += 1) {
      const year = 2020 + (index % 3);
      await createRide(
        db,
        rideInput({ title: `R${index}`, status: "completed", startDate: `${year}-05-01`, endDate: `${year}-05-02` }),
      );
    }
    await createRide(db, rideInput({ title: "Upcoming", status: "upcoming" }));
    await createRide(db, rideInput({ title: "Cancelled", status: "cancelled" }));

    const first = await listPreviousRides(db, 1);
    const second = await listPreviousRides(db, 2);
    expect(first.total).toBe(26);
    expect(first.rides).toHaveLength(24);
    expect(second.rides).toHaveLength(2);
    const years = [...first.rides, ...second.rides].map((ride) => ride.startDate.slice(0, 4));
    expect(years).toEqual([...years].sort().reverse());
    // Within a year, the order of the section (here the order they were added in).
    const of2022 = first.rides.filter((ride) => ride.startDate.startsWith("2022")).map((ride) => ride.title);
    expect(of2022).toEqual(["R2", "R5", "R8", "R11", "R14", "R17", "R20", "R23"]);
    expect(new Set([...first.rides, ...second.rides].map((ride) => ride.id)).size).toBe(26);
    expect((await listPreviousRides(db, 3)).rides).toEqual([]);
  });
});
