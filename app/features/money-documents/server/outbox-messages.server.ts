import type { OutboxLabels } from "~/server/registries/feature.server";

/** What issuing leaves in the outbox (decision 029), delivered by the feature's descriptor (feature.server.ts). */
export type MoneyDocumentsMessage =
  /** A money document just issued, mailed to the booking's rider with its PDF, written when sent. */
  { kind: "money-document-mail"; documentId: string };

export const moneyDocumentsLabels: OutboxLabels<MoneyDocumentsMessage> = {
  "money-document-mail": (_message, reference) => `Receipt mail for booking ${reference}`,
};
