import type { Executor } from "../db/schema.server";

/**
 * Deletes the photos of every erased registration (their rider's image and first name go with
 * the rest of their data), as the erasures of messages do. Returns the rides whose public
 * gallery lost a photo. Their images are deleteUnusedRiderPhotoImages's to delete, once committed.
 */
export async function eraseRidePhotosOfErasedRiders(db: Executor): Promise<string[]> {
  const rows = await db
    .deleteFrom("ride_photos")
    .where("registration_id", "in", (eb) =>
      eb.selectFrom("registrations").select("id").where("erased_at", "is not", null),
    )
    .returning(["ride_id", "status"])
    .execute();
  return [...new Set(rows.filter((row) => row.status === "approved").map((row) => row.ride_id))];
}
