import { parseImageUrl, variantWidths } from "~/domain/image-urls";
import type { Database } from "../db/schema.server";
import type { ObjectStorage } from "../storage/storage.server";
import { deleteImage, getImage } from "./images.server";
import { originalObjectKey, variantObjectKey } from "./keys.server";
import { referencedImageKeys } from "./unused-images.server";

// A photo taken down (an admin's delete, a rider's own, an erasure) must stop being served, so its
// stored files go once the command that deleted it commits (the outbox's "images-removed"),
// not at the operator's next images:gc. Unless another record still shows the same upload: a
// ride's hero may be the very photo its gallery dropped.

/**
 * Deletes the stored files (original and every variant) and the record of each image these URLs
 * name that no record uses any more; returns the keys it deleted. Safe to repeat: an image gone
 * already is deleted again, which changes nothing.
 */
export async function deleteRemovedImages(
  services: { db: Database; storage: ObjectStorage },
  urls: readonly string[],
): Promise<string[]> {
  const images = urls.map(parseImageUrl).filter((image) => image !== null);
  if (images.length === 0) return [];
  const referenced = await referencedImageKeys(services.db);
  const deleted: string[] = [];
  for (const image of images) {
    if (referenced.has(image.key) || deleted.includes(image.key)) continue;
    const record = await getImage(services.db, image.key);
    if (record) {
      await deleteImage(services, record);
    } else {
      // No record (a delivery repeated after a crash half-way): the files it may have left.
      for (const width of variantWidths(image.width)) await services.storage.delete(variantObjectKey(image.key, width));
      await services.storage.delete(originalObjectKey(image.key));
    }
    deleted.push(image.key);
  }
  return deleted;
}
