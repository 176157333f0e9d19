import { randomUUID } from "node:crypto";
import type { RidePhotoStatus } from "~/features/ride-photos/domain/photo";
import type { Database } from "~/server/db/schema.server";

export type GallerySeed = {
  rideId: string;
  position: number;
  /** An image URL (default: an upload's URL shape that names no stored file). */
  image?: string;
  status?: RidePhotoStatus;
  cover?: boolean;
  /** A rider's first name as they gave it: the photo is then a rider's. */
  credit?: string;
  caption?: string;
};

/** A row of a ride's gallery, written straight to the table (the public pages' tests need no upload). */
export async function insertGalleryPhoto(db: Database, seed: GallerySeed): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("ride_photos")
    .values({
      id,
      ride_id: seed.rideId,
      image: seed.image ?? `/images/1764000000000_photo-${seed.position}_1600x1200.jpg`,
      caption: seed.caption ?? "",
      position: seed.position,
      cover: seed.cover ? 1 : 0,
      source: seed.credit ? "rider" : "admin",
      registration_id: null,
      credit: seed.credit ?? "",
      status: seed.status ?? "approved",
      created_at: now,
      updated_at: now,
      reviewed_at: null,
      reviewed_by: null,
    })
    .execute();
  return id;
}
