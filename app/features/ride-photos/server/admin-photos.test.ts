import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { GALLERY_MESSAGES } from "~/features/ride-photos/domain/gallery-edits";
import { PHOTO_CAPTION_MAX } from "~/features/ride-photos/domain/photo";
import { describeEachEngine } from "../../../../tests/support/databases";
import { rideInput } from "../../../../tests/support/fixtures";
import { twoToneJpeg } from "../../../../tests/support/image-fixtures";
import { listRecentActivity } from "~/server/audit/audit.server";
import { type ContentChange, onContentChanged } from "~/server/content-events.server";
import type { Database } from "~/server/db/schema.server";
import { saveUpload } from "~/server/images/images.server";
import { referencedImageKeys } from "~/server/images/unused-images.server";
import { createRide } from "~/server/rides/rides.server";
import { createDiskStorage } from "~/server/storage/disk-storage.server";
import type { ObjectStorage } from "~/server/storage/storage.server";
import { ValidationError } from "~/server/validation/errors.server";
import {
  addRidePhotos,
  captionRidePhoto,
  deleteRidePhoto,
  listRidePhotos,
  reorderRidePhotos,
  setRidePhotoCover,
  setRidePhotoStatus,
} from "./admin-photos.server";

// The admins' gallery (docs/features/ride-photos.md#the-admins-gallery): what an admin does to a
// ride's photos, what is refused, what the trail says and which caches hear of it.

const actor = { id: null, email: "editor@example.com" };

/** The field messages a refused call carries. */
async function refusal(promise: Promise<unknown>): Promise<Record<string, string>> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).errors;
}

