import { randomBytes } from "node:crypto";
import type { Database } from "~/server/db/schema.server";
import type { Logger } from "~/server/logger.server";
import { deleteImage, listImages } from "~/server/images/images.server";
import { referencedImageKeys } from "~/server/images/unused-images.server";
import type { ObjectStorage } from "~/server/storage/storage.server";
import { serverClock } from "~/server/clock.server";
import { type PeriodicJob, runPeriodically } from "~/server/periodic-job.server";
import { ERASURE_INTERVAL_MS } from "~/server/registrations/erasure.server";

// The stored images of riders' photos. A photo's files go when the command deleting its row
// commits (the outbox's "images-removed"); what is left here are uploads that never got a row
// (one that lost the race under the ride's lock), deleted by the daily sweep rather than left
// to the operator's images:gc, since they are a rider's personal data.

/** How a rider's photo is named in storage: random, never the phone's file name (see rider-photos.server.ts). */
export function riderPhotoFileName(): string {
  return `ride-photo-${randomBytes(8).toString("hex")}`;
}

const RIDER_PHOTO_KEY = /^\d+_ride-photo-[0-9a-f]{16}_/;

/** An upload this young may be a rider's photo whose row is being written. */
export const RIDER_PHOTO_GRACE_MS = 10 * 60 * 1000;

/** Deletes the images of riders' photos no row uses any more; returns their keys. */
export async function deleteUnusedRiderPhotoImages(
  services: { db: Database; storage: ObjectStorage },
  now = serverClock(),
): Promise<string[]> {
  const [images, referenced] = await Promise.all([listImages(services.db), referencedImageKeys(services.db)]);
  const cutoff = now.getTime() - RIDER_PHOTO_GRACE_MS;
  const unused = images.filter(
    (image) => RIDER_PHOTO_KEY.test(image.key) && !referenced.has(image.key) && Date.parse(image.createdAt) < cutoff,
  );
  for (const image of unused) await deleteImage(services, image);
  return unused.map((image) => image.key);
}

/**
 * deleteUnusedRiderPhotoImages for the daily sweep: a failure is logged and changes nothing the
 * rider sees; the next sweep, or images:gc, catches up.
 */
export async function tidyRiderPhotoImages(
  services: { db: Database; storage: ObjectStorage; logger: Logger },
  now = serverClock(),
): Promise<void> {
  try {
    const deleted = await deleteUnusedRiderPhotoImages(services, now);
    if (deleted.length > 0) services.logger.info({ deleted: deleted.length }, "riders' unused photos deleted");
  } catch (error) {
    services.logger.error({ err: error }, "deleting riders' unused photos failed");
  }
}

/**
 * The daily tidy of riders' uploads that lost a race under the ride's lock and have no row
 * (rider-photos.server.ts), at start-up and then as often as the registrations' erasure sweep.
 */
export function scheduleRiderPhotoTidy(services: {
  db: Database;
  storage: ObjectStorage;
  logger: Logger;
}): PeriodicJob {
  return runPeriodically(
    ERASURE_INTERVAL_MS,
    () => tidyRiderPhotoImages(services),
    // tidyRiderPhotoImages logs its own failures and never throws.
    () => {},
  );
}
