import { registrationCutoff } from "~/domain/registration/availability";
import { registrationSettingsOf } from "~/domain/registration/settings";
import type { Executor } from "../db/schema.server";
import { listRidesByStatus } from "../rides/rides.server";
import { serverClock } from "../clock.server";

/**
 * The earliest registration cut-off still to come (product.md#registration): at that minute an
 * upcoming ride's cards and page turn to "Registration closed" with no write to announce it, so
 * the render cache must start over by the clock (publication-schedule.server.ts).
 */
export async function nextRegistrationCutoff(db: Executor, now = serverClock()): Promise<string | null> {
  const cutoffs = (await listRidesByStatus(db, "upcoming"))
    .filter((ride) => registrationSettingsOf(ride).mode === "site")
    .map((ride) => registrationCutoff(ride)?.getTime() ?? Number.NaN)
    .filter((time) => time > now.getTime());
  return cutoffs.length > 0 ? new Date(Math.min(...cutoffs)).toISOString() : null;
}
