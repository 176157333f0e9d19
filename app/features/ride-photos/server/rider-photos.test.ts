import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterEach, beforeEach, expect, it } from "vitest";
import { RIDER_PHOTO_REFUSALS, RIDER_PHOTOS_PER_RIDE, tooManyPhotos } from "~/features/ride-photos/domain/rider-photos";
import type { Database } from "~/server/db/schema.server";
import { createDiskStorage } from "~/server/storage/disk-storage.server";
import type { ObjectStorage } from "~/server/storage/storage.server";
import { describeEachEngine } from "../../../../tests/support/databases";
import { siteRide } from "../../../../tests/support/fixtures";
import { EXIF_MARKER, pngClaiming, sidewaysPhoneJpeg, twoToneJpeg } from "../../../../tests/support/image-fixtures";
import { riderForm, registerRider } from "../../../../tests/support/registration-fixtures";
import { listRecentActivity } from "~/server/audit/audit.server";
import { referencedImageKeys } from "~/server/images/unused-images.server";
import { cancelByToken, eraseByToken } from "~/server/registrations/cancel.server";
import { eraseRide } from "~/server/registrations/erasure.server";
import { setRideStatus } from "~/server/rides/rides.server";
import { ValidationError } from "~/server/validation/errors.server";
import { saveUpload } from "~/server/images/images.server";
import { deleteUnusedRiderPhotoImages, RIDER_PHOTO_GRACE_MS } from "./photo-images.server";
import { addRiderPhotosByToken, deleteRiderPhotoByToken, listRiderPhotos } from "./rider-photos.server";

/** Registration time: before the ride (2027-06-10 to 2027-06-18). */
const BOOKED = new Date("2027-05-01T06:00:00Z");
/** The day after the ride's last, in India. */
const AFTER = new Date("2027-06-19T02:00:00Z");
/** The ride's last day, evening in India: not over yet. */
const LAST_DAY = new Date("2027-06-18T14:00:00Z");

