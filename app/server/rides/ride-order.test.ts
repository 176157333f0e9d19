import { sql } from "kysely";
import { expect, it } from "vitest";
import type { Ride } from "~/domain/ride";
import { describeEachEngine } from "../../../tests/support/databases";
import { rideInput, setRideColumns, snapshot } from "../../../tests/support/fixtures";
import { ValidationError } from "../validation/errors.server";
import { sectionQuery } from "./ride-order.server";
import {
  createRide,
  getRide,
  listPreviousRides,
  listRidesByStatus,
  listUpcomingRides,
  reorderRides,
  similarRides,
} from "./rides.server";

const titles = (rides: Ride[]) => rides.map((ride) => ride.title);

describeEachEngine("ride ordering", (getDb, engine) => {
  /** Rides of one status with given orders and creation days, created in list order. */
  async function arrange(status: Ride["status"], specs: [title: string, order: number | null, createdDay: number][]) {
    const rides: Ride[] = [];
    for (const [title, order, day] of specs) {
      const ride = await createRide(getDb(), rideInput({ title, status }));
      await setRideColumns(getDb(), ride.id, {
        sort_order: order,
        created_at: `2026-03-${String(day).padStart(2, "0")}T08:00:00.000Z`,
      });
      rides.push(ride);
    }
    return rides;
  }

  it("sorts a section by order, a missing order as 999, then newest first (product.md#ordering)", async () => {
    await arrange("upcoming", [
      ["no order, older", null, 1],
      ["order 2", 2, 2],
      ["order 999, newer", 999, 5],
      ["order 0", 0, 3],
      ["order 1000", 1000, 9],
      ["no order, newest", null, 8],
      ["order 2, newer", 2, 4],
    ]);
    expect(titles(await listRidesByStatus(getDb(), "upcoming"))).toEqual([
      "order 0",
      "order 2, newer",
      "order 2",
      "no order, newest",
      "order 999, newer",
      "no order, older",
      "order 1000",
    ]);
  });

  it("shows upcoming rides on the upcoming page and completed ones on the previous page, never cancelled ones", async () => {
    await arrange("upcoming", [["U", 0, 1]]);
    await arrange("completed", [["C", 0, 1]]);
    await arrange("cancelled", [["X", 0, 1]]);
    expect(titles(await listUpcomingRides(getDb()))).toEqual(["U"]);
    expect(titles((await listPreviousRides(getDb())).rides)).toEqual(["C"]);
  });

  it("suggests up to three other rides of the same status, in display order", async () => {
    const [current] = await arrange("completed", [
      ["current", 0, 1],
      ["B", 2, 1],
      ["A", 1, 1],
      ["D", 4, 1],
      ["C", 3, 1],
    ]);
    await arrange("upcoming", [["other status", 0, 1]]);
    expect(titles(await similarRides(getDb(), current!))).toEqual(["A", "B", "C"]);
    expect(titles(await similarRides(getDb(), current!, 10))).toEqual(["A", "B", "C", "D"]);
  });

  it("reads a section through the listing index, already sorted", async () => {
    const query = sectionQuery(getDb(), "upcoming").selectAll().compile();
    if (engine === "sqlite") {
      const { rows } = await sql
        .raw<{ detail: string }>(`explain query plan ${query.sql}`.replace("?", "'upcoming'"))
        .execute(getDb());
      const plan = rows.map((row) => row.detail).join("\n");
      expect(plan).toContain("rides_listing");
      expect(plan).not.toContain("TEMP B-TREE");
      return;
    }
    // The test table is tiny, so forbid the scans a planner would rightly prefer for it: what
    // is left shows whether the index can deliver the rows in order.
    const plan = await getDb()
      .transaction()
      .execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_bitmapscan = off`.execute(trx);
        const { rows } = await sql
          .raw<{ "QUERY PLAN": string }>(`explain ${query.sql}`.replace("$1", "'upcoming'"))
          .execute(trx);
        return rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
    expect(plan).toContain("rides_listing");
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it("reorders a section by list position, leaving the other sections alone", async () => {
    const [a, b, c] = await arrange("upcoming", [
      ["A", 0, 1],
      ["B", 1, 2],
      ["C", 2, 3],
    ]);
    const [done] = await arrange("completed", [["done", 0, 1]]);
    const doneBefore = await getRide(getDb(), done!.id);
    await reorderRides(getDb(), "upcoming", [c!.id, a!.id, b!.id]);
    const after = await listUpcomingRides(getDb());
    expect(after.map((ride) => [ride.title, ride.order])).toEqual([
      ["C", 0],
      ["A", 1],
      ["B", 2],
    ]);
    expect(after.map((ride) => ride.version)).toEqual([2, 2, 2]);
    expect(await getRide(getDb(), done!.id)).toEqual(doneBefore);
  });

  it("only rewrites rides whose position changed, and puts rides left out of the list after it", async () => {
    const [a, , c] = await arrange("upcoming", [
      ["A", 0, 1],
      ["B", 1, 2],
      ["C", 2, 3],
      ["D", null, 4],
    ]);
    await reorderRides(getDb(), "upcoming", [a!.id, c!.id]);
    const after = await listUpcomingRides(getDb());
    expect(after.map((ride) => [ride.title, ride.order, ride.version])).toEqual([
      ["A", 0, 1],
      ["C", 1, 2],
      ["B", 2, 2],
      ["D", 3, 2],
    ]);
  });

  it("refuses a new order naming a ride of another section, a duplicate or a non-id, changing nothing", async () => {
    const [a, b] = await arrange("upcoming", [
      ["A", 0, 1],
      ["B", 1, 2],
    ]);
    const [done] = await arrange("completed", [["done", 0, 1]]);
    const before = await snapshot(getDb());
    for (const [status, ids] of [
      ["upcoming", [b!.id, done!.id, a!.id]],
      ["upcoming", [b!.id, "no-such-ride"]],
      ["upcoming", [b!.id, b!.id, a!.id]],
      ["upcoming", [b!.id, 7]],
      ["archived", [b!.id, a!.id]],
    ] as const) {
      await expect(reorderRides(getDb(), status as "upcoming", ids as unknown as string[])).rejects.toBeInstanceOf(
        ValidationError,
      );
    }
    expect(await snapshot(getDb())).toEqual(before);
  });

  it("writes all positions or none when the transaction fails midway", async () => {
    const [a, b, c] = await arrange("upcoming", [
      ["A", 0, 1],
      ["B", 1, 2],
      ["C", 2, 3],
    ]);
    const before = await snapshot(getDb());
    // A trigger stands in for a failure after the positions were written: the stats write
    // that follows them in the same transaction is rejected.
    if (engine === "sqlite") {
      await sql`create trigger fail_stats before insert on documents begin select raise(abort, 'boom'); end`.execute(
        getDb(),
      );
    } else {
      await sql`create function fail_stats() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`.execute(
        getDb(),
      );
      await sql`create trigger fail_stats before insert or update on documents for each row execute function fail_stats()`.execute(
        getDb(),
      );
    }
    try {
      await expect(reorderRides(getDb(), "upcoming", [c!.id, b!.id, a!.id])).rejects.toThrow(/boom/);
      expect(await snapshot(getDb())).toEqual(before);
    } finally {
      if (engine === "sqlite") await sql`drop trigger fail_stats`.execute(getDb());
      else await sql`drop function fail_stats() cascade`.execute(getDb());
    }
  });
});
