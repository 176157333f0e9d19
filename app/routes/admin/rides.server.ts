import { INVALID_RIDE_ID, RIDE_MESSAGES } from "~/domain/messages";
import type { RideStatus } from "~/domain/ride";
import { ConflictError, NotFoundError, ValidationError } from "~/server/validation/errors.server";
import { createRide, reorderRides, setRideStatus, updateRide } from "~/server/rides/rides.server";
import { deleteRideAndRoute } from "~/server/ride-routes/ride-routes.server";
import { completeEndedRides, savePublishingSettings } from "~/server/publishing/auto-status.server";
import { dispatchIntent } from "~/server/admin/intent-dispatch.server";
import {
  type AdminActionContext as Context,
  failed,
  failedWrite,
  stringField,
  succeeded,
} from "~/server/admin/respond.server";

/** A refused stale save (product.md#live-updates); it starts with 'Cannot' so it shows as an error. */
export const RIDE_CONFLICT_MESSAGE =
  "Cannot save: this ride was changed by someone else while you were editing. Load their version, or keep yours and save again.";
export const RIDE_VERSION_MISSING = "The ride's version is missing: reload the ride and edit it again";
export const UNKNOWN_RIDE_ACTION = "Unknown ride action";
export const AUTO_STATUS_MESSAGES = {
  on: (completed: number) =>
    `Ended rides are now marked completed automatically${completed > 0 ? ` (${completed} just now)` : ""}.`,
  off: "Ended rides are no longer marked completed automatically.",
  failed: "Failed to save the automatic status",
  invalid: "Choose on or off",
} as const;

/**
 * The Ride Management page's operations, one JSON body each: { intent, … }. Every rule is
 * checked here or in the rides service, whatever the browser did or did not check.
 */
export async function rideAction(request: Request, context: Context) {
  return dispatchIntent(
    request,
    context,
    { create, update, delete: remove, status: changeStatus, reorder, autoStatus },
    UNKNOWN_RIDE_ACTION,
  );
}

async function create(body: Record<string, unknown>, { services, actor }: Context) {
  try {
    const copy = stringField(body, "copyOf") !== "";
    const ride = await createRide(services.db, body.ride, { actor, draft: body.draft === true, copy });
    return succeeded(RIDE_MESSAGES.added, { id: ride.id });
  } catch (error) {
    return failedWrite(services, error, RIDE_MESSAGES.addFailed, "adding a ride failed");
  }
}

async function update(body: Record<string, unknown>, { services, actor }: Context) {
  const id = stringField(body, "id");
  const version = body.version;
  // The version column is a 32-bit integer on PostgreSQL: a larger number could not even be compared.
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1 || version > 2 ** 31 - 1) {
    return failed(400, RIDE_MESSAGES.updateFailed, { version: RIDE_VERSION_MISSING });
  }
  try {
    // Seats the save added go to the waitlist in the same command, not at the next cancellation.
    const ride = await updateRide(services.db, id, body.ride, { expectedVersion: version, actor });
    return succeeded(RIDE_MESSAGES.updated, { id: ride.id });
  } catch (error) {
    if (error instanceof ConflictError)
      return failed(409, RIDE_CONFLICT_MESSAGE, undefined, { conflict: error.current });
    return failedWrite(services, error, RIDE_MESSAGES.updateFailed, "updating a ride failed", { id });
  }
}

async function remove(body: Record<string, unknown>, { services, actor }: Context) {
  const id = stringField(body, "id");
  if (!id) return failed(400, INVALID_RIDE_ID);
  try {
    await deleteRideAndRoute(services, id, actor);
    return succeeded(RIDE_MESSAGES.deleted);
  } catch (error) {
    // An id that is malformed or names no ride is the same thing to the admin: no such ride.
    if (error instanceof ValidationError || error instanceof NotFoundError) return failed(404, INVALID_RIDE_ID);
    return failedWrite(services, error, RIDE_MESSAGES.deleteFailed, "deleting a ride failed", { id });
  }
}

async function changeStatus(body: Record<string, unknown>, { services, actor }: Context) {
  const id = stringField(body, "id");
  // The service checks the status, as it does every field (a refusal is a ValidationError).
  const status = body.status as RideStatus;
  try {
    await setRideStatus(services.db, id, status, { actor });
    return succeeded(RIDE_MESSAGES.statusUpdated);
  } catch (error) {
    return failedWrite(services, error, RIDE_MESSAGES.statusUpdateFailed, "changing a ride's status failed", { id });
  }
}

async function reorder(body: Record<string, unknown>, { services, actor }: Context) {
  // The service checks the status and the list of ids (a refusal is a ValidationError).
  const status = body.status as RideStatus;
  try {
    await reorderRides(services.db, status, body.ids as string[], { actor });
    return succeeded(RIDE_MESSAGES.orderUpdated);
  } catch (error) {
    return failedWrite(services, error, RIDE_MESSAGES.orderUpdateFailed, "reordering rides failed", { status });
  }
}

/** The automatic status setting (decision 025); turned on, the rides that ended already are marked at once. */
async function autoStatus(body: Record<string, unknown>, { services, actor }: Context) {
  if (typeof body.enabled !== "boolean")
    return failed(400, AUTO_STATUS_MESSAGES.failed, { enabled: AUTO_STATUS_MESSAGES.invalid });
  try {
    const settings = await savePublishingSettings(services.db, { autoCompleteRides: body.enabled }, { actor });
    const completed = await completeEndedRides(services.db);
    return succeeded(settings.autoCompleteRides ? AUTO_STATUS_MESSAGES.on(completed.length) : AUTO_STATUS_MESSAGES.off);
  } catch (error) {
    return failedWrite(services, error, AUTO_STATUS_MESSAGES.failed, "saving the automatic status failed");
  }
}