describeEachEngine("riders' photos", (getDb) => {
  let dir: string;
  let storage: ObjectStorage;
  let photo: Buffer;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "roadbook-rider-photos-"));
    storage = createDiskStorage(dir);
    photo ??= await twoToneJpeg(64, 48);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function rider(db: Database, name = "Asha Rao") {
    const ride = await siteRide(db, { seats: 5 });
    const { registration, token } = await registerRider(db, ride.id, riderForm(1, { name }), BOOKED);
    return { ride, registration, token };
  }

  const files = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `IMG_${i}.jpg`, data: photo }));

  async function refusal(work: Promise<unknown>): Promise<string | undefined> {
    const error = await work.then(
      () => new Error("accepted"),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).errors[""];
  }

  it("adds the photos as the rider's, waiting for approval, credited by first name, audited as the rider", async () => {
    const db = getDb();
    const { ride, registration, token } = await rider(db);
    expect(await addRiderPhotosByToken({ db, storage }, token, files(2), AFTER)).toEqual({ added: 2, refused: [] });
    const rows = await db.selectFrom("ride_photos").selectAll().orderBy("position").execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        ride_id: ride.id,
        source: "rider",
        status: "pending",
        registration_id: registration.id,
        credit: "Asha",
        caption: "",
        cover: 0,
        reviewed_at: null,
      });
      // A random name: nothing of the phone's file name, nothing to guess.
      expect(row.image).toMatch(/^\/images\/\d+_ride-photo-[0-9a-f]{16}_64x48\.jpg$/);
    }
    expect(rows[1]!.position).toBeGreaterThan(rows[0]!.position);
    expect((await listRiderPhotos(db, registration.id)).map((p) => p.status)).toEqual(["pending", "pending"]);
    // The gallery's images are in use: images:gc leaves them.
    const referenced = await referencedImageKeys(db);
    for (const row of rows) expect(referenced.has(row.image.replace("/images/", ""))).toBe(true);
    const [entry] = await listRecentActivity(db, 1);
    expect(entry).toMatchObject({ actorEmail: "a rider", collection: "registrations", action: "created" });
    expect(entry!.summary).toContain("sent 2 photos for the gallery");
    expect(entry!.summary).not.toContain("Asha");
  });

  it("serves a phone photo's variants without its camera details or GPS position", async () => {
    const db = getDb();
    const { token, registration } = await rider(db);
    await addRiderPhotosByToken(
      { db, storage },
      token,
      [{ name: "phone.jpg", data: await sidewaysPhoneJpeg(300, 200) }],
      AFTER,
    );
    const [stored] = await listRiderPhotos(db, registration.id);
    const key = stored!.image.replace("/images/", "");
    const variants: string[] = [];
    for await (const object of storage.list("variants/")) if (object.key.includes(key)) variants.push(object.key);
    expect(variants.length).toBeGreaterThan(0);
    for (const objectKey of variants) {
      const data = await buffer((await storage.get(objectKey))!.body);
      expect((await sharp(data).metadata()).exif).toBeUndefined();
      expect(data.includes(Buffer.from(EXIF_MARKER))).toBe(false);
    }
  });

  it("takes photos once the ride is marked completed, even before its end date", async () => {
    const db = getDb();
    const { ride, token } = await rider(db);
    expect(await refusal(addRiderPhotosByToken({ db, storage }, token, files(1), LAST_DAY))).toBe(
      RIDER_PHOTO_REFUSALS.notRidden,
    );
    await setRideStatus(db, ride.id, "completed");
    expect((await addRiderPhotosByToken({ db, storage }, token, files(1), LAST_DAY)).added).toBe(1);
  });

  it("refuses before the ride is over, on a cancelled ride, and for a cancelled or waitlisted booking", async () => {
    const db = getDb();
    const before = await rider(db);
    expect(await refusal(addRiderPhotosByToken({ db, storage }, before.token, files(1), BOOKED))).toBe(
      RIDER_PHOTO_REFUSALS.notRidden,
    );
    await cancelByToken(db, before.token, BOOKED);
    expect(await refusal(addRiderPhotosByToken({ db, storage }, before.token, files(1), AFTER))).toBe(
      RIDER_PHOTO_REFUSALS.cancelled,
    );

    const full = await siteRide(db, { seats: 1, waitlist: true });
    await registerRider(db, full.id, riderForm(2), BOOKED);
    const waiting = await registerRider(db, full.id, riderForm(3), BOOKED);
    expect(waiting.registration.status).toBe("waitlisted");
    expect(await refusal(addRiderPhotosByToken({ db, storage }, waiting.token, files(1), AFTER))).toBe(
      RIDER_PHOTO_REFUSALS.notConfirmed,
    );

    const other = await rider(db);
    await setRideStatus(db, other.ride.id, "cancelled");
    expect(await refusal(addRiderPhotosByToken({ db, storage }, other.token, files(1), AFTER))).toBe(
      RIDER_PHOTO_REFUSALS.rideCancelled,
    );
    expect(await db.selectFrom("ride_photos").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("images").select("key").execute()).toEqual([]);
  });

  it(`keeps to ${RIDER_PHOTOS_PER_RIDE} photos a rider, refusing a batch that does not fit whole`, async () => {
    const db = getDb();
    const { token, registration } = await rider(db);
    await addRiderPhotosByToken({ db, storage }, token, files(3), AFTER);
    expect(await refusal(addRiderPhotosByToken({ db, storage }, token, files(3), AFTER))).toBe(tooManyPhotos(2));
    expect(await listRiderPhotos(db, registration.id)).toHaveLength(3);
    await addRiderPhotosByToken({ db, storage }, token, files(2), AFTER);
    expect(await refusal(addRiderPhotosByToken({ db, storage }, token, files(1), AFTER))).toBe(
      RIDER_PHOTO_REFUSALS.full,
    );
    // Deleting one makes room for another.
    const [first] = await listRiderPhotos(db, registration.id);
    await deleteRiderPhotoByToken(db, token, first!.id, AFTER);
    expect((await addRiderPhotosByToken({ db, storage }, token, files(1), AFTER)).added).toBe(1);
  });

  it("keeps the good files of a batch and names each bad one with the image pipeline's message", async () => {
    const db = getDb();
    const { token, registration } = await rider(db);
    const answer = await addRiderPhotosByToken(
      { db, storage },
      token,
      [
        { name: "good.jpg", data: photo },
        { name: "notes.jpg", data: Buffer.from("not an image") },
        { name: "bomb.jpg", data: pngClaiming(40_000, 40_000) },
      ],
      AFTER,
    );
    expect(answer.added).toBe(1);
    expect(answer.refused).toEqual([
      {
        name: "notes.jpg",
        message: "Invalid file type. Please upload JPEG, JPG, PNG, WebP, GIF, BMP, or TIFF images.",
      },
      { name: "bomb.jpg", message: expect.stringContaining("Image dimensions too large (40000 × 40000 pixels)") },
    ]);
    expect(await listRiderPhotos(db, registration.id)).toHaveLength(1);
    // All bad: nothing written at all.
    const none = await addRiderPhotosByToken(
      { db, storage },
      token,
      [{ name: "x.jpg", data: Buffer.from("x") }],
      AFTER,
    );
    expect(none.added).toBe(0);
    expect(await listRiderPhotos(db, registration.id)).toHaveLength(1);
  });

  it("deletes only the rider's own photo", async () => {
    const db = getDb();
    const asha = await rider(db);
    const ride = asha.ride;
    const ravi = await registerRider(db, ride.id, riderForm(2, { name: "Ravi" }), BOOKED);
    await addRiderPhotosByToken({ db, storage }, asha.token, files(1), AFTER);
    const [photoOfAsha] = await listRiderPhotos(db, asha.registration.id);
    expect(await refusal(deleteRiderPhotoByToken(db, ravi.token, photoOfAsha!.id, AFTER))).toBe(
      RIDER_PHOTO_REFUSALS.notYours,
    );
    await deleteRiderPhotoByToken(db, asha.token, photoOfAsha!.id, AFTER);
    expect(await listRiderPhotos(db, asha.registration.id)).toEqual([]);
  });

  it("erasing the registration, by the rider or the ride's erasure, deletes the rider's photos", async () => {
    const db = getDb();
    const asha = await rider(db);
    const ravi = await registerRider(db, asha.ride.id, riderForm(2, { name: "Ravi" }), BOOKED);
    await addRiderPhotosByToken({ db, storage }, asha.token, files(2), AFTER);
    await addRiderPhotosByToken({ db, storage }, ravi.token, files(1), AFTER);
    await db.updateTable("ride_photos").set({ status: "approved" }).execute();

    await eraseByToken(db, asha.token, AFTER);
    const credits = async () =>
      (await db.selectFrom("ride_photos").select("credit").execute()).map((row) => row.credit);
    expect(await credits()).toEqual(["Ravi"]);

    await eraseRide(db, asha.ride.id, { days: 0, now: true, at: AFTER });
    expect(await credits()).toEqual([]);
  });

  it("deletes the stored images of riders' photos no row uses, past a short grace, and nothing else", async () => {
    const db = getDb();
    const asha = await rider(db);
    const ravi = await registerRider(db, asha.ride.id, riderForm(2, { name: "Ravi" }), BOOKED);
    await addRiderPhotosByToken({ db, storage }, asha.token, files(2), AFTER);
    await addRiderPhotosByToken({ db, storage }, ravi.token, files(1), AFTER);
    const admins = await saveUpload({ db, storage }, { data: photo, fileName: "cover.jpg", now: AFTER });
    const keys = async () => (await db.selectFrom("images").select("key").execute()).map((row) => row.key).sort();
    const [kept] = await listRiderPhotos(db, ravi.registration.id);

    await eraseByToken(db, asha.token, AFTER);
    // An upload this young may be one whose rows are being written: kept.
    expect(await deleteUnusedRiderPhotoImages({ db, storage }, AFTER)).toEqual([]);
    const later = new Date(AFTER.getTime() + RIDER_PHOTO_GRACE_MS + 1);
    expect(await deleteUnusedRiderPhotoImages({ db, storage }, later)).toHaveLength(2);
    expect(await keys()).toEqual([admins.key, kept!.image.replace("/images/", "")].sort());
    const stored: string[] = [];
    for await (const object of storage.list("images/")) stored.push(object.key);
    expect(stored.sort()).toEqual((await keys()).map((key) => `images/${key}`));
  });
});
