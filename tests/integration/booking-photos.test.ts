import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { RIDER_PHOTOS_PER_RIDE, photosTooLarge } from "~/features/ride-photos/domain/rider-photos";
import type { Database } from "~/server/db/schema.server";
import { beginPhotoUpload, PHOTO_UPLOADS_PER_NETWORK } from "~/server/registrations/throttle.server";
import { createDiskStorage } from "~/server/storage/disk-storage.server";
import type { ObjectStorage } from "~/server/storage/storage.server";
import { setRideStatus } from "~/server/rides/rides.server";
import { action, loader } from "~/routes/public/booking";
import { describeEachEngine } from "../support/databases";
import { siteRide } from "../support/fixtures";
import { twoToneJpeg } from "../support/image-fixtures";
import { riderForm, registerRider } from "../support/registration-fixtures";
import { routeContext } from "../support/route-context";

// The booking page's photo upload through its loader and action, on both engines: a multipart
// form as a browser without JavaScript sends it, its bounds, and what the page then shows.

const ORIGIN = "http://roadbook.test";

const contextFor = (db: Database, storage: ObjectStorage) =>
  routeContext({ db, storage }, { clientIp: "203.0.113.9", origin: ORIGIN });

/** A redirect's status and location, or data()'s status and body. */
async function answerOf(run: () => Promise<unknown>) {
  const result = await run().catch((thrown: unknown) => thrown);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("location") };
  const value = result as { data: Record<string, unknown>; init?: ResponseInit };
  return { status: value.init?.status ?? 200, body: value.data };
}

describeEachEngine("the booking page's photos", (getDb) => {
  let dir: string;
  let storage: ObjectStorage;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "roadbook-booking-photos-"));
    storage = createDiskStorage(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A confirmed rider of a ride the admins marked completed. */
  async function ridden(db: Database) {
    const ride = await siteRide(db, { seats: 5 }, { startDate: "2099-06-10", endDate: "2099-06-18" });
    const { token } = await registerRider(db, ride.id, riderForm(1, { name: "Asha Rao" }));
    await setRideStatus(db, ride.id, "completed");
    return token;
  }

  const post = (db: Database, token: string, body: FormData, headers: Record<string, string> = {}) =>
    answerOf(() =>
      action({
        request: new Request(`${ORIGIN}/booking/${token}?intent=photos`, { method: "POST", body, headers }),
        params: { token },
        context: contextFor(db, storage),
      } as never),
    );

  const open = (db: Database, token: string) =>
    answerOf(() =>
      loader({
        request: new Request(`${ORIGIN}/booking/${token}`),
        params: { token },
        context: contextFor(db, storage),
      } as never),
    );

  it("takes a multipart form of photos, then shows them waiting on the page", async () => {
    const db = getDb();
    const token = await ridden(db);
    expect((await open(db, token)).body?.riderPhotos).toEqual({
      photos: [],
      left: RIDER_PHOTOS_PER_RIDE,
      closed: null,
    });

    const form = new FormData();
    const jpeg = new Uint8Array(await twoToneJpeg(40, 30));
    form.append("photos", new File([jpeg], "one.jpg", { type: "image/jpeg" }));
    form.append("photos", new File([jpeg], "two.jpg", { type: "image/jpeg" }));
    expect(await post(db, token, form)).toEqual({ status: 303, location: `/booking/${token}?done=photos` });

    const shown = (await open(db, token)).body?.riderPhotos as { photos: { status: string }[]; left: number };
    expect(shown.photos.map((photo) => photo.status)).toEqual(["pending", "pending"]);
    expect(shown.left).toBe(RIDER_PHOTOS_PER_RIDE - 2);
  });

  it("names a bad file with the image message and keeps the good one", async () => {
    const db = getDb();
    const token = await ridden(db);
    const form = new FormData();
    form.append("photos", new File([new Uint8Array(await twoToneJpeg(40, 30))], "good.jpg", { type: "image/jpeg" }));
    form.append("photos", new File(["hello"], "notes.jpg", { type: "image/jpeg" }));
    const answer = await post(db, token, form);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      intent: "photos",
      formError: "1 of your photos was added; the others were not.",
      errors: {
        "photo-0": "notes.jpg: Invalid file type. Please upload JPEG, JPG, PNG, WebP, GIF, BMP, or TIFF images.",
      },
    });
    expect(await db.selectFrom("ride_photos").select("id").execute()).toHaveLength(1);
  });

  it("refuses a body declared larger than the rider's room, before reading it", async () => {
    const db = getDb();
    const token = await ridden(db);
    const form = new FormData();
    form.append("photos", new File(["x"], "x.jpg"));
    const answer = await post(db, token, form, { "content-length": String(200 * 1024 * 1024) });
    expect(answer.status).toBe(413);
    expect(answer.body?.formError).toBe(photosTooLarge(RIDER_PHOTOS_PER_RIDE));
    expect(await db.selectFrom("images").select("key").execute()).toEqual([]);
  });

  it("refuses an empty choice, and a ride not ridden yet", async () => {
    const db = getDb();
    const token = await ridden(db);
    const empty = new FormData();
    empty.append("photos", new File([], ""));
    expect(await post(db, token, empty)).toMatchObject({
      status: 400,
      body: { formError: "Choose one or more photos to add." },
    });

    const upcoming = await siteRide(db, { seats: 5 }, { startDate: "2099-06-10", endDate: "2099-06-18" });
    const rider = await registerRider(db, upcoming.id, riderForm(2));
    expect((await open(db, rider.token)).body?.riderPhotos).toBeNull();
    const form = new FormData();
    form.append("photos", new File([new Uint8Array(await twoToneJpeg(40, 30))], "early.jpg"));
    expect(await post(db, rider.token, form)).toMatchObject({
      status: 400,
      body: { formError: "Photos can be added once the ride is over." },
    });
  });

  it(`counts photo uploads per network: ${PHOTO_UPLOADS_PER_NETWORK} in the window, then a wait`, async () => {
    const db = getDb();
    const now = new Date("2027-01-01T00:00:00Z");
    for (let i = 0; i < PHOTO_UPLOADS_PER_NETWORK; i++) {
      expect((await beginPhotoUpload(db, "203.0.113.9", now)).allowed).toBe(true);
    }
    const verdict = await beginPhotoUpload(db, "203.0.113.9", now);
    expect(verdict).toMatchObject({ allowed: false, message: expect.stringContaining("Too many photos sent") });
    expect((await beginPhotoUpload(db, "198.51.100.1", now)).allowed).toBe(true);
  });
});
