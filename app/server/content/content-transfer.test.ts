import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { describeEachEngine, openTestDatabase, type TestDatabase } from "../../../tests/support/databases";
import { TEST_ENGINES } from "../../../tests/support/postgres";
import { rideInput, slideInput, snapshot } from "../../../tests/support/fixtures";
import { seedDemoContent } from "../seed/demo-content.server";
import { createDiskStorage } from "../storage/disk-storage.server";
import { exportContent, importContent, type ContentFile } from "./content-transfer.server";
import { ConflictError, ValidationError } from "../validation/errors.server";
import { createRide, getRide, listUpcomingRides } from "../rides/rides.server";
import { createSlide, updateSlide } from "./slides.server";
import { getStats } from "./stats.server";
import { createOrPromoteAdmin } from "../team/users.server";

/** What a file on disk holds: plain JSON. */
const throughJson = (content: ContentFile): unknown => JSON.parse(JSON.stringify(content));

const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const handle of opened.splice(0)) await handle.close();
});

async function fresh(engine: "sqlite" | "postgres") {
  const handle = await openTestDatabase(engine);
  opened.push(handle);
  return handle.db;
}

it.skipIf(!TEST_ENGINES.includes("postgres") || !TEST_ENGINES.includes("sqlite"))(
  "moves content SQLite → PostgreSQL → SQLite without losing anything",
  async () => {
    const source = await fresh("sqlite");
    const uploads = mkdtempSync(path.join(tmpdir(), "roadbook-transfer-"));
    try {
      await seedDemoContent({ db: source, storage: createDiskStorage(uploads) }, new Date("2026-11-22T00:00:00Z"));
    } finally {
      rmSync(uploads, { recursive: true, force: true });
    }
    const slide = await createSlide(source, slideInput({ title: "Hidden slide" }));
    await updateSlide(source, slide.id, slideInput({ title: "Hidden slide", isActive: false }));
    // A ride of the old app: one date, a single carry list, a numeric price, no order.
    await source
      .insertInto("rides")
      .values({
        id: "firestoreRide42",
        status: "completed",
        sort_order: null,
        start_date: "",
        end_date: "",
        participants: 0,
        distance_km: 0,
        version: 1,
        data: JSON.stringify({
          title: "Old Goa Ride",
          date: "2022-12-03",
          description: "From the old app.",
          distance: "350 km",
          participants: "11",
          price: 3500,
          thingsToCarry: ["Helmet", "Gloves", "Jacket"],
        }),
        created_at: "2022-11-01T08:00:00.000Z",
        updated_at: "2022-11-01T08:00:00.000Z",
      })
      .execute();

    const original = await exportContent(source);
    expect(original.rides).toHaveLength(12);
    expect(original.routes?.map((route) => route.rideId)).toEqual([
      original.featuredRide!.ctaLink.replace("/ride/", ""),
    ]);

    const postgres = await fresh("postgres");
    await importContent(postgres, throughJson(original));
    expect(await exportContent(postgres)).toEqual(original);
    // Links keep working in the new database: the banner still points at a ride that exists.
    const bannerTarget = original.featuredRide!.ctaLink.replace("/ride/", "");
    expect((await getRide(postgres, bannerTarget))?.title).toBe("Leh–Ladakh Expedition");
    expect((await listUpcomingRides(postgres)).map((ride) => ride.id)).toEqual(
      (await listUpcomingRides(source)).map((ride) => ride.id),
    );

    const back = await fresh("sqlite");
    await importContent(back, throughJson(await exportContent(postgres)));
    expect(await exportContent(back)).toEqual(original);
  },
);

