import type { SavedDetails } from "~/features/rider-accounts/domain/account";
import { savedDetailsInputSchema } from "~/features/rider-accounts/domain/saved-details";
import { runCommand } from "~/server/commands/command.server";
import type { Database } from "~/server/db/schema.server";
import { parseOrThrow } from "~/server/validation/validate.server";
import { serverClock } from "~/server/clock.server";
import { writeDetails } from "./saved-details.server";

// The rider's own changes of their saved details, on /me/details (docs/features/rider-data.md).

/** The rider edits their saved details (/me/details): refused with every field's message, writing nothing. */
export async function updateSavedDetails(
  db: Database,
  riderId: string,
  input: unknown,
  now = serverClock(),
): Promise<SavedDetails> {
  const details = parseOrThrow(savedDetailsInputSchema, input);
  await runCommand(db, (command) => writeDetails(command, riderId, details, "A rider edited their saved details"), now);
  return details;
}

/** The rider forgets their saved details: the next registration form is blank again. */
export async function forgetSavedDetails(db: Database, riderId: string, now = serverClock()): Promise<void> {
  await runCommand(db, (command) => writeDetails(command, riderId, null, "A rider forgot their saved details"), now);
}
