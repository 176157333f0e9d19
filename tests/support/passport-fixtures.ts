import type { Database } from "~/server/db/schema.server";
import { register } from "~/server/registrations/register.server";
import { ownForm, riderForm } from "./registration-fixtures";
import { siteRide } from "./fixtures";

/** One booking on a ride: the rider's form number (riderForm), their account, and whether they rode. */
export type RiddenBooking = { n: number; riderId?: string | null; checkedIn?: boolean; cancelled?: boolean };

/** A route's figures as a ride_routes row keeps them in its summary (metres). */
export type RouteFigures = {
  distance: number;
  climb: number | null;
  highest: { elevation: number; name: string } | null;
};

let nextAddress = 0;

/**
 * A ride taking registrations on the site with these bookings, made while it was upcoming, then
 * checked in (unless `checkedIn: false`) and completed; with a route of these figures if given.
 * `overrides` over rideInput (title, dates, distance…). Answers the ride's id and the bookings' ids.
 */
export async function riddenSiteRide(
  db: Database,
  bookings: readonly RiddenBooking[],
  { overrides = {}, route }: { overrides?: Record<string, unknown>; route?: RouteFigures } = {},
): Promise<{ rideId: string; registrationIds: string[] }> {
  const ride = await siteRide(db, { seats: 50 }, overrides);
  const registrationIds: string[] = [];
  for (const booking of bookings) {
    nextAddress += 1;
    // The account's own booking (its address), which is what a passport counts.
    const result = await register(db, ride.id, await ownForm(db, booking.riderId, riderForm(booking.n)), {
      clientIp: `10.9.${(nextAddress >> 8) & 255}.${nextAddress & 255}`,
      origin: "http://localhost",
      riderId: booking.riderId ?? null,
    });
    if (!result.ok) throw new Error(`booking ${booking.n} refused: ${result.refused}`);
    const id = result.registration.id;
    registrationIds.push(id);
    const checkedIn = booking.checkedIn ?? true;
    await db
      .updateTable("registrations")
      .set({
        checked_in_at: checkedIn ? new Date().toISOString() : null,
        ...(booking.cancelled ? { status: "cancelled" } : {}),
      })
      .where("id", "=", id)
      .execute();
  }
  await db.updateTable("rides").set({ status: "completed" }).where("id", "=", ride.id).execute();
  if (route) await storeRouteFigures(db, ride.id, route);
  return { rideId: ride.id, registrationIds };
}

/** A ride_routes row with just the summary figures the passport reads (no GPX file behind it). */
export async function storeRouteFigures(db: Database, rideId: string, figures: RouteFigures): Promise<void> {
  const at = new Date().toISOString();
  const summary = {
    points: 2,
    distance: figures.distance,
    climb: figures.climb,
    descent: figures.climb,
    highest: figures.highest && { ...figures.highest, distance: 0, position: [77, 32, figures.highest.elevation] },
    days: [],
    drawing: [],
    profile: [],
    waypoints: [],
    lineCount: 1,
    split: { by: "lines" },
  };
  await db
    .insertInto("ride_routes")
    .values({
      ride_id: rideId,
      original_key: `routes/${rideId}/route.gpx`,
      original_name: "route.gpx",
      bytes: 100,
      data: JSON.stringify({ summary, dayKeys: [], meetingPoint: null }),
      created_at: at,
      updated_at: at,
    })
    .execute();
}
