import type { Selectable } from "kysely";
import { type DocumentBody, ISSUE_ORDER, type MoneyDocumentType } from "~/features/money-documents/domain/document";
import type { Executor, MoneyDocumentsTable } from "~/server/db/schema.server";

// Reading money documents: a booking's, one by its code, a month's for the accountant.

export type MoneyDocument = {
  id: string;
  registrationId: string;
  rideId: string;
  entryId: string | null;
  type: MoneyDocumentType;
  code: string;
  number: number;
  issuedAt: string;
  amountPaise: number;
  correctsDocumentId: string | null;
  body: DocumentBody;
};

export function moneyDocumentFromRow(row: Selectable<MoneyDocumentsTable>): MoneyDocument {
  return {
    id: row.id,
    registrationId: row.registration_id,
    rideId: row.ride_id,
    entryId: row.entry_id,
    type: row.type as MoneyDocumentType,
    code: row.code,
    number: row.number,
    issuedAt: row.issued_at,
    amountPaise: row.amount_paise,
    correctsDocumentId: row.corrects_document_id,
    body: JSON.parse(row.body) as DocumentBody,
  };
}

/** As issued: by time, then (one command's) in the order types are issued, then by number. */
function inIssueOrder(a: MoneyDocument, b: MoneyDocument): number {
  return (
    a.issuedAt.localeCompare(b.issuedAt) ||
    ISSUE_ORDER.indexOf(a.type) - ISSUE_ORDER.indexOf(b.type) ||
    a.number - b.number
  );
}

/** These bookings' documents, each booking's in the order issued. */
export async function documentsOfBookings(
  executor: Executor,
  registrationIds: readonly string[],
): Promise<MoneyDocument[]> {
  if (registrationIds.length === 0) return [];
  const rows = await executor
    .selectFrom("money_documents")
    .selectAll()
    .where("registration_id", "in", registrationIds)
    .execute();
  return rows.map(moneyDocumentFromRow).sort(inIssueOrder);
}

/**
 * Since when each booking's rider holds it: when they agreed to its form (`agreedAt` in its data).
 * A seat handed on starts afresh there: the documents before name the rider who paid them.
 */
async function heldSince(executor: Executor, registrationIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await executor
    .selectFrom("registrations")
    .select(["id", "data"])
    .where("id", "in", registrationIds)
    .execute();
  return new Map(
    rows.map((row) => {
      let agreedAt: unknown;
      try {
        agreedAt = (JSON.parse(row.data) as { agreedAt?: unknown }).agreedAt;
      } catch {
        agreedAt = undefined;
      }
      return [row.id, typeof agreedAt === "string" ? agreedAt : ""];
    }),
  );
}

/** These bookings' documents their riders may open: those issued since each holds the booking. */
export async function holdersDocuments(
  executor: Executor,
  registrationIds: readonly string[],
): Promise<MoneyDocument[]> {
  if (registrationIds.length === 0) return [];
  const [documents, since] = await Promise.all([
    documentsOfBookings(executor, registrationIds),
    heldSince(executor, registrationIds),
  ]);
  return documents.filter((document) => document.issuedAt >= (since.get(document.registrationId) ?? ""));
}

/** The booking's document of this code its rider may open, or null: a code of another booking opens nothing. */
export async function bookingDocument(
  executor: Executor,
  registrationId: string,
  code: string,
): Promise<MoneyDocument | null> {
  const documents = await holdersDocuments(executor, [registrationId]);
  return documents.find((document) => document.code === code) ?? null;
}

/** Every document issued in [from, to) (ISO instants), in the order issued. */
export async function documentsIssuedBetween(executor: Executor, from: string, to: string): Promise<MoneyDocument[]> {
  const rows = await executor
    .selectFrom("money_documents")
    .selectAll()
    .where("issued_at", ">=", from)
    .where("issued_at", "<", to)
    .execute();
  return rows.map(moneyDocumentFromRow).sort(inIssueOrder);
}
