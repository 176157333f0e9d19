import type { AppServices } from "~/context";
import { registrationAvailability, seatsText, type Availability } from "~/domain/registration/availability";
import { registrationSettingsOf } from "~/domain/registration/settings";
import type { Ride } from "~/domain/ride";
import { type RideCardData, rideSummary } from "~/domain/ride-summary";
import type { Executor } from "../db/schema.server";
import { loadOrFallback } from "../load-or-fallback.server";
import { registrationCounts } from "./queries.server";
import { serverClock } from "../clock.server";

// What the public pages show of a ride's registrations (decision 020): whether it takes them
// now and the seats text of cards and pages. The rider's changes are the registrations
// commands (./register.server.ts, ./rider-changes.server.ts, ./cancel.server.ts).

/** Whether the ride takes registrations right now, with the seats its confirmed riders hold. */
export async function availabilityOf(db: Executor, ride: Ride, now = serverClock()): Promise<Availability> {
  if (registrationSettingsOf(ride).mode !== "site") return registrationAvailability(ride, 0, now);
  const counts = await registrationCounts(db, [ride.id]);
  return registrationAvailability(ride, counts.get(ride.id)?.bookedSeats ?? 0, now);
}

/**
 * The seats text of each ride ("12 seats left", …) by id; null for rides that use their
 * external form. One query for all the rides taking registrations here.
 */
export async function seatsTexts(
  db: Executor,
  rides: readonly Ride[],
  now = serverClock(),
): Promise<Map<string, string | null>> {
  const onSite = rides.filter((ride) => registrationSettingsOf(ride).mode === "site").map((ride) => ride.id);
  const counts = await registrationCounts(db, onSite);
  return new Map(
    rides.map((ride) => [
      ride.id,
      seatsText(registrationAvailability(ride, counts.get(ride.id)?.bookedSeats ?? 0, now)),
    ]),
  );
}

/**
 * Ride cards with the seats text of each ride taking registrations here. The rides came from
 * the database (or are samples): when the counts cannot be read, the cards go without seats.
 */
export async function rideCards(
  services: Pick<AppServices, "db" | "logger">,
  rides: readonly Ride[],
): Promise<RideCardData[]> {
  const texts = await loadOrFallback(
    services.logger,
    "seats left",
    () => seatsTexts(services.db, rides),
    () => new Map<string, string | null>(),
  );
  return rides.map((ride) => {
    const seats = texts.get(ride.id);
    return seats ? { ...rideSummary(ride), seats } : rideSummary(ride);
  });
}
