import type { Ride } from "~/domain/ride";
import { withoutPrivateFields } from "~/domain/ride-values";
import type { Executor } from "../db/schema.server";
import { getRide, listPublishedRides, rideCounts } from "./rides.server";
import { serverClock } from "../clock.server";

// What visitors may see of the rides: upcoming and completed ones, once published (decision
// 025). Cancelled rides are admin-only (product.md#ride-status), and so is a draft or a ride
// whose publication is still to come: to the public such a ride does not exist. A public ride
// comes without its private fields (the WhatsApp group's link).

export async function getPublicRide(db: Executor, id: string, now = serverClock()): Promise<Ride | null> {
  const ride = await getRide(db, id);
  if (!ride || ride.status === "cancelled") return null;
  return (await isPublished(db, "rides", id, now)) ? withoutPrivateFields(ride) : null;
}

/** Whether the ride or hero slide is published by `now`. */
export async function isPublished(
  db: Executor,
  table: "rides" | "hero_slides",
  id: string,
  now = serverClock(),
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select("id")
    .where("id", "=", id)
    .where("published_at", "<=", now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/** How many rides a visitor can open: the 'available rides' of the not-found message. */
export async function countPublicRides(db: Executor): Promise<number> {
  const counts = await rideCounts(db, serverClock().toISOString());
  return counts.upcoming + counts.completed;
}

/** Every public ride, upcoming first, each section in display order. */
export async function listPublicRides(db: Executor): Promise<Ride[]> {
  const [upcoming, completed] = await Promise.all([
    listPublishedRides(db, "upcoming"),
    listPublishedRides(db, "completed"),
  ]);
  return [...upcoming, ...completed].map(withoutPrivateFields);
}

/** The upcoming public rides, in display order: the site's calendar feed (/rides.ics). */
export async function listUpcomingPublicRides(db: Executor): Promise<Ride[]> {
  return (await listPublishedRides(db, "upcoming")).map(withoutPrivateFields);
}
