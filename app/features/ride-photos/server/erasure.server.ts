import type { Command } from "~/server/commands/command.server";
import { ridePagesChanged } from "~/server/rides/pages-changed.server";

/**
 * Deletes the photos of every erased registration (their rider's image and first name go with
 * the rest of their data), as the erasures of messages do. The rides whose public gallery lost a
 * photo leave the caches, and the images of every photo deleted, whatever its state, have their
 * stored files deleted once the command commits.
 */
export async function eraseRidePhotosOfErasedRiders(command: Command): Promise<void> {
  const rows = await command.trx
    .deleteFrom("ride_photos")
    .where("registration_id", "in", (eb) =>
      eb.selectFrom("registrations").select("id").where("erased_at", "is not", null),
    )
    .returning(["ride_id", "status", "image"])
    .execute();
  const rides = new Set(rows.filter((row) => row.status === "approved").map((row) => row.ride_id));
  for (const rideId of rides) await command.enqueue(ridePagesChanged(rideId));
  if (rows.length > 0) await command.enqueue({ kind: "images-removed", images: rows.map((row) => row.image) });
}
