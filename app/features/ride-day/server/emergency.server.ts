import type { RideDayPack, RideDayRider } from "~/features/ride-day/domain/pack";
import type { Executor } from "~/server/db/schema.server";
import { loadRideDayPack } from "./pack.server";

// The emergency sheet (docs/features/ride-day.md#the-emergency-sheet): the pack's confirmed
// riders on paper, for the support vehicle.

export type EmergencySheet = Pick<RideDayPack, "rideId" | "title" | "startDate" | "endDate" | "meetingPoint"> & {
  /** The ride's captains, as the team knows them (no phone is kept for an admin). */
  captains: { name: string; email: string }[];
  riders: RideDayRider[];
  /** When the sheet was made (ISO): printed on it, since paper goes stale. */
  takenAt: string;
};

async function captainsOf(db: Executor, rideId: string): Promise<EmergencySheet["captains"]> {
  const rows = await db
    .selectFrom("ride_captains")
    .innerJoin("users", "users.id", "ride_captains.user_id")
    .select(["users.display_name", "users.email"])
    .where("ride_captains.ride_id", "=", rideId)
    .orderBy("users.email")
    .execute();
  return rows.map((row) => ({ name: row.display_name, email: row.email }));
}

/** The ride's emergency sheet as of `now`, or null when the ride does not exist. */
export async function loadEmergencySheet(db: Executor, rideId: string, now: Date): Promise<EmergencySheet | null> {
  const pack = await loadRideDayPack(db, rideId, now);
  if (!pack) return null;
  const { title, startDate, endDate, meetingPoint, takenAt } = pack;
  return {
    rideId: pack.rideId,
    title,
    startDate,
    endDate,
    meetingPoint,
    captains: await captainsOf(db, rideId),
    riders: pack.riders.filter((rider) => rider.status === "confirmed"),
    takenAt,
  };
}
