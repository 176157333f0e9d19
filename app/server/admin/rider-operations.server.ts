import type { Ride } from "~/domain/ride";
import { NotFoundError, ValidationError } from "../validation/errors.server";
import type { Registration } from "../registrations/rows.server";
import { getRegistration } from "../registrations/queries.server";
import { getRide } from "../rides/rides.server";
import { type AdminActionContext as Context, failed, stringField, succeeded } from "./respond.server";

// The Riders and check-in pages' operations on one rider of the ride (registration-actions.server.ts),
// the core's and the features' (their ridersPage intents) alike.

export const RIDER_NOT_FOUND = "Cannot find this registration on this ride: reload the list";
export const RIDE_NOT_FOUND = "Cannot find this ride: it may have been deleted";

/** An operation's answer: the status line's message, and what else the page needs (a link to open). */
type Outcome = string | { message: string; extra: Record<string, unknown> };

export type RiderOperation = (context: Context, rider: Registration, ride: Ride) => Promise<Outcome>;

/** The refusal as the admin reads it: what failed, then the service's reason; anything unforeseen is logged. */
export function refusal({ services }: Context, what: string, error: unknown) {
  if (error instanceof ValidationError) return failed(400, `Cannot ${what}: ${Object.values(error.errors).join(" ")}`);
  if (error instanceof NotFoundError) return failed(404, RIDER_NOT_FOUND);
  services.logger.error({ err: error }, `${what} failed`);
  return failed(500, `Cannot ${what}: an error occurred. Try again.`);
}

/** Runs `operation` on the rider the body names ({ id }), refused as unknown unless of this ride. */
export async function withRider(
  context: Context,
  rideId: string,
  body: Record<string, unknown>,
  operation: RiderOperation,
) {
  const { services } = context;
  const [rider, ride] = await Promise.all([
    getRegistration(services.db, stringField(body, "id")),
    getRide(services.db, rideId),
  ]);
  if (!ride) return failed(404, RIDE_NOT_FOUND);
  if (!rider || rider.rideId !== ride.id) return failed(404, RIDER_NOT_FOUND);
  try {
    const outcome = await operation(context, rider, ride);
    return typeof outcome === "string" ? succeeded(outcome) : succeeded(outcome.message, outcome.extra);
  } catch (error) {
    return refusal(context, `change ${rider.reference}`, error);
  }
}

/** The command's change: the admin's, on the ride they are looking at. */
export const by = ({ actor }: Context, ride: Ride) => ({ actor, rideId: ride.id });
