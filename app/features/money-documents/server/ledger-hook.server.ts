import type { LedgerHook } from "~/server/registries/feature.server";
import { issueMissingDocuments } from "./issue.server";

/**
 * Every confirmed payment and refund a command writes gets its money document in that command,
 * before it commits (app/features/in-commands.server.ts ledgerHooks; docs/features/money-documents.md),
 * and its mail to the rider in the outbox.
 */
export const issueMoneyDocuments: LedgerHook = async (command, registrationIds) => {
  const issued = await issueMissingDocuments(command, registrationIds);
  if (issued.length === 0) return;
  // Each reaches its rider by mail with its PDF, once the command commits.
  const references = new Map(
    (
      await command.trx
        .selectFrom("registrations")
        .select(["id", "reference"])
        .where("id", "in", [...new Set(issued.map((document) => document.registration_id))])
        .execute()
    ).map((row) => [row.id, row.reference]),
  );
  for (const document of issued) {
    await command.enqueue(
      { kind: "money-document-mail", documentId: document.id },
      references.get(document.registration_id),
    );
  }
};
