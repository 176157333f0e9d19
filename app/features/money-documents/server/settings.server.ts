import type { AuditActor } from "~/domain/audit";
import type { Command } from "~/server/commands/command.server";
import type { Executor } from "~/server/db/schema.server";
import { type DocumentSettings, documentSettingsOf } from "~/features/money-documents/domain/settings";

// The organiser's settings money documents are issued under: one row, read by every issue.

const ROW_ID = "organiser";

export async function readDocumentSettings(executor: Executor): Promise<DocumentSettings> {
  const row = await executor
    .selectFrom("money_document_settings")
    .select("data")
    .where("id", "=", ROW_ID)
    .executeTakeFirst();
  return documentSettingsOf(row?.data);
}

/** An owner saved the settings: from the next document on (those issued keep what they print). */
export async function writeDocumentSettings(
  command: Command,
  settings: DocumentSettings,
  actor: AuditActor,
): Promise<void> {
  const values = { id: ROW_ID, data: JSON.stringify(settings), updated_at: command.now.toISOString() };
  await command.trx
    .insertInto("money_document_settings")
    .values(values)
    .onConflict((conflict) => conflict.column("id").doUpdateSet({ data: values.data, updated_at: values.updated_at }))
    .execute();
  await command.audit(actor, {
    action: "updated",
    collection: "moneyDocuments",
    recordId: ROW_ID,
    summary: settings.gstMode ? "Money documents: GST mode on" : "Money documents: GST mode off",
  });
}
