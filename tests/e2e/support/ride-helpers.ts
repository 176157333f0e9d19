// Finding the demo rides the ride-details specs look at. The specs read them from the
// database of the server under test, so every expectation compares the page with the data
// it was rendered from (demo dates move with the day the database was seeded).
import type { Page } from "@playwright/test";
import type { Ride } from "~/domain/ride";
import type { Database } from "~/server/db/schema.server";
import { listPublicRides } from "~/server/rides/public-rides.server";
import { listRidesByStatus } from "~/server/rides/rides.server";

export async function publicRide(db: Database, title: string): Promise<Ride> {
  const ride = (await listPublicRides(db)).find((candidate) => candidate.title === title);
  if (!ride) throw new Error(`no public demo ride titled ${title}`);
  return ride;
}

export async function cancelledRide(db: Database): Promise<Ride> {
  const [ride] = await listRidesByStatus(db, "cancelled");
  if (!ride) throw new Error("the demo content has no cancelled ride");
  return ride;
}

export const ridePath = (ride: Pick<Ride, "id">) => `/ride/${encodeURIComponent(ride.id)}`;

/** A bundled sample ride (product.md#public-fallbacks) with no lists, costs or booking form of its own. */
export const SAMPLE_RIDE_WITHOUT_DETAILS = "/ride/sample-western-ghats";

/** The items of the list under a heading inside `scope` (a section of the page). */
export function listUnder(page: Page, scopeSelector: string, heading: string) {
  return page
    .locator(scopeSelector)
    .locator("div", { has: page.getByRole("heading", { name: heading, exact: true }) })
    .last()
    .getByRole("listitem");
}
