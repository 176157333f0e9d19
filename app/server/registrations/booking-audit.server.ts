import { type AuditAction, type AuditCollection, RIDER_ACTOR } from "~/domain/audit";
import type { Ride } from "~/domain/ride";
import type { Command } from "../commands/command.server";

// How the trail names a booking: by its reference only (the trail outlives the riders' personal
// data), with its ride's title while the ride exists.

/** ` on "<the ride's title>"`, or nothing for a registration that outlived its ride. */
export const onRide = (ride: Ride | null) => (ride ? ` on "${ride.title}"` : "");

/**
 * The trail's line of a rider's own change through their private link, by the rider:
 * "Booking <reference> on "<ride>" <what>". The record is the registration unless the change
 * is of another one (their words, say).
 */
export async function auditRiderChange(
  command: Command,
  booking: { id: string; reference: string },
  ride: Ride | null,
  what: string,
  {
    action = "updated",
    collection = "registrations",
    recordId = booking.id,
  }: { action?: AuditAction; collection?: AuditCollection; recordId?: string } = {},
): Promise<void> {
  await command.audit(RIDER_ACTOR, {
    action,
    collection,
    recordId,
    summary: `Booking ${booking.reference}${onRide(ride)} ${what}`,
  });
}
