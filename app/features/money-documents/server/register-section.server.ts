import { registerSection } from "~/server/registries/register-section.server";
import { readDocumentSettings } from "./settings.server";

/** In GST mode the registration form asks the rider's state and an optional GSTIN (docs/features/money-documents.md). */
export const moneyDocumentsRegisterSection = registerSection<{ asksTaxDetails: boolean }>({
  load: async ({ services: { db } }) => ({ props: { asksTaxDetails: (await readDocumentSettings(db)).gstMode } }),
});
