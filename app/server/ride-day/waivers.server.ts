import type { WaiverState } from "~/domain/ride-day/pack";
import type { Executor } from "../db/schema.server";

/**
 * Each rider's waiver state in the ride-day pack, by registration id. Rides have no waiver yet:
 * every rider is "not-required" until the waiver's acceptances are read here.
 */
export async function rideDayWaiverStates(
  _db: Executor,
  _rideId: string,
  registrationIds: readonly string[],
): Promise<Map<string, WaiverState>> {
  return new Map(registrationIds.map((id) => [id, "not-required" as const]));
}
