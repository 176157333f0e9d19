import { REFERENCE_ALPHABET, REFERENCE_LENGTH, REFERENCE_PREFIX } from "../registration/payment";

// The cells of a bank statement line as Indian banks write them (docs/features/bank-statements.md):
// each reader takes one cell's text and answers a plain value, or null when it cannot read it.

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

// A time after the date ('01/04/2024 10:15:23', ISO's 'T10:15') is allowed and ignored.
const TIME = String.raw`(?:[\sT].*)?$`;
const ISO_DATE = new RegExp(String.raw`^(\d{4})-(\d{1,2})-(\d{1,2})${TIME}`);
const NUMERIC_DATE = new RegExp(String.raw`^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})${TIME}`);
const NAMED_MONTH_DATE = new RegExp(String.raw`^(\d{1,2})[\s-]+([a-z]{3})[a-z]*\.?[\s,-]+(\d{4}|\d{2})${TIME}`, "i");

/**
 * 'YYYY-MM-DD' from a statement's date: dd/mm/yyyy, dd-mm-yy, dd.mm.yyyy, dd MMM yyyy,
 * dd-MMM-yy or yyyy-mm-dd. Indian banks write the day first, so 04/01/2024 is 4 January; a
 * two-digit year is of this century. Null for anything else, or a day the calendar lacks.
 */
export function statementDate(text: string): string | null {
  const parts = dateParts(text.trim());
  if (!parts) return null;
  const [yearText, month, day] = parts;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  // Date.UTC rolls 31/02 over into March: the day exists only if it comes back unchanged.
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Year (as written), month and day of a date cell in one of the shapes statementDate reads. */
function dateParts(cell: string): [string, number, number] | null {
  const iso = ISO_DATE.exec(cell);
  if (iso) return [iso[1]!, Number(iso[2]), Number(iso[3])];
  const numeric = NUMERIC_DATE.exec(cell);
  if (numeric) return [numeric[3]!, Number(numeric[2]), Number(numeric[1])];
  const named = NAMED_MONTH_DATE.exec(cell);
  const month = named ? MONTHS.indexOf(named[2]!.toLowerCase()) : -1;
  return named && month !== -1 ? [named[3]!, month + 1, Number(named[1])] : null;
}

/** Which way money moved, when the cell or a Cr/Dr column says so. */
export type Direction = "credit" | "debit";

export type CellAmount = { paise: number; direction: Direction | null };

// '1,00,000.50' (Indian grouping) or '100,000.50' or '100000.5'; an optional ₹/Rs/INR; a sign
// before, or Cr/Dr after ('500.00 Cr', '500.00(Dr)'), as banks with one amount column write them.
const AMOUNT = /^([+-])?\s*(?:₹|rs\.?|inr)?\s*([+-])?\s*(\d+(?:,\d+)*)(?:\.(\d{1,2}))?\s*(?:\(?\s*(cr|dr)\.?\s*\)?)?$/i;

/**
 * An amount cell in paise and the direction it states (a minus or 'Dr' says debit, 'Cr'
 * credit, nothing says nothing); null when the cell is not one amount. Read from the text,
 * never through a float, so 0.29 is 29 paise.
 */
export function cellAmount(text: string): CellAmount | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  const rupees = Number(match[3]!.replaceAll(",", ""));
  const paise = rupees * 100 + Number((match[4] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(paise)) return null;
  const suffix = match[5]?.toLowerCase();
  const negative = match[1] === "-" || match[2] === "-";
  const direction = negative || suffix === "dr" ? "debit" : suffix === "cr" ? "credit" : null;
  return { paise, direction };
}

/** A cell that holds no amount: empty, or the dash some banks write in the other column. */
export function isBlankAmount(text: string): boolean {
  return /^[\s\-–—]*$/.test(text);
}

/** What a Cr/Dr column says: 'Cr', 'CR', 'C', 'Credit', 'Deposit' or their debit twins; null otherwise. */
export function cellDirection(text: string): Direction | null {
  const cell = text.trim().toLowerCase().replace(/\.$/, "");
  if (["cr", "c", "credit", "deposit"].includes(cell)) return "credit";
  if (["dr", "d", "debit", "withdrawal"].includes(cell)) return "debit";
  return null;
}

/** Whether a narration or reference names UPI as a word of its own ('UPI/…', 'UPI-…', 'BY TRANSFER-UPI/CR/…'). */
export function mentionsUpi(text: string): boolean {
  return /(?:^|[^a-z])upi(?:[^a-z]|$)/i.test(text);
}

// A reference cell that is a UTR and nothing else: '412345678901', HDFC's zero-padded
// '0000412345678901', Kotak's 'UPI-412345678901'. A cell with more in it (SBI's 'TRANSFER FROM
// 4897691162097', an account number) is not read, so an account number is never taken for a UTR.
const REFERENCE_UTR = /^(?:upi[\s/:-]*)?0*(\d{12})$/i;
// Twelve digits standing alone: not part of a longer number, a word, or a UPI id
// ('919876543210@paytm' is a phone number with its country code, not a UTR).
const NARRATION_UTR = /(?<![\p{L}\d.@])(\d{12})(?![\p{L}\d@])/u;

/**
 * The 12-digit UPI transaction number (UTR, RRN) of a line: the reference cell when it holds
 * one, else the first one in the narration (every bank's layout puts the UTR before the
 * payer's note, so a number in the note does not win). Null when there is none.
 */
export function lineUtr(reference: string, narration: string): string | null {
  return REFERENCE_UTR.exec(reference.trim())?.[1] ?? NARRATION_UTR.exec(narration)?.[1] ?? null;
}

// 'RB-7K3Q' as a payment note carries it; the hyphen may be a space or gone, as some banks
// strip punctuation from notes ('RB7K3Q'), and any case, as some banks upper- or lower-case them.
const BOOKING_REFERENCE = new RegExp(
  String.raw`(?<![a-z\d])${REFERENCE_PREFIX.replace("-", "")}[\s-]?([${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}})(?![a-z\d])`,
  "i",
);

/** The first booking reference in a narration, written as the site writes it ('RB-7K3Q'), or null. */
export function narrationReference(narration: string): string | null {
  const code = BOOKING_REFERENCE.exec(narration)?.[1];
  return code ? REFERENCE_PREFIX + code.toUpperCase() : null;
}
