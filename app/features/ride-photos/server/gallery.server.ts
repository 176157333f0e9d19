import { coverOf } from "~/features/ride-photos/domain/cover";
import type { GalleryPhoto } from "~/features/ride-photos/domain/photo";
import { firstName } from "~/features/rider-messages/domain/rider-text";
import type { Executor } from "~/server/db/schema.server";

// What the public pages show of a ride's gallery (docs/features/ride-photos.md#on-the-public-pages):
// approved photos only, in the gallery's order, credited by a first name and nothing else of the
// rider. A pending or hidden photo never leaves this module. The pages are cached by the render
// cache, which the gallery's commands empty through their content events.

function approvedOf(db: Executor, rideIds: readonly string[]) {
  return db
    .selectFrom("ride_photos")
    .select(["ride_id", "id", "image", "caption", "credit", "cover"])
    .where("ride_id", "in", rideIds)
    .where("status", "=", "approved")
    .orderBy("position")
    .orderBy("created_at")
    .orderBy("id");
}

type PhotoRow = { id: string; image: string; caption: string; credit: string; cover: number };

function galleryPhoto(row: PhotoRow): GalleryPhoto {
  return { id: row.id, image: row.image, caption: row.caption, credit: firstName(row.credit), cover: row.cover === 1 };
}

/** A ride's public gallery: its approved photos in the gallery's order. */
export async function rideGallery(db: Executor, rideId: string): Promise<GalleryPhoto[]> {
  return (await approvedOf(db, [rideId]).execute()).map(galleryPhoto);
}

/** How many approved photos each ride has; a ride without any is left out. */
export async function galleryCounts(db: Executor, rideIds: readonly string[]): Promise<Map<string, number>> {
  if (rideIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("ride_photos")
    .select((eb) => ["ride_id", eb.fn.countAll<number | string>().as("photos")])
    .where("ride_id", "in", rideIds)
    .where("status", "=", "approved")
    .groupBy("ride_id")
    .execute();
  return new Map(rows.map((row) => [row.ride_id, Number(row.photos)]));
}

/**
 * The photo that stands for each ride (coverOf: the approved one marked as cover, else the
 * gallery's first), in one read for a page of cards; a ride without approved photos is left out.
 */
export async function galleryCovers(db: Executor, rideIds: readonly string[]): Promise<Map<string, GalleryPhoto>> {
  if (rideIds.length === 0) return new Map();
  const byRide = new Map<string, GalleryPhoto[]>();
  for (const row of await approvedOf(db, rideIds).execute()) {
    byRide.set(row.ride_id, [...(byRide.get(row.ride_id) ?? []), galleryPhoto(row)]);
  }
  const covers = new Map<string, GalleryPhoto>();
  for (const [rideId, photos] of byRide) covers.set(rideId, coverOf(photos)!);
  return covers;
}
