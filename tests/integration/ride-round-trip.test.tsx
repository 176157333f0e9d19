import fc from "fast-check";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, expect, it } from "vitest";
import { RideCard } from "~/components/ride-card";
import { rideSummary } from "~/domain/ride-summary";
import { exportContent, importContent } from "~/server/content/content-transfer.server";
import { ValidationError } from "~/server/validation/errors.server";
import { getPublicRide, listPublicRides } from "~/server/rides/public-rides.server";
import { createRide, getRide, listRides } from "~/server/rides/rides.server";
import { getStoredStats } from "~/server/content/stats.server";
import { describeEachEngine, openTestDatabase, type TestDatabase } from "../support/databases";
import { snapshot } from "../support/fixtures";
import { rideSubmission, stringsOf } from "../support/hostile-input";

// Decision 016, the round trip: any ride submission is refused with messages and nothing is
// written, or it is stored and then read, rendered, exported and imported again unchanged.

const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const handle of opened.splice(0)) await handle.close();
});

describeEachEngine("a ride submission, whatever it holds", (getDb, engine) => {
  it("is refused with nothing written, or stored, read, rendered, exported and imported intact", async () => {
    const db = getDb();
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(rideSubmission, async (input) => {
        const before = await snapshot(db);
        const ride = await createRide(db, input).catch((error: unknown) => {
          expect(error).toBeInstanceOf(ValidationError);
          expect(Object.keys((error as ValidationError).errors).length).toBeGreaterThan(0);
          return null;
        });
        if (!ride) {
          expect(await snapshot(db)).toEqual(before);
          return;
        }
        stored += 1;
        // Cancelled rides are not public: the admin's list reads them.
        const read = ride.status === "cancelled" ? await getRide(db, ride.id) : await getPublicRide(db, ride.id);
        expect(read).toEqual(ride);
        const listed = ride.status === "cancelled" ? await listRides(db) : await listPublicRides(db);
        expect(listed.map(({ id }) => id)).toContain(ride.id);
        for (const text of stringsOf(read)) expect(text.isWellFormed()).toBe(true);
        renderToString(
          <MemoryRouter>
            <RideCard ride={rideSummary(ride)} variant={ride.status === "completed" ? "completed" : "upcoming"} />
          </MemoryRouter>,
        );
        expect(await getStoredStats(db)).not.toBeNull();
      }),
      { numRuns: 100 },
    );
    expect(stored).toBeGreaterThan(0);

    const exported = await exportContent(db);
    expect(exported.stats).not.toBeNull();
    const target = await openTestDatabase(engine);
    opened.push(target);
    await importContent(target.db, JSON.parse(JSON.stringify(exported)), { replace: true });
    const again = await exportContent(target.db);
    expect(again.rides).toEqual(exported.rides);
    expect(again.stats).toMatchObject({ ...exported.stats, lastUpdated: expect.any(String) });
  });
});