describeEachEngine("content import", (getDb) => {
  it("reports every invalid record with its path and writes nothing, even when replacing", async () => {
    await createRide(getDb(), rideInput());
    const before = await snapshot(getDb());
    const valid = { ...rideInput(), id: "r0" };
    const file = {
      rides: [
        valid,
        { ...rideInput(), id: "r1", startDate: "2027-06-10", endDate: "2027-06-01" },
        "not a ride",
        { ...rideInput(), id: "r3", bookingFormUrl: "javascript:alert(1)", itinerary: [{ day: 0 }] },
        { ...rideInput(), id: "r0", createdAt: "yesterday" },
      ],
      heroSlides: [{ ...slideInput(), id: "s0", background: "javascript:alert(1)" }, { ...slideInput() }],
      featuredRide: { title: "Banner", subtitle: "Ride", description: "Text", ctaLink: "javascript:void(0)" },
      stats: { completedRides: -1 },
      config: { company: { email: "nope" }, socialMedia: {}, googleForm: "" },
    };
    const error = await importContent(getDb(), file, { replace: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    const errors = (error as ValidationError).errors;
    expect(errors).toMatchObject({
      "rides[1].endDate": "End date cannot be before start date",
      "rides[2]": "Must be a ride object",
      "rides[3].bookingFormUrl": "Booking form URL must be a valid URL",
      "rides[3].itinerary[0].day": expect.any(String),
      "rides[4].id": "Duplicate ride id (also rides[0])",
      "rides[4].createdAt": expect.stringContaining("ISO date-time"),
      "heroSlides[0].background": "Background must be a valid URL",
      "heroSlides[1].id": "Id is required",
      "featuredRide.ctaLink": "Button link must be a valid URL",
      "stats.completedRides": expect.any(String),
      "config.company.email": "Please enter a valid email address",
    });
    expect(Object.keys(errors).some((path) => path.startsWith("rides[0]"))).toBe(false);
    expect(await snapshot(getDb())).toEqual(before);
  });

  it("refuses numbers and dates beyond a ride's bounds, so every reader of the site can read what it stores", async () => {
    const file = {
      rides: [
        { ...rideInput(), id: "r0", status: "completed", participants: 1e308 },
        { ...rideInput(), id: "r1", status: "completed", distance: "99999999999999999999 km" },
        { ...rideInput(), id: "r2", endDate: "9999-12-31" },
      ],
      heroSlides: [],
    };
    const error = await importContent(getDb(), file, { replace: true }).catch((e: unknown) => e);
    expect((error as ValidationError).errors).toEqual({
      "rides[0].participants": "Participants must be at most 10,000",
      "rides[1].distance": "Distance must be at most 100,000 km",
      "rides[2].endDate": "Dates must fall between the years 2000 and 2100",
    });
  });

  it("refuses a file that is not a content file", async () => {
    for (const file of [null, [], { rides: {} }, { rides: [], heroSlides: [], extra: 1 }]) {
      await expect(importContent(getDb(), file)).rejects.toBeInstanceOf(ValidationError);
    }
    expect(await snapshot(getDb())).toEqual({ rides: [], heroSlides: [], documents: [], users: [] });
  });

  it("does not write over existing content unless asked to replace it, and keeps users", async () => {
    await createRide(getDb(), rideInput({ title: "Existing" }));
    await createOrPromoteAdmin(getDb(), { email: "admin@example.com", password: "long-enough" });
    const before = await snapshot(getDb());
    const file = {
      rides: [
        { ...rideInput({ title: "Imported" }), id: "imported-1", order: 3, createdAt: "2025-01-01T00:00:00.000Z" },
      ],
      heroSlides: [],
    };
    await expect(importContent(getDb(), file)).rejects.toBeInstanceOf(ConflictError);
    expect(await snapshot(getDb())).toEqual(before);

    expect(await importContent(getDb(), file, { replace: true })).toMatchObject({ rides: 1, heroSlides: 0 });
    const content = await exportContent(getDb());
    expect(content.rides.map((ride) => [ride.id, ride.title, ride.order, ride.createdAt])).toEqual([
      ["imported-1", "Imported", 3, "2025-01-01T00:00:00.000Z"],
    ]);
    expect((await snapshot(getDb())).users).toEqual(before.users);
    // No stats in the file: they are computed, as after any ride write.
    expect(await getStats(getDb())).toMatchObject({ isAutoCalculated: true });
  });

  it("imports rides exported by the old app in the current shape", async () => {
    const legacy = {
      id: "old-1",
      title: "Coorg Ride",
      date: "2023-07-15",
      description: "Rain.",
      distance: "520 km",
      status: "completed",
      thingsToCarry: ["A", "B", "C"],
    };
    await importContent(getDb(), { rides: [legacy], heroSlides: [], featuredRide: null, stats: null, config: null });
    expect(await getRide(getDb(), "old-1")).toMatchObject({
      startDate: "2023-07-15",
      endDate: "2023-07-15",
      thingsToCarryMandatory: ["A", "B"],
      thingsToCarrySuggested: ["C"],
    });
  });
});
