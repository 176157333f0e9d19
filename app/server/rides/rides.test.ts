import { afterEach, beforeEach, expect, it } from "vitest";
import { INVALID_RIDE_ID } from "~/domain/messages";
import { onContentChanged, type ContentChange } from "~/server/content-events.server";
import { describeEachEngine } from "../../../tests/support/databases";
import { rideInput, setRideColumns, snapshot } from "../../../tests/support/fixtures";
import { ConflictError, NotFoundError, ValidationError } from "../validation/errors.server";
import { createRide, deleteRide, getRide, listRides, rideCounts, setRideStatus, updateRide } from "./rides.server";

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Runs a write that must be refused and returns the error, asserting nothing was written. */
async function refused(getDb: () => Parameters<typeof snapshot>[0], write: () => Promise<unknown>) {
  const before = await snapshot(getDb());
  const error = await write().then(
    () => {
      throw new Error("the write was accepted");
    },
    (e: unknown) => e,
  );
  expect(await snapshot(getDb())).toEqual(before);
  return error;
}

describeEachEngine("rides service", (getDb) => {
  let changes: ContentChange[] = [];
  let unsubscribe = () => {};
  beforeEach(() => {
    changes = [];
    unsubscribe = onContentChanged((change) => changes.push(change));
  });
  afterEach(() => unsubscribe());

  it("creates a ride with server-made id, duration, timestamps, version and the defaults of product.md#new-rides", async () => {
    const input = rideInput({
      id: "chosen-id",
      duration: "99D",
      createdAt: "2000-01-01T00:00:00.000Z",
      order: 7,
      version: 40,
    });
    delete input.status;
    delete input.participants;
    const ride = await createRide(getDb(), input);
    expect(ride.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ride).toMatchObject({ status: "upcoming", participants: 0, order: 0, duration: "9D 8N", version: 1 });
    expect(ride.createdAt).toMatch(ISO_INSTANT);
    expect(ride.updatedAt).toBe(ride.createdAt);
    expect(await getRide(getDb(), ride.id)).toEqual(ride);
    expect(await getRide(getDb(), "chosen-id")).toBeNull();
    expect(changes).toContainEqual({ collection: "rides", id: ride.id, action: "created" });
  });

  it("gives a new ride the count of rides with its status as order", async () => {
    await createRide(getDb(), rideInput());
    await createRide(getDb(), rideInput({ status: "completed", startDate: "2025-01-01", endDate: "2025-01-02" }));
    const third = await createRide(getDb(), rideInput());
    const firstCompletedLater = await createRide(
      getDb(),
      rideInput({ status: "completed", startDate: "2025-02-01", endDate: "2025-02-02" }),
    );
    expect(third.order).toBe(1);
    expect(firstCompletedLater.order).toBe(1);
  });

  it("coerces participants to a non-negative integer and keeps the queryable columns in sync", async () => {
    for (const [given, expected] of [
      ["12", 12],
      [-3, 0],
      ["abc", 0],
      [7.8, 7],
      [null, 0],
    ] as const) {
      const ride = await createRide(getDb(), rideInput({ participants: given, distance: "approx 1,250 km" }));
      expect(ride.participants).toBe(expected);
      const row = await getDb().selectFrom("rides").selectAll().where("id", "=", ride.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        participants: expected,
        distance_km: 1250,
        start_date: "2027-06-10",
        end_date: "2027-06-18",
        status: "upcoming",
      });
    }
  });

  it.each([
    ["a missing title", { title: undefined }, "title", "Title is required"],
    ["a blank title", { title: "   " }, "title", "Title is required"],
    ["a title of the wrong type", { title: 42 }, "title", "Title is required"],
    ["a missing start date", { startDate: undefined }, "startDate", "Start date is required"],
    ["an impossible end date", { endDate: "2027-02-30" }, "endDate", "End date is required"],
    [
      "an end before the start",
      { startDate: "2027-06-10", endDate: "2027-06-09" },
      "endDate",
      "End date cannot be before start date",
    ],
    ["a missing distance", { distance: "" }, "distance", "Distance is required"],
    ["a missing description", { description: undefined }, "description", "Description is required"],
    [
      "a javascript: booking URL",
      { bookingFormUrl: "javascript:alert(1)" },
      "bookingFormUrl",
      "Booking form URL must be a valid URL",
    ],
    ["a YouTube URL that is not one", { youtubeUrl: "youtube" }, "youtubeUrl", "YouTube URL must be a valid URL"],
    [
      "an ftp Instagram URL",
      { instagramUrl: "ftp://instagram.com/x" },
      "instagramUrl",
      "Instagram URL must be a valid URL",
    ],
    ["a javascript: image", { image: "javascript:alert(1)" }, "image", "Image must be a valid URL"],
    ["an unknown status", { status: "archived" }, "status", "Status must be upcoming, completed or cancelled"],
    // Decision 016: numbers the database cannot give back, and headers a link must not reach.
    [
      "participants past 2^53",
      { participants: "9007199254740993" },
      "participants",
      "Participants must be at most 10,000",
    ],
    ["a distance past 2^53 km", { distance: "9007199254740993 km" }, "distance", "Distance must be at most 100,000 km"],
    [
      "a booking link whose host would rewrite the CSP",
      { bookingFormUrl: "https://x;sandbox/" },
      "bookingFormUrl",
      "Booking form URL must be a valid URL",
    ],
    // Decision 019: a typo in the year kept registration open after the ride.
    [
      "a last booking date after the ride's end",
      { startDate: "2027-06-10", endDate: "2027-06-18", lastBookingDate: "2028-06-01" },
      "lastBookingDate",
      "Last booking date cannot be after the ride's end date",
    ],
    [
      "an end date in the year 9999",
      { endDate: "9999-12-31" },
      "endDate",
      "Dates must fall between the years 2000 and 2100",
    ],
  ])("refuses %s with the product's message and writes nothing", async (_case, overrides, path, message) => {
    await createRide(getDb(), rideInput());
    const error = await refused(getDb, () => createRide(getDb(), rideInput(overrides)));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors[path]).toBe(message);
    expect((error as ValidationError).message).toBe(Object.values((error as ValidationError).errors)[0]);
  });

  it("reports every invalid field at once", async () => {
    const error = await refused(getDb, () =>
      createRide(getDb(), rideInput({ title: "", endDate: "2027-06-01", youtubeUrl: "nope" })),
    );
    expect((error as ValidationError).errors).toEqual({
      title: "Title is required",
      endDate: "End date cannot be before start date",
      youtubeUrl: "YouTube URL must be a valid URL",
    });
  });

  it.each([null, "a ride", [], 42])("refuses input that is not an object (%j)", async (input) => {
    expect(await refused(getDb, () => createRide(getDb(), input))).toBeInstanceOf(ValidationError);
    expect(changes).toEqual([]);
  });

  it("reads null for an unknown or malformed id", async () => {
    await createRide(getDb(), rideInput());
    expect(await getRide(getDb(), "no-such-ride")).toBeNull();
    expect(await getRide(getDb(), "")).toBeNull();
    expect(await getRide(getDb(), 42 as unknown as string)).toBeNull();
  });

  it("lists every ride newest first", async () => {
    const a = await createRide(getDb(), rideInput({ title: "A" }));
    const b = await createRide(getDb(), rideInput({ title: "B", status: "cancelled" }));
    const c = await createRide(getDb(), rideInput({ title: "C" }));
    await setRideColumns(getDb(), a.id, { created_at: "2026-01-03T00:00:00.000Z" });
    await setRideColumns(getDb(), b.id, { created_at: "2026-01-01T00:00:00.000Z" });
    await setRideColumns(getDb(), c.id, { created_at: "2026-01-02T00:00:00.000Z" });
    expect((await listRides(getDb())).map((ride) => ride.title)).toEqual(["A", "C", "B"]);
  });

  it("updates a ride: fields replaced, version and updatedAt advanced, server fields kept", async () => {
    const ride = await createRide(getDb(), rideInput());
    const updated = await updateRide(
      getDb(),
      ride.id,
      rideInput({
        title: "Spiti in Winter",
        endDate: "2027-06-12",
        participants: "9",
        distance: "800 km",
        id: "other",
        createdAt: "2000-01-01T00:00:00.000Z",
        order: 5,
      }),
    );
    expect(updated).toMatchObject({
      id: ride.id,
      title: "Spiti in Winter",
      duration: "3D 2N",
      participants: 9,
      order: 0,
      version: 2,
      createdAt: ride.createdAt,
    });
    expect(updated.updatedAt >= ride.updatedAt).toBe(true);
    expect(await getRide(getDb(), ride.id)).toEqual(updated);
    const row = await getDb().selectFrom("rides").selectAll().where("id", "=", ride.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ participants: 9, distance_km: 800, end_date: "2027-06-12", version: 2 });
    expect(changes).toContainEqual({ collection: "rides", id: ride.id, action: "updated" });
  });

  it("refuses an invalid update, and an update of an unknown ride, writing nothing", async () => {
    const ride = await createRide(getDb(), rideInput());
    const invalid = await refused(getDb, () => updateRide(getDb(), ride.id, rideInput({ endDate: "2027-01-01" })));
    expect((invalid as ValidationError).errors.endDate).toBe("End date cannot be before start date");
    expect(await refused(getDb, () => updateRide(getDb(), "no-such-ride", rideInput()))).toBeInstanceOf(NotFoundError);
  });

  it("refuses a save based on a stale version and hands back the current ride", async () => {
    const ride = await createRide(getDb(), rideInput());
    const current = await updateRide(getDb(), ride.id, rideInput({ title: "Saved by admin A" }), {
      expectedVersion: 1,
    });
    const error = await refused(getDb, () =>
      updateRide(getDb(), ride.id, rideInput({ title: "Saved by admin B" }), { expectedVersion: 1 }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).current).toEqual(current);
    expect(
      (await updateRide(getDb(), ride.id, rideInput({ title: "B, after reloading" }), { expectedVersion: 2 })).version,
    ).toBe(3);
  });

  it("moves a ride whose status changes in the form to the end of its new section", async () => {
    await createRide(getDb(), rideInput({ status: "completed" }));
    await createRide(getDb(), rideInput({ status: "completed" }));
    const ride = await createRide(getDb(), rideInput());
    const updated = await updateRide(getDb(), ride.id, rideInput({ status: "completed" }));
    expect(updated).toMatchObject({ status: "completed", order: 2 });
  });

  it("deletes a ride", async () => {
    const ride = await createRide(getDb(), rideInput());
    const kept = await createRide(getDb(), rideInput());
    await deleteRide(getDb(), ride.id);
    expect(await getRide(getDb(), ride.id)).toBeNull();
    expect((await listRides(getDb())).map((r) => r.id)).toEqual([kept.id]);
    expect(changes).toContainEqual({ collection: "rides", id: ride.id, action: "deleted" });
  });

  it("refuses to delete with a missing, malformed or unknown id, with the product's message", async () => {
    await createRide(getDb(), rideInput());
    for (const id of ["", undefined, null, 7]) {
      const error = await refused(getDb, () => deleteRide(getDb(), id as unknown as string));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toBe(INVALID_RIDE_ID);
    }
    const unknown = await refused(getDb, () => deleteRide(getDb(), "no-such-ride"));
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect((unknown as Error).message).toBe(INVALID_RIDE_ID);
  });

  it("changes status, moving the ride to the end of its new section", async () => {
    const ride = await createRide(getDb(), rideInput());
    const done = await createRide(getDb(), rideInput({ status: "completed" }));
    await setRideColumns(getDb(), done.id, { sort_order: 4 });
    const moved = await setRideStatus(getDb(), ride.id, "completed");
    expect(moved).toMatchObject({ status: "completed", order: 5, version: 2 });
    expect(changes).toContainEqual({ collection: "rides", id: ride.id, action: "updated" });
    const again = await setRideStatus(getDb(), ride.id, "completed");
    expect(again.version).toBe(2);
  });

  it("refuses a status change to an unknown status or of an unknown ride", async () => {
    const ride = await createRide(getDb(), rideInput());
    const badStatus = await refused(getDb, () => setRideStatus(getDb(), ride.id, "archived" as "completed"));
    expect((badStatus as ValidationError).errors.status).toBe("Status must be upcoming, completed or cancelled");
    expect(await refused(getDb, () => setRideStatus(getDb(), "no-such-ride", "completed"))).toBeInstanceOf(
      NotFoundError,
    );
  });

  it("counts rides per status", async () => {
    await createRide(getDb(), rideInput());
    await createRide(getDb(), rideInput());
    await createRide(getDb(), rideInput({ status: "completed" }));
    await createRide(getDb(), rideInput({ status: "cancelled" }));
    expect(await rideCounts(getDb())).toEqual({ total: 4, upcoming: 2, completed: 1, cancelled: 1 });
  });

  it("reads a document stored before a field existed with that field's default", async () => {
    const ride = await createRide(getDb(), rideInput({ bestSeason: "Summer" }));
    const row = await getDb().selectFrom("rides").select("data").where("id", "=", ride.id).executeTakeFirstOrThrow();
    const { bestSeason: _season, highlights: _highlights, ...older } = JSON.parse(row.data) as Record<string, unknown>;
    await getDb()
      .updateTable("rides")
      .set({ data: JSON.stringify(older) })
      .where("id", "=", ride.id)
      .execute();
    const read = await getRide(getDb(), ride.id);
    expect(read).toEqual({ ...ride, bestSeason: "", highlights: [] });
    read!.highlights.push("changed by a caller");
    expect((await getRide(getDb(), ride.id))!.highlights).toEqual([]);
  });

  it("reads a legacy document in the current shape", async () => {
    const legacy = {
      title: "Coorg Monsoon Ride",
      date: "2023-07-15",
      description: "Coffee estates in the rain.",
      distance: "520 km",
      participants: "18",
      price: 4500,
      image: "javascript:alert(1)",
      thingsToCarry: ["Rain coat", "Licence", "Torch"],
      duration: "stale",
    };
    await getDb()
      .insertInto("rides")
      .values({
        id: "legacy-1",
        status: "completed",
        sort_order: null,
        // What the old app stored: no start/end date columns, participants as text.
        start_date: "",
        end_date: "",
        participants: 0,
        distance_km: 0,
        version: 1,
        data: JSON.stringify(legacy),
        created_at: "2023-06-01T10:00:00.000Z",
        updated_at: "2023-06-01T10:00:00.000Z",
      })
      .execute();
    expect(await getRide(getDb(), "legacy-1")).toMatchObject({
      id: "legacy-1",
      status: "completed",
      startDate: "2023-07-15",
      endDate: "2023-07-15",
      duration: "1D",
      participants: 18,
      price: "4500",
      image: "",
      order: null,
      thingsToCarry: ["Rain coat", "Licence", "Torch"],
      thingsToCarryMandatory: ["Rain coat", "Licence"],
      thingsToCarrySuggested: ["Torch"],
      highlights: [],
      version: 1,
    });
  });
});
