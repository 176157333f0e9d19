import { type BookingWaiver, waiverStateOf } from "~/features/waivers/domain/waiver";
import type { Executor } from "~/server/db/schema.server";
import type { Registration } from "~/server/registrations/rows.server";
import { currentWaiver } from "./current-waiver.server";
import { waiverVersionById } from "./waivers.server";

/**
 * A rider's waiver as their booking page shows it: the version they accepted, in full as it was
 * then, and the current one while they have not accepted it (a cancelled booking accepts
 * nothing). Null when there is neither.
 */
export async function bookingWaiver(db: Executor, registration: Registration): Promise<BookingWaiver | null> {
  const [current, accepted] = await Promise.all([
    currentWaiver(db, registration.rideId),
    registration.waiverId ? waiverVersionById(db, registration.waiverId) : null,
  ]);
  const state = waiverStateOf(current, registration.waiverId);
  const mustAccept = current && state !== "accepted" && registration.status !== "cancelled";
  if (!accepted && !mustAccept) return null;
  return {
    state,
    accepted:
      accepted && registration.waiverAcceptedAt
        ? {
            version: accepted.version,
            text: accepted.text,
            name: registration.waiverName,
            at: registration.waiverAcceptedAt,
          }
        : null,
    toAccept: mustAccept ? { id: current.id, version: current.version, text: current.text } : null,
  };
}
