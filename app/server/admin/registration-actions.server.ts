import type { AuditAction } from "~/domain/audit";
import type { Ride } from "~/domain/ride";
import { notifyContentChanged } from "../content-events.server";
import { NotFoundError, ValidationError } from "../services/errors.server";
import type { Registration } from "../services/registration-rows.server";
import { getRegistration } from "../services/registrations-admin.server";
import {
  cancelRegistration,
  confirmFromWaitlist,
  setCheckedIn,
  setParticipantsFromCheckIns,
  setPayment,
} from "../services/registrations.server";
import { getRide } from "../services/rides.server";
import { dispatchIntent } from "./intent-dispatch.server";
import { type AdminActionContext as Context, auditChange, failed, stringField, succeeded } from "./respond.server";

export const UNKNOWN_REGISTRATION_ACTION = "Unknown riders action";
export const RIDER_NOT_FOUND = "Cannot find this registration on this ride: reload the list";
export const RIDE_NOT_FOUND = "Cannot find this ride: it may have been deleted";

/**
 * The Riders and check-in pages' operations on one ride, one JSON body each: { intent, id, … }.
 * A registration of another ride is refused as unknown, whatever its id. Every change is in the
 * audit trail under the booking reference only (the trail outlives the riders' personal data),
 * and tells the other admins' pages and the public pages' seats (a content event).
 */
export async function registrationAction(request: Request, context: Context, rideId: string) {
  return dispatchIntent(
    request,
    context,
    {
      payment: (body) => withRider(context, rideId, body, markPayment(body)),
      confirm: (body) => withRider(context, rideId, body, confirm),
      cancel: (body) => withRider(context, rideId, body, cancel),
      "check-in": (body) => withRider(context, rideId, body, checkIn(body)),
      participants: () => setParticipants(context, rideId),
    },
    UNKNOWN_REGISTRATION_ACTION,
  );
}

type Outcome = { message: string; audit: { action: AuditAction; summary: string } };
type RiderOperation = (context: Context, rider: Registration, ride: Ride) => Promise<Outcome>;

/** The refusal as the admin reads it: what failed, then the service's reason; anything unforeseen is logged. */
function refusal({ services }: Context, what: string, error: unknown) {
  if (error instanceof ValidationError) return failed(400, `Cannot ${what}: ${Object.values(error.errors).join(" ")}`);
  if (error instanceof NotFoundError) return failed(404, RIDER_NOT_FOUND);
  services.logger.error({ err: error }, `${what} failed`);
  return failed(500, `Cannot ${what}: an error occurred. Try again.`);
}

async function withRider(context: Context, rideId: string, body: Record<string, unknown>, operation: RiderOperation) {
  const { services, actor } = context;
  const [rider, ride] = await Promise.all([
    getRegistration(services.db, stringField(body, "id")),
    getRide(services.db, rideId),
  ]);
  if (!ride) return failed(404, RIDE_NOT_FOUND);
  if (!rider || rider.rideId !== ride.id) return failed(404, RIDER_NOT_FOUND);
  let outcome: Outcome;
  try {
    outcome = await operation(context, rider, ride);
  } catch (error) {
    return refusal(context, `change ${rider.reference}`, error);
  }
  notifyContentChanged({ collection: "rides", id: ride.id, action: "updated" });
  await auditChange(services, actor, { collection: "registrations", recordId: rider.id, ...outcome.audit });
  return succeeded(outcome.message);
}

const onRide = (ride: Ride) => `on "${ride.title}"`;

function markPayment(body: Record<string, unknown>): RiderOperation {
  return async ({ services }, rider, ride) => {
    const payment = body.payment === "paid" ? "paid" : body.payment === "due" ? "due" : null;
    if (!payment) throw new ValidationError({ payment: "Payment must be due or paid" });
    await setPayment(services.db, rider.id, payment);
    return {
      message: `${rider.reference} marked as ${payment} successfully`,
      audit: { action: "updated", summary: `Marked booking ${rider.reference} ${onRide(ride)} as ${payment}` },
    };
  };
}

const confirm: RiderOperation = async ({ services }, rider, ride) => {
  await confirmFromWaitlist(services.db, rider.id);
  return {
    message: `${rider.name || rider.reference} confirmed from the waitlist successfully`,
    audit: {
      action: "status-changed",
      summary: `Confirmed booking ${rider.reference} ${onRide(ride)} from the waitlist`,
    },
  };
};

const cancel: RiderOperation = async ({ services }, rider, ride) => {
  const { promoted } = await cancelRegistration(services.db, rider.id);
  const names = promoted.map((entry) => `${entry.name || "a rider"} (${entry.reference})`);
  const references = promoted.map((entry) => entry.reference);
  return {
    message:
      `${rider.name || rider.reference} cancelled successfully` +
      (names.length ? `; confirmed from the waitlist: ${names.join(", ")}` : ""),
    audit: {
      action: "status-changed",
      summary:
        `Cancelled booking ${rider.reference} ${onRide(ride)}` +
        (references.length ? `; confirmed ${references.join(", ")} from the waitlist` : ""),
    },
  };
};

function checkIn(body: Record<string, unknown>): RiderOperation {
  return async ({ services }, rider, ride) => {
    if (typeof body.checkedIn !== "boolean")
      throw new ValidationError({ checkedIn: "Say whether the rider checked in" });
    await setCheckedIn(services.db, rider.id, body.checkedIn);
    return body.checkedIn
      ? {
          message: `${rider.name || rider.reference} checked in successfully`,
          audit: { action: "updated", summary: `Checked in booking ${rider.reference} ${onRide(ride)}` },
        }
      : {
          message: `Check-in of ${rider.name || rider.reference} undone`,
          audit: { action: "updated", summary: `Undid the check-in of booking ${rider.reference} ${onRide(ride)}` },
        };
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
  await auditChange(services, actor, {
    action: "updated",
    collection: "rides",
    recordId: ride.id,
    summary: `Set the participants of "${ride.title}" to ${participants} (riders checked in)`,
  });
  return succeeded(`Participants set to ${participants} successfully`, { participants });
}
