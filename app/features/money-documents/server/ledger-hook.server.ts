import type { LedgerHook } from "~/server/registries/feature.server";
import { issueMissingDocuments } from "./issue.server";

/**
 * Every confirmed payment and refund a command writes gets its money document in that command,
 * before it commits (app/features/in-commands.server.ts ledgerHooks; docs/features/money-documents.md).
 */
export const issueMoneyDocuments: LedgerHook = async (command, registrationIds) => {
  await issueMissingDocuments(command, registrationIds);
};
