import { RIDER_ACTOR } from "~/domain/audit";
import { readSavedDetails, type SavedDetails } from "~/features/rider-accounts/domain/account";
import { savedDetailsFrom } from "~/features/rider-accounts/domain/saved-details";
import type { RegistrationInput } from "~/domain/registration/input";
import type { Command } from "~/server/commands/command.server";
import type { Executor } from "~/server/db/schema.server";

// A rider's saved details (docs/features/rider-data.md): written only with their consent (a
// registration's box, or their own /me/details page: my-details.server.ts), cleared when they
// forget them. The trail says that the details changed, never what they are. Imports no command
// runner: a registration's command keeps them (registration-hooks.server.ts).

export type KeptDetails = { details: SavedDetails; savedAt: string };

/** The rider's saved details and when they were saved, or null when they keep none. */
export async function savedDetailsOf(db: Executor, riderId: string): Promise<KeptDetails | null> {
  const row = await db
    .selectFrom("riders")
    .select(["details", "details_saved_at"])
    .where("id", "=", riderId)
    .executeTakeFirst();
  const details = readSavedDetails(row?.details ?? null);
  return details && row ? { details, savedAt: row.details_saved_at ?? "" } : null;
}

export async function writeDetails(command: Command, riderId: string, details: SavedDetails | null, summary: string) {
  const result = await command.trx
    .updateTable("riders")
    .set({
      details: details ? JSON.stringify(details) : null,
      details_saved_at: details ? command.now.toISOString() : null,
    })
    .where("id", "=", riderId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await command.audit(RIDER_ACTOR, { action: "updated", collection: "riders", recordId: riderId, summary });
  return true;
}

/**
 * Inside a registration's command: keeps its validated answers as the rider's saved details,
 * with the booking, in the same transaction. An account erased meanwhile keeps nothing.
 */
export async function keepRegistrationDetails(
  command: Command,
  riderId: string,
  fields: RegistrationInput,
): Promise<void> {
  const earlier = await savedDetailsOf(command.trx, riderId);
  await writeDetails(
    command,
    riderId,
    savedDetailsFrom(fields, earlier?.details ?? null),
    "A rider saved their details from a registration",
  );
}
