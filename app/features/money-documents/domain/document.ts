import type { TaxSplit } from "./gst";

// A money document (docs/features/money-documents.md): what one rupee movement of a booking's
// ledger is printed as. 'Document' alone names the site's content; these are money documents.

export const MONEY_DOCUMENT_TYPES = [
  "payment-receipt",
  "refund-receipt",
  "receipt-voucher",
  "tax-invoice",
  "refund-voucher",
  "correction",
] as const;

export type MoneyDocumentType = (typeof MONEY_DOCUMENT_TYPES)[number];

/**
 * The order types are issued in within one command (a refund voucher names the receipt vouchers
 * issued before it, a correction what it corrects), and so the order a booking lists them in.
 */
export const ISSUE_ORDER: readonly MoneyDocumentType[] = [
  "receipt-voucher",
  "payment-receipt",
  "refund-voucher",
  "refund-receipt",
  "correction",
  "tax-invoice",
];

/** Each type's own gapless series: a financial year's numbers start at 1 in each. */
export const SERIES: Readonly<Record<MoneyDocumentType, string>> = {
  "payment-receipt": "PR",
  "refund-receipt": "RR",
  "receipt-voucher": "RV",
  "tax-invoice": "INV",
  "refund-voucher": "RFV",
  correction: "CN",
};

export const DOCUMENT_TITLES: Readonly<Record<MoneyDocumentType, string>> = {
  "payment-receipt": "Payment receipt",
  "refund-receipt": "Refund receipt",
  "receipt-voucher": "Receipt voucher",
  "tax-invoice": "Tax invoice",
  "refund-voucher": "Refund voucher",
  correction: "Correction",
};

export function isMoneyDocumentType(value: unknown): value is MoneyDocumentType {
  return MONEY_DOCUMENT_TYPES.includes(value as MoneyDocumentType);
}

/** Who issues the documents, as printed. */
export type Organiser = { name: string; address: string; gstin: string | null; stateCode: string | null };

/** Another document this one names: the receipt vouchers a refund voucher returns, what a correction corrects. */
export type DocumentReference = { code: string; type: MoneyDocumentType; issuedAt: string; amountPaise: number };

/** Everything a money document prints, frozen when it is issued (its `body` column). */
export type DocumentBody = {
  type: MoneyDocumentType;
  title: string;
  code: string;
  issuedAt: string;
  organiser: Organiser;
  rider: { name: string; gstin: string | null };
  booking: { reference: string; ride: string; rideDates: string };
  /** '29 Karnataka'; null outside GST mode. */
  placeOfSupply: string | null;
  /** The service's SAC in GST mode. */
  sac: string | null;
  lines: { description: string; amountPaise: number }[];
  /** How the money moved: 'UPI, UTR 123…', 'Online, pay_…', 'Credit'. */
  payment: string | null;
  /** The tax in the total, in GST mode. */
  tax: TaxSplit | null;
  totalPaise: number;
  references: DocumentReference[];
  /** What the law or the rider should know (an advance, a correction's reason). */
  note: string;
};
