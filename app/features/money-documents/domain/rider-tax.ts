import { gstinProblem, normalGstin } from "./gstin";
import { isStateCode } from "./states";

// What a rider tells for their documents in GST mode (docs/features/money-documents.md): their
// state (the place of supply) and, for a business, its GSTIN. Kept in the registration's `data`
// with their other answers: personal data, erased with them.

export const RIDER_STATE_FIELD = "gstState";
export const RIDER_GSTIN_FIELD = "gstin";

export type RiderTax = { stateCode: string; gstin: string };

/** The registration's stored answers' tax part ('' where not given). */
export function riderTaxOf(data: Record<string, unknown>): RiderTax {
  const state = data[RIDER_STATE_FIELD];
  const gstin = data[RIDER_GSTIN_FIELD];
  return {
    stateCode: isStateCode(state) ? state : "",
    gstin: typeof gstin === "string" ? gstin : "",
  };
}

/** The form's state and GSTIN checked: what to keep, or a message per field. */
export function readRiderTax(
  values: Record<string, unknown>,
): { ok: true; tax: RiderTax } | { ok: false; errors: Record<string, string> } {
  const stateCode = typeof values[RIDER_STATE_FIELD] === "string" ? (values[RIDER_STATE_FIELD] as string).trim() : "";
  const gstin = normalGstin(typeof values[RIDER_GSTIN_FIELD] === "string" ? (values[RIDER_GSTIN_FIELD] as string) : "");
  const errors: Record<string, string> = {};
  if (!isStateCode(stateCode))
    errors[RIDER_STATE_FIELD] = "Choose your state: it is the place of supply on your receipts.";
  if (gstin) {
    const problem = gstinProblem(gstin);
    if (problem) errors[RIDER_GSTIN_FIELD] = problem;
    else if (isStateCode(stateCode) && gstin.slice(0, 2) !== stateCode)
      errors[RIDER_GSTIN_FIELD] = "This GSTIN is of another state: its first two digits are the state's code.";
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, tax: { stateCode, gstin } };
}
