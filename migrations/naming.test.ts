import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { migrations } from ".";
import { compareMigrationNames, migrationNameProblems } from "./naming";

// The migrations that landed under their dates, before decision 049. Databases in the field know
// them by these names, which never change; no name joins this list: new ones are numbered.
const LANDED_WITH_DATES = [
  "2026-11-22T1000_initial",
  "2026-11-22T1100_sessions",
  "2026-11-22T1200_images",
  "2026-11-22T1300_audit",
  "2026-11-24T1000_rides_by_year",
  "2026-11-25T1000_registrations",
  "2026-11-26T1000_ride_routes",
  "2026-11-27T1000_publishing",
  "2026-11-27T1300_team",
  "2026-11-27T1400_totp_last_step",
  "2026-11-28T1000_publication_instants",
  "2026-11-28T1200_session_proof",
  "2026-11-29T1000_outbox",
  "2026-11-30T1000_rider_messages",
  "2026-11-30T1100_balance",
  "2026-11-30T1200_push_subscriptions",
  "2026-12-01T1000_waivers",
  "2026-12-01T1100_ride_day",
  "2026-12-02T1000_ride_photos",
  "2026-12-02T1100_ride_feedback",
  "2026-12-03T1000_riders",
  "2026-12-03T1010_rider_link",
  "2026-12-03T1040_messages",
];

describe("migration names", () => {
  it("keep the landed names at the head, each sorting after the one before, new ones numbered", () => {
    expect(migrationNameProblems(Object.keys(migrations), LANDED_WITH_DATES)).toEqual([]);
  });

  it("list every migration file in the folder", () => {
    const files = readdirSync(import.meta.dirname)
      .filter((file) => file.endsWith(".ts") && !["index.ts", "naming.ts"].includes(file) && !file.endsWith(".test.ts"))
      .map((file) => file.replace(/\.ts$/, ""))
      .sort(compareMigrationNames);
    expect(Object.keys(migrations)).toEqual(files);
  });

  it("catch a migration named by today's date, a plain number, a skipped number or a renamed one", () => {
    const landed = ["2026-12-03T1000_riders", "2026-12-03T1040_messages"];
    expect(migrationNameProblems([...landed, "m0003_ledger", "m0004_refunds"], landed)).toEqual([]);
    expect(migrationNameProblems([...landed, "2026-11-28T0900_ledger"], landed)).toEqual([
      "2026-11-28T0900_ledger sorts before 2026-12-03T1040_messages: a database that ran 2026-12-03T1040_messages would refuse it",
      "2026-11-28T0900_ledger should be named m0003_<what it does>",
    ]);
    expect(migrationNameProblems([...landed, "0003_ledger"], landed)).toContain(
      "0003_ledger sorts before 2026-12-03T1040_messages: a database that ran 2026-12-03T1040_messages would refuse it",
    );
    expect(migrationNameProblems([...landed, "m0004_ledger"], landed)).toEqual([
      "m0004_ledger should be named m0003_<what it does>",
    ]);
    expect(migrationNameProblems(["2026-12-03T1000_riders", "2026-12-03T1040_notices"], landed)).toEqual([
      "2026-12-03T1040_messages was renamed, moved or removed: applied databases know it by that name",
    ]);
  });

  it("order by code point, as Kysely is told to, not by the locale", () => {
    expect(["m0024_a", "2026-12-03T1040_messages", "m0025_b"].sort(compareMigrationNames)).toEqual([
      "2026-12-03T1040_messages",
      "m0024_a",
      "m0025_b",
    ]);
  });
});
