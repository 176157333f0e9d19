import type { Selectable } from "kysely";
import type { Ride } from "~/domain/ride";
import type { Command } from "~/server/commands/command.server";
import type { Database, RegistrationsTable } from "~/server/db/schema.server";
import { NotFoundError, refuse } from "~/server/validation/errors.server";
import { restateStats } from "~/server/content/stats.server";
import { type RideWriteOptions, setRideParticipants } from "~/server/rides/rides.server";
import { lockRide } from "~/server/registrations/seats.server";
import { registrationFromRow, type Registration, updateRegistrationRow } from "~/server/registrations/rows.server";
import { registrationCounts } from "~/server/registrations/queries.server";
import { type AdminChange, withRegistrationById } from "~/server/registrations/locked-registration.server";
import { adminChanged, RIDE_NOT_FOUND } from "~/server/registrations/admin-changes.server";
import { onRide } from "~/server/registrations/booking-audit.server";

// Check-in at flag-off (docs/features/ride-day.md): the Check-in page's and the ride-day sync's
// one write, and the ride's participants counted from it.

export const CHECK_IN_CONFIRMED_ONLY = "Only a confirmed rider can check in";

/**
 * Check-in at flag-off, or its undo. Only a confirmed rider checks in: the status is read
 * under the ride's lock, and the write holds only while it is still confirmed, so a
 * cancellation at the same moment never leaves a cancelled rider checked in.
 */
export async function setCheckedIn(
  db: Database,
  id: string,
  checkedIn: boolean,
  change: AdminChange,
): Promise<Registration> {
  return withRegistrationById(
    db,
    id,
    async (command, row, ride) => {
      const registration = await checkInLocked(command, change, row, ride, checkedIn);
      // A completed ride's check-ins count its happy riders (product.md#statistics): one corrected
      // after the ride changes them. A ride to come counts none yet.
      if (ride?.status === "completed") await restateStats(command);
      return registration;
    },
    change,
  );
}

/**
 * setCheckedIn's write, for a command that holds the ride's lock and read `row` under it: the
 * Check-in page's and the ride-day sync's one path (app/features/ride-day/server). `at` is when the
 * captain checked the rider in (a phone offline tapped earlier than it tells); the command's
 * time by default.
 */
export async function checkInLocked(
  command: Command,
  change: AdminChange,
  row: Selectable<RegistrationsTable>,
  ride: Ride | null,
  checkedIn: boolean,
  at: Date = command.now,
): Promise<Registration> {
  const { trx, now } = command;
  let updated: Selectable<RegistrationsTable>;
  if (!checkedIn) {
    updated = await updateRegistrationRow(trx, row.id, { checked_in_at: null }, now).executeTakeFirstOrThrow();
  } else {
    if (row.status !== "confirmed") refuse(CHECK_IN_CONFIRMED_ONLY);
    updated = await updateRegistrationRow(trx, row.id, { checked_in_at: row.checked_in_at ?? at.toISOString() }, now)
      .where("status", "=", "confirmed")
      .executeTakeFirstOrThrow();
  }
  const summary = checkedIn
    ? `Checked in booking ${row.reference}${onRide(ride)}`
    : `Undid the check-in of booking ${row.reference}${onRide(ride)}`;
  await adminChanged(command, change, row, "updated", summary);
  return registrationFromRow(updated);
}

/**
 * "Set participants to N": the ride's participants become its confirmed riders checked in,
 * counted under the ride's lock, so no check-in or cancellation lands between count and write.
 */
export function setParticipantsFromCheckIns(
  db: Database,
  rideId: string,
  options: RideWriteOptions = {},
): Promise<Ride> {
  return setRideParticipants(
    db,
    rideId,
    async (trx) => {
      if (!(await lockRide(trx, rideId))) throw new NotFoundError(RIDE_NOT_FOUND);
      return (await registrationCounts(trx, [rideId])).get(rideId)?.checkedIn ?? 0;
    },
    options,
  );
}
