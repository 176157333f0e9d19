import type { Executor } from "../../../server/db/schema.server";

export type ErasedPhotos = {
  /** The rides whose public gallery lost a photo. */
  rides: string[];
  /** The images of every photo deleted, whatever its state: their files go once committed. */
  images: string[];
};

/**
 * Deletes the photos of every erased registration (their rider's image and first name go with
 * the rest of their data), as the erasures of messages do.
 */
export async function eraseRidePhotosOfErasedRiders(db: Executor): Promise<ErasedPhotos> {
  const rows = await db
    .deleteFrom("ride_photos")
    .where("registration_id", "in", (eb) =>
      eb.selectFrom("registrations").select("id").where("erased_at", "is not", null),
    )
    .returning(["ride_id", "status", "image"])
    .execute();
  return {
    rides: [...new Set(rows.filter((row) => row.status === "approved").map((row) => row.ride_id))],
    images: rows.map((row) => row.image),
  };
}
