import type { AuditActor } from "~/domain/audit";
import { type DocumentSettings, readSettingsForm } from "~/features/money-documents/domain/settings";
import { runCommand } from "~/server/commands/command.server";
import type { Database } from "~/server/db/schema.server";
import { ValidationError } from "~/server/validation/errors.server";
import { writeDocumentSettings } from "./settings.server";

/** An owner saves the GST settings: checked, then one command, audited. */
export async function saveDocumentSettings(
  db: Database,
  values: Record<string, string>,
  actor: AuditActor,
): Promise<DocumentSettings> {
  const read = readSettingsForm(values);
  if (!read.ok) throw new ValidationError(read.errors);
  await runCommand(db, (command) => writeDocumentSettings(command, read.settings, actor));
  return read.settings;
}
