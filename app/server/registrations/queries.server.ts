import { registrationSettingsOf } from "~/domain/registration/settings";
import { seatsLeft } from "~/domain/registration/availability";
import type { Ride } from "~/domain/ride";
import type { RideSeats } from "~/domain/registration/riders-page";
import type { Executor } from "../db/schema.server";
import { registrationFromRow, type Registration } from "./rows.server";
import { registrationCounts } from "./commands.server";
import { listRidesByStatus } from "../services/rides.server";

// What the admin's Riders, check-in and dashboard pages read about registrations (decision 022),
// beside the registrations service, which owns every write.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One registration by id, or null for an id that is unknown or not an id at all. */
export async function getRegistration(db: Executor, id: unknown): Promise<Registration | null> {
  if (typeof id !== "string" || !UUID.test(id)) return null;
  const row = await db.selectFrom("registrations").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? registrationFromRow(row) : null;
}

/** Seats booked and left of every upcoming ride that takes registrations on this site, in public order. */
export async function upcomingRideSeats(db: Executor): Promise<RideSeats[]> {
  const rides = (await listRidesByStatus(db, "upcoming")).filter(
    (ride: Ride) => registrationSettingsOf(ride).mode === "site",
  );
  const counts = await registrationCounts(
    db,
    rides.map((ride) => ride.id),
  );
  return rides.map((ride) => {
    const settings = registrationSettingsOf(ride);
    const count = counts.get(ride.id);
    const booked = count?.bookedSeats ?? 0;
    return {
      id: ride.id,
      title: ride.title,
      startDate: ride.startDate,
      seats: settings.seats,
      booked,
      left: seatsLeft(settings, booked),
      waitlisted: count?.waitlisted ?? 0,
    };
  });
}
