import type { Ride } from "~/domain/ride";
import { type AdminActionContext as Context, failed, succeeded } from "~/server/admin/respond.server";
import { RIDE_NOT_FOUND, refusal, type RiderOperation, by, withRider } from "~/server/admin/rider-operations.server";
import type { RidersPagePart } from "~/server/registries/riders-page.server";
import { NotFoundError, ValidationError } from "~/server/validation/errors.server";
import { setCheckedIn, setParticipantsFromCheckIns } from "./check-in.server";

function checkIn(body: Record<string, unknown>): RiderOperation {
  return async (context, rider, ride) => {
    if (typeof body.checkedIn !== "boolean")
      throw new ValidationError({ checkedIn: "Say whether the rider checked in" });
    await setCheckedIn(context.services.db, rider.id, body.checkedIn, by(context, ride));
    return body.checkedIn
      ? `${rider.name || rider.reference} checked in successfully`
      : `Check-in of ${rider.name || rider.reference} undone`;
  };
}

/**
 * "Set participants to N": the ride's participants become the riders checked in now, counted
 * and written under the ride's lock (the registrations service, which the statistics follow),
 * and the ride's revision names the admin who did it.
 */
async function setParticipants(context: Context, rideId: string) {
  const { services, actor } = context;
  let ride: Ride;
  try {
    ride = await setParticipantsFromCheckIns(services.db, rideId, { actor });
  } catch (error) {
    if (error instanceof NotFoundError) return failed(404, RIDE_NOT_FOUND);
    return refusal(context, "set the participants", error);
  }
  const { participants } = ride;
  return succeeded(`Participants set to ${participants} successfully`, { participants });
}

/** The check-in page's intents (decision 022), on the riders' pages' action. */
export const rideDayRidersPage = {
  intents: {
    "check-in": { run: (context, rideId, body) => withRider(context, rideId, body, checkIn(body)) },
    participants: { run: (context, rideId) => setParticipants(context, rideId) },
  },
} satisfies RidersPagePart;
