import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { describeEachEngine } from "../support/databases";
import { rideInput } from "../support/fixtures";

// TEST_CLOCK_FILE moves the whole server (app/server/clock.server.ts), not only its scheduled
// work: the ride page's Register Now and the audit trail read the same clock as reminders.

const dir = mkdtempSync(path.join(tmpdir(), "roadbook-clock-"));
const clockFile = path.join(dir, "offset");
const MOVED_TO = Date.parse("2027-07-01T06:00:00Z"); // after the ride (10–18 June 2027) ended

type Modules = {
  clock: typeof import("~/server/clock.server");
  audit: typeof import("~/server/audit/audit.server");
  seats: typeof import("~/server/registrations/public-seats.server");
  rides: typeof import("~/server/rides/rides.server");
};
let modules: Modules;
beforeAll(async () => {
  writeFileSync(clockFile, String(MOVED_TO - Date.now()));
  vi.stubEnv("TEST_CLOCK_FILE", clockFile);
  vi.resetModules();
  modules = {
    clock: await import("~/server/clock.server"),
    audit: await import("~/server/audit/audit.server"),
    seats: await import("~/server/registrations/public-seats.server"),
    rides: await import("~/server/rides/rides.server"),
  };
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

describeEachEngine("one clock, moved by TEST_CLOCK_FILE", (getDb) => {
  it("the ride page's Register Now and the audit trail read the moved clock", async () => {
    const db = getDb();
    const { clock, audit, seats, rides } = modules;
    expect(Math.abs(clock.serverClock().getTime() - MOVED_TO)).toBeLessThan(60_000);
    const ride = await rides.createRide(db, rideInput({ registration: { mode: "site", seats: 10 } }));
    // The ride started while the server's clock was moved on: registrations are closed.
    expect((await seats.availabilityOf(db, ride)).state).toBe("closed");
    const entry = await audit.recordAudit(
      db,
      { id: null, email: "captain@example.com" },
      { action: "updated", collection: "rides", recordId: ride.id, summary: "Edited" },
    );
    expect(Math.abs(Date.parse(entry.at) - MOVED_TO)).toBeLessThan(60_000);
  });
});
