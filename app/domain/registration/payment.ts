// A registration's booking reference and the UPI link that pays its booking amount (decision 019).

/**
 * Letters and digits nobody confuses when reading a reference aloud or copying it from a
 * screenshot: no 0/O, 1/I/L.
 */
export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const REFERENCE_PREFIX = "RB-";
export const REFERENCE_LENGTH = 4;

/**
 * A reference from REFERENCE_LENGTH numbers, each below the alphabet's length (the server draws
 * them with crypto.randomInt).
 */
export function referenceFrom(indices: readonly number[]): string {
  return REFERENCE_PREFIX + indices.map((index) => REFERENCE_ALPHABET[index]).join("");
}

/**
 * The amount of a price text in rupees with paise ('2000.00'), or null when the text is not
 * one plain amount: '₹2,000', 'Rs. 2000', 'INR 1,00,000', '2000/-' are read; '₹2,000 per
 * person', '2k' or zero are not, and then no payment link is offered.
 */
export function rupeeAmount(value: string): string | null {
  const match = /^(?:₹|rs\.?|inr)?\s*(\d{1,3}(?:,\d{2,3})*|\d+)(?:\.(\d{1,2}))?\s*(?:\/-)?$/i.exec(value.trim());
  if (!match) return null;
  const rupees = Number(match[1]!.replaceAll(",", ""));
  const paise = (match[2] ?? "").padEnd(2, "0");
  if (!Number.isSafeInteger(rupees) || (rupees === 0 && Number(paise) === 0)) return null;
  return `${rupees}.${paise}`;
}

/** A UPI id (virtual payment address): 'name@bank'. */
export const UPI_ID = /^[\w.-]{2,256}@[a-z][a-z0-9]{1,63}$/i;

export type UpiPayment = {
  /** The payee's UPI id. */
  payeeId: string;
  /** The name the payer's app shows for the payee. */
  payeeName: string;
  /** The ride's booking cost as the admin wrote it. */
  bookingCost: string;
  /** The booking reference, the payment's note: the admin matches payments by it. */
  reference: string;
};

/**
 * Percent-encodes a query value as RFC 3986 asks (space as %20, never '+', which several UPI
 * apps show literally), keeping '@' in UPI ids readable.
 */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replaceAll("%40", "@");
}

/**
 * The `upi://pay` link (NPCI's UPI linking specification) that opens the payer's UPI app
 * with payee, amount and note filled in; null when the payee or the amount cannot be read.
 */
export function upiPaymentLink(payment: UpiPayment): string | null {
  const amount = rupeeAmount(payment.bookingCost);
  const payeeId = payment.payeeId.trim();
  if (amount === null || !UPI_ID.test(payeeId)) return null;
  const params: [string, string][] = [
    ["pa", payeeId],
    ["pn", payment.payeeName.trim()],
    ["am", amount],
    ["cu", "INR"],
    ["tn", payment.reference],
  ];
  return `upi://pay?${params.map(([key, value]) => `${key}=${encodeValue(value)}`).join("&")}`;
}
