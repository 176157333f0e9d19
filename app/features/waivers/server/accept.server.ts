import type { Selectable } from "kysely";
import type { Ride } from "~/domain/ride";
import { WAIVER_NAME_FIELD, type WaiverAnswer, waiverAnswerOf, waiverRefusal } from "~/features/waivers/domain/waiver";
import type { Command } from "~/server/commands/command.server";
import type { Database, RegistrationsTable } from "~/server/db/schema.server";
import { auditRiderChange } from "~/server/registrations/booking-audit.server";
import { changeLiveBooking } from "~/server/registrations/rider-changes.server";
import { registrationFromRow, type Registration, updateRegistrationRow } from "~/server/registrations/rows.server";
import { refuse } from "~/server/validation/errors.server";
import { serverClock } from "~/server/clock.server";
import { currentWaiver } from "./current-waiver.server";

export const NO_WAIVER = "This ride has no waiver to accept";

/**
 * The rider accepts the ride's current waiver through their private link, typing their full
 * name, after it changed (or when they registered before it had one). Checked under the ride's
 * lock against the current version, as a registration is: a version read before the next change
 * is refused with the new text to read. Accepting the accepted version again changes nothing.
 */
export function acceptWaiverByToken(db: Database, token: string, input: unknown, now = serverClock()) {
  const answer = waiverAnswerOf(input);
  return changeLiveBooking(db, token, (command, row, ride) => acceptLocked(command, row, ride, answer), now);
}

async function acceptLocked(
  command: Command,
  row: Selectable<RegistrationsTable>,
  ride: Ride | null,
  answer: WaiverAnswer,
): Promise<Registration> {
  const waiver = await currentWaiver(command.trx, row.ride_id);
  if (!waiver) refuse(NO_WAIVER);
  if (row.waiver_id === waiver.id) return registrationFromRow(row);
  const refused = waiverRefusal(waiver, answer, registrationFromRow(row).name);
  if (refused) refuse(refused, WAIVER_NAME_FIELD);
  const updated = await updateRegistrationRow(
    command.trx,
    row.id,
    { waiver_id: waiver.id, waiver_name: answer.name, waiver_accepted_at: command.now.toISOString() },
    command.now,
  ).executeTakeFirstOrThrow();
  await auditRiderChange(command, row, ride, `accepted version ${waiver.version} of the waiver`);
  return registrationFromRow(updated);
}
