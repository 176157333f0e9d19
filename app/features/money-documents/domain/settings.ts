import { z } from "zod";
import { DEFAULT_RATE_BASIS_POINTS, DEFAULT_SAC } from "./gst";
import { gstinProblem, normalGstin } from "./gstin";
import { isStateCode } from "./states";

// The organiser's settings money documents are issued under (owners only): GST mode off prints
// payment and refund receipts; on, receipt vouchers, tax invoices and refund vouchers under the
// organiser's legal name, address, GSTIN and state, at the SAC and rate set here.

export type DocumentSettings = {
  gstMode: boolean;
  legalName: string;
  address: string;
  gstin: string;
  stateCode: string;
  sac: string;
  rateBasisPoints: number;
};

export const DEFAULT_DOCUMENT_SETTINGS: DocumentSettings = {
  gstMode: false,
  legalName: "",
  address: "",
  gstin: "",
  stateCode: "",
  sac: DEFAULT_SAC,
  rateBasisPoints: DEFAULT_RATE_BASIS_POINTS,
};

const stored = z
  .object({
    gstMode: z.boolean(),
    legalName: z.string(),
    address: z.string(),
    gstin: z.string(),
    stateCode: z.string(),
    sac: z.string(),
    rateBasisPoints: z.number().int().min(0).max(4000),
  })
  .partial();

/** Stored settings as the code reads them: anything missing or malformed is the default. */
export function documentSettingsOf(json: string | null | undefined): DocumentSettings {
  if (!json) return DEFAULT_DOCUMENT_SETTINGS;
  try {
    const parsed = stored.safeParse(JSON.parse(json));
    return parsed.success ? { ...DEFAULT_DOCUMENT_SETTINGS, ...parsed.data } : DEFAULT_DOCUMENT_SETTINGS;
  } catch {
    return DEFAULT_DOCUMENT_SETTINGS;
  }
}

/** The settings form's fields, checked: the settings, or a message per field. */
export function readSettingsForm(
  values: Record<string, string>,
): { ok: true; settings: DocumentSettings } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const gstMode = values.gstMode === "on";
  const legalName = (values.legalName ?? "").trim();
  const address = (values.address ?? "").trim();
  const gstin = normalGstin(values.gstin ?? "");
  const stateCode = (values.stateCode ?? "").trim();
  const sac = (values.sac ?? "").trim() || DEFAULT_SAC;
  const rate = Number((values.rate ?? "").trim() || "5");
  if (legalName.length > 200) errors.legalName = "At most 200 characters.";
  if (address.length > 500) errors.address = "At most 500 characters.";
  if (stateCode && !isStateCode(stateCode)) errors.stateCode = "Choose a state from the list.";
  if (!/^\d{4,8}$/.test(sac)) errors.sac = "A SAC is 4 to 8 digits (tour operators: 998555).";
  if (!Number.isFinite(rate) || rate < 0 || rate > 40 || Math.round(rate * 100) !== rate * 100)
    errors.rate = "A rate in percent, 0 to 40, at most two decimals.";
  if (gstin) {
    const problem = gstinProblem(gstin);
    if (problem) errors.gstin = problem;
    else if (stateCode && gstin.slice(0, 2) !== stateCode) errors.gstin = "A GSTIN starts with its state's code.";
  }
  if (gstMode) {
    if (!legalName) errors.legalName = "GST mode needs the legal name.";
    if (!address) errors.address = "GST mode needs the address.";
    if (!gstin) errors.gstin ??= "GST mode needs the GSTIN.";
    if (!stateCode) errors.stateCode ??= "GST mode needs the state.";
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    settings: { gstMode, legalName, address, gstin, stateCode, sac, rateBasisPoints: Math.round(rate * 100) },
  };
}
