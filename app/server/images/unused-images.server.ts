import { parseImageUrl } from "~/domain/image-urls";
import type { Database, Executor } from "../db/schema.server";
import type { ObjectStorage } from "../storage/storage.server";
import { deleteImage, type ImageRecord, listImages } from "./images.server";
import { serverClock } from "../clock.server";

/** An upload this young may belong to a form the admin has not saved yet. */
export const UNUSED_GRACE_MS = 24 * 60 * 60 * 1000;

/** Anything that looks like the path of one of our images, inside a stored document's JSON. */
const IMAGE_PATH = /\/images\/[^"'\s)\\]+/g;

/**
 * The keys of every upload some record points at. The stored documents are searched as text
 * rather than field by field, so every field that holds an image URL today or later (ride
 * image, slide background, banner image, anything in config) counts, in relative or absolute form.
 */
export async function referencedImageKeys(db: Executor): Promise<Set<string>> {
  const documents = await Promise.all([
    db.selectFrom("rides").select("data").execute(),
    db.selectFrom("hero_slides").select("data").execute(),
    db.selectFrom("documents").select("data").execute(),
    // A ride's gallery (docs/features/ride-photos.md): every photo, shown, waiting for approval or hidden.
    db.selectFrom("ride_photos").select("image as data").execute(),
  ]);
  const keys = new Set<string>();
  for (const { data } of documents.flat()) {
    for (const [path] of data.matchAll(IMAGE_PATH)) {
      const image = parseImageUrl(path);
      if (image) keys.add(image.key);
    }
  }
  return keys;
}

export type UnusedImages = {
  /** Uploads no record uses, older than the grace period. */
  images: ImageRecord[];
  /** Stored files without an image record (left by an upload that failed halfway), older than the grace period. */
  strayObjects: string[];
};

export async function findUnusedImages(
  { db, storage }: { db: Database; storage: ObjectStorage },
  { now = serverClock(), graceMs = UNUSED_GRACE_MS }: { now?: Date; graceMs?: number } = {},
): Promise<UnusedImages> {
  const cutoff = now.getTime() - graceMs;
  const [records, referenced] = await Promise.all([listImages(db), referencedImageKeys(db)]);
  const images = records.filter((image) => !referenced.has(image.key) && Date.parse(image.createdAt) < cutoff);

  const known = new Set(records.map((image) => image.key));
  const strayObjects: string[] = [];
  for (const prefix of ["images/", "variants/"]) {
    for await (const object of storage.list(prefix)) {
      const key =
        prefix === "images/"
          ? object.key.slice("images/".length)
          : object.key.replace(/^variants\/w\d+\//, "").replace(/\.webp$/, "");
      if (!known.has(key) && object.lastModified.getTime() < cutoff) strayObjects.push(object.key);
    }
  }
  return { images, strayObjects };
}

/** Deletes what findUnusedImages found, except an image a record started to use in between. Returns the keys deleted. */
export async function removeUnusedImages(
  services: { db: Database; storage: ObjectStorage },
  unused: UnusedImages,
): Promise<string[]> {
  const referenced = await referencedImageKeys(services.db);
  const removed: string[] = [];
  for (const image of unused.images) {
    if (referenced.has(image.key)) continue;
    await deleteImage(services, image);
    removed.push(image.key);
  }
  for (const objectKey of unused.strayObjects) await services.storage.delete(objectKey);
  return removed;
}