describeEachEngine("the admins' gallery", (getDb) => {
  let dir: string;
  let storage: ObjectStorage;
  let heard: ContentChange[];
  let stopListening: () => void;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "roadbook-gallery-"));
    storage = createDiskStorage(dir);
    heard = [];
    stopListening = onContentChanged((change) => heard.push(change));
  });
  afterEach(() => {
    vi.useRealTimers();
    stopListening();
    rmSync(dir, { recursive: true, force: true });
  });

  let uploads = 0;
  async function uploaded(): Promise<string> {
    uploads += 1;
    const image = await saveUpload(
      { db: getDb(), storage },
      { data: await twoToneJpeg(60, 40), fileName: `p${uploads}.jpg` },
    );
    return image.url;
  }
  const ride = (db: Database, title = "Spiti Circuit") => createRide(db, rideInput({ title }));

  /** A rider's photo as the riders' uploads leave it: waiting, credited by first name. */
  async function ridersPhoto(db: Database, rideId: string, position: number) {
    const now = new Date().toISOString();
    await db
      .insertInto("ride_photos")
      .values({
        id: `rider-${position}`,
        ride_id: rideId,
        image: await uploaded(),
        caption: "",
        position,
        cover: 0,
        source: "rider",
        registration_id: null,
        credit: "Asha",
        status: "pending",
        created_at: now,
        updated_at: now,
        reviewed_at: null,
        reviewed_by: null,
      })
      .execute();
    return `rider-${position}`;
  }

  it("adds uploaded images at the end of the gallery, shown at once, and counts them as used", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const [a, b, c] = [await uploaded(), await uploaded(), await uploaded()];
    await addRidePhotos(db, id, [a, b], { actor });
    heard = [];
    await addRidePhotos(db, id, [c], { actor });

    const photos = await listRidePhotos(db, id);
    expect(photos.map((photo) => [photo.image, photo.status, photo.source])).toEqual([
      [a, "approved", "admin"],
      [b, "approved", "admin"],
      [c, "approved", "admin"],
    ]);
    expect(heard).toContainEqual({ collection: "rides", id, action: "updated" });
    const trail = await listRecentActivity(db);
    expect(trail[0]).toMatchObject({ collection: "ridePhotos", action: "created", actorEmail: actor.email });
    expect(trail[0]!.summary).toBe('Added a photo to the gallery of "Spiti Circuit"');
    const used = await referencedImageKeys(db);
    for (const url of [a, b, c]) expect(used.has(url.slice("/images/".length))).toBe(true);
  });

  it("refuses an image that is not an upload of ours, and writes nothing", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const ours = await uploaded();
    for (const image of [
      "https://elsewhere.example/photo.jpg",
      "/images/1732000000000_never-uploaded_60x40.jpg",
      ours.replace("/images/", "/images/w480/"),
      "/images/../secrets",
    ])
      expect(await refusal(addRidePhotos(db, id, [ours, image], { actor }))).toEqual({
        images: GALLERY_MESSAGES.notOurImage,
      });
    expect(await refusal(addRidePhotos(db, id, [], { actor }))).toEqual({ images: GALLERY_MESSAGES.noImages });
    await addRidePhotos(db, id, [ours], { actor });
    expect(await refusal(addRidePhotos(db, id, [ours], { actor }))).toEqual({
      images: GALLERY_MESSAGES.alreadyInGallery,
    });
    expect(await listRidePhotos(db, id)).toHaveLength(1);
  });

  it("orders the gallery only by a list of exactly the ride's photos", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const other = await ride(db, "Coastal Run");
    await addRidePhotos(db, id, [await uploaded(), await uploaded(), await uploaded()], { actor });
    await addRidePhotos(db, other.id, [await uploaded()], { actor });
    const ids = (await listRidePhotos(db, id)).map((photo) => photo.id);
    const [otherPhoto] = await listRidePhotos(db, other.id);

    for (const order of [
      ids.slice(1),
      [...ids, ids[0]],
      [ids[0], ids[1], otherPhoto!.id],
      [ids[0], ids[0], ids[1]],
      "not a list",
    ])
      expect(await refusal(reorderRidePhotos(db, id, order, { actor }))).toEqual({ order: GALLERY_MESSAGES.badOrder });
    expect((await listRidePhotos(db, id)).map((photo) => photo.id)).toEqual(ids);

    const moved = [ids[2]!, ids[0]!, ids[1]!];
    await reorderRidePhotos(db, id, moved, { actor });
    expect((await listRidePhotos(db, id)).map((photo) => photo.id)).toEqual(moved);
    expect((await listRecentActivity(db))[0]).toMatchObject({ collection: "ridePhotos", action: "reordered" });
  });

  it("captions a photo with clean text of bounded length", async () => {
    const db = getDb();
    const { id } = await ride(db);
    await addRidePhotos(db, id, [await uploaded()], { actor });
    const [photo] = await listRidePhotos(db, id);

    await captionRidePhoto(db, id, photo!.id, "  Chandratal\u0007 at dawn  ", { actor });
    expect((await listRidePhotos(db, id))[0]!.caption).toBe("Chandratal at dawn");
    await captionRidePhoto(db, id, photo!.id, "x".repeat(PHOTO_CAPTION_MAX), { actor });
    expect(await refusal(captionRidePhoto(db, id, photo!.id, "x".repeat(PHOTO_CAPTION_MAX + 1), { actor }))).toEqual({
      caption: GALLERY_MESSAGES.captionTooLong,
    });
    expect((await listRidePhotos(db, id))[0]!.caption).toBe("x".repeat(PHOTO_CAPTION_MAX));
  });

  it("keeps one cover, and only among the photos shown", async () => {
    const db = getDb();
    const { id } = await ride(db);
    await addRidePhotos(db, id, [await uploaded(), await uploaded()], { actor });
    const waiting = await ridersPhoto(db, id, 3);
    const [first, second] = await listRidePhotos(db, id);

    await setRidePhotoCover(db, id, first!.id, { actor });
    await setRidePhotoCover(db, id, second!.id, { actor });
    expect((await listRidePhotos(db, id)).filter((photo) => photo.cover).map((photo) => photo.id)).toEqual([
      second!.id,
    ]);
    expect(await refusal(setRidePhotoCover(db, id, waiting, { actor }))).toEqual({
      cover: GALLERY_MESSAGES.coverNotPublic,
    });

    // Hiding the cover leaves no chosen cover: the first photo shown stands for the ride.
    await setRidePhotoStatus(db, id, second!.id, "hidden", { actor });
    expect((await listRidePhotos(db, id)).some((photo) => photo.cover)).toBe(false);
  });

  it("approves, hides, restores and deletes photos, each in the trail and heard by the caches", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const waiting = await ridersPhoto(db, id, 1);

    // A minute between the admin's actions: the trail orders them by time, and four commands
    // can fall in one millisecond.
    let minute = 0;
    const aMinuteLater = () => vi.setSystemTime(new Date(Date.UTC(2027, 4, 1, 6, (minute += 1))));
    vi.useFakeTimers({ toFake: ["Date"] });
    heard = [];
    aMinuteLater();
    await setRidePhotoStatus(db, id, waiting, "approved", { actor });
    expect((await listRidePhotos(db, id))[0]).toMatchObject({ status: "approved", credit: "Asha" });
    expect(heard).toEqual([{ collection: "rides", id, action: "updated" }]);

    aMinuteLater();
    await setRidePhotoStatus(db, id, waiting, "hidden", { actor });
    expect((await listRidePhotos(db, id))[0]!.status).toBe("hidden");
    aMinuteLater();
    await setRidePhotoStatus(db, id, waiting, "approved", { actor });
    heard = [];
    aMinuteLater();
    await deleteRidePhoto(db, id, waiting, { actor });
    expect(await listRidePhotos(db, id)).toEqual([]);
    expect(heard).toEqual([{ collection: "rides", id, action: "updated" }]);

    const trail = (await listRecentActivity(db)).filter((entry) => entry.collection === "ridePhotos");
    expect(trail.map((entry) => [entry.action, entry.summary])).toEqual([
      ["deleted", `Deleted Asha's photo from the gallery of "Spiti Circuit"`],
      ["status-changed", `Restored Asha's photo in the gallery of "Spiti Circuit"`],
      ["status-changed", `Hid Asha's photo in the gallery of "Spiti Circuit"`],
      ["status-changed", `Approved Asha's photo in the gallery of "Spiti Circuit"`],
    ]);
  });

  it("refuses another ride's photo, and a ride that is gone", async () => {
    const db = getDb();
    const { id } = await ride(db);
    const other = await ride(db, "Coastal Run");
    await addRidePhotos(db, other.id, [await uploaded()], { actor });
    const [theirs] = await listRidePhotos(db, other.id);
    const gone = { photo: GALLERY_MESSAGES.photoGone };

    expect(await refusal(captionRidePhoto(db, id, theirs!.id, "Mine now", { actor }))).toEqual(gone);
    expect(await refusal(setRidePhotoCover(db, id, theirs!.id, { actor }))).toEqual(gone);
    expect(await refusal(setRidePhotoStatus(db, id, theirs!.id, "hidden", { actor }))).toEqual(gone);
    expect(await refusal(deleteRidePhoto(db, id, theirs!.id, { actor }))).toEqual(gone);
    expect(await listRidePhotos(db, other.id)).toMatchObject([{ id: theirs!.id, caption: "", status: "approved" }]);
    await expect(addRidePhotos(db, "no-such-ride", [await uploaded()], { actor })).rejects.toThrow(
      "Cannot find this ride",
    );
  });
});
