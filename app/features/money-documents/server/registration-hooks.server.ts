import { readRiderTax, RIDER_GSTIN_FIELD, RIDER_STATE_FIELD } from "~/features/money-documents/domain/rider-tax";
import type { RegistrationHooks } from "~/server/registries/registration-hooks.server";
import { readDocumentSettings } from "./settings.server";

function inputOf(input: unknown): Record<string, unknown> {
  return input && typeof input === "object" ? (input as Record<string, unknown>) : {};
}

function readData(data: string): Record<string, unknown> {
  try {
    return inputOf(JSON.parse(data));
  } catch {
    return {};
  }
}

/**
 * In GST mode a rider's form gives their state and may give a business GSTIN
 * (docs/features/money-documents.md): checked with the form, kept with their other answers in
 * the registration's data (personal data: an erasure empties it).
 */
export const moneyDocumentsRegistrationHooks: RegistrationHooks = {
  checkForm: async (trx, { input }) => {
    if (!(await readDocumentSettings(trx)).gstMode) return { ok: true, columns: {} };
    const read = readRiderTax(inputOf(input));
    return read.ok ? { ok: true, columns: {} } : read;
  },
  registered: async (command, { row, input }) => {
    const read = readRiderTax(inputOf(input));
    // Outside GST mode the form asks nothing: nothing is kept.
    if (!read.ok) return row;
    const data = JSON.stringify({
      ...readData(row.data),
      [RIDER_STATE_FIELD]: read.tax.stateCode,
      ...(read.tax.gstin ? { [RIDER_GSTIN_FIELD]: read.tax.gstin } : {}),
    });
    await command.trx.updateTable("registrations").set({ data }).where("id", "=", row.id).execute();
    return { ...row, data };
  },
};
