import type { Ride } from "~/domain/ride";
import type { Executor } from "../db/schema.server";
import { getRide, listRidesByStatus, rideCounts } from "./rides.server";

// What visitors may see of the rides: upcoming and completed ones. Cancelled rides are
// admin-only (product.md#ride-status), so to the public a cancelled ride does not exist.

export async function getPublicRide(db: Executor, id: string): Promise<Ride | null> {
  const ride = await getRide(db, id);
  return ride && ride.status !== "cancelled" ? ride : null;
}

/** How many rides a visitor can open: the 'available rides' of the not-found message. */
export async function countPublicRides(db: Executor): Promise<number> {
  const counts = await rideCounts(db);
  return counts.upcoming + counts.completed;
}

/** Every public ride, upcoming first, each section in display order. */
export async function listPublicRides(db: Executor): Promise<Ride[]> {
  const [upcoming, completed] = await Promise.all([
    listRidesByStatus(db, "upcoming"),
    listRidesByStatus(db, "completed"),
  ]);
  return [...upcoming, ...completed];
}
