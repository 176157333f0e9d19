import { amountOf, paiseOf } from "~/domain/registration/balance";
import { rupeeAmount } from "~/domain/registration/payment";
import { MAX_CREDIT_PAISE } from "./credit";

// What an admin types for the credit ledger (docs/features/credit.md): amounts in rupees, read
// as the site reads a price ('1500', '₹1,500', '1500.50'), counted in paise.

/** The registration form's checkbox: spend the signed-in rider's credit on the booking amount. */
export const USE_CREDIT_FIELD = "useCredit";
export const MAX_CREDIT_NOTE_LENGTH = 500;
export const CREDIT_AMOUNT_MESSAGE = "Enter the amount in rupees, such as 1500 or 1500.50, at most ₹1,00,00,000";
export const ADJUSTMENT_AMOUNT_MESSAGE =
  "Enter the amount in rupees, + to add or − to take off, such as +500 or -500, at most ₹1,00,00,000";
export const NOTE_REQUIRED = "Say why in a note";
export const NOTE_TOO_LONG = `The note must be at most ${MAX_CREDIT_NOTE_LENGTH} characters`;

/** A positive amount in paise up to MAX_CREDIT_PAISE, or null when the text is not one. */
export function creditAmountPaise(value: unknown): number | null {
  const paise = typeof value === "string" ? paiseOf(rupeeAmount(value)) : null;
  return paise !== null && paise <= MAX_CREDIT_PAISE ? paise : null;
}

/** A signed adjustment in paise ('+500', '-500', '−500', '500'), or null when the text is not one. */
export function adjustmentPaise(value: unknown): number | null {
  if (typeof value !== "string") return null;
  // The amount is everything after the sign, line breaks included (a pasted "500\n1" is no amount).
  const match = /^\s*([+\-−])?\s*([\s\S]*)$/.exec(value);
  const paise = match ? creditAmountPaise(match[2]!) : null;
  if (paise === null) return null;
  return match![1] === "-" || match![1] === "−" ? -paise : paise;
}

/** The note of an adjustment: required, one paragraph at most; an error message or the trimmed text. */
export function adjustmentNote(value: unknown): { ok: true; note: string } | { ok: false; message: string } {
  const note = typeof value === "string" ? value.trim() : "";
  if (note === "") return { ok: false, message: NOTE_REQUIRED };
  if (note.length > MAX_CREDIT_NOTE_LENGTH) return { ok: false, message: NOTE_TOO_LONG };
  return { ok: true, note };
}

/** Paise as an amount field starts: '10000', '8000.50'. */
export function rupeesField(paise: number): string {
  const abs = Math.abs(paise);
  return abs % 100 === 0 ? String(abs / 100) : amountOf(abs);
}
