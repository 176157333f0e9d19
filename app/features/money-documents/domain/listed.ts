import { formatIndianTime } from "~/domain/indian-time";
import { DOCUMENT_TITLES, type MoneyDocumentType } from "./document";
import { formatDocumentAmount } from "./money";

/** A money document as a rider's lists show it (booking page, My rides). */
export type ListedDocument = { code: string; title: string; issued: string; amount: string };

export function listedDocument(document: {
  code: string;
  type: MoneyDocumentType;
  issuedAt: string;
  amountPaise: number;
}): ListedDocument {
  return {
    code: document.code,
    title: DOCUMENT_TITLES[document.type],
    issued: formatIndianTime(document.issuedAt),
    amount: formatDocumentAmount(document.amountPaise),
  };
}
