import { stringify } from "csv-stringify/sync";
import type { AuditActor } from "~/domain/audit";
import { formatPlainAmount } from "~/features/money-documents/domain/money";
import { monthRange } from "~/features/money-documents/domain/export-month";
import { runCommand } from "~/server/commands/command.server";
import type { Database } from "~/server/db/schema.server";
import { refuse } from "~/server/validation/errors.server";
import { documentsIssuedBetween, type MoneyDocument } from "./documents.server";

// The accountant's monthly export (docs/features/money-documents.md): every money document issued
// in a month, as CSV and JSON, amounts in rupees with paise. The rider's name stays in the
// documents: the export names bookings by reference, and a business's GSTIN when one was given.

export type ExportRow = {
  code: string;
  type: string;
  issuedAt: string;
  booking: string;
  ride: string;
  placeOfSupply: string;
  riderGstin: string;
  taxable: string;
  cgst: string;
  sgst: string;
  igst: string;
  total: string;
  references: string;
};

function exportRow(document: MoneyDocument): ExportRow {
  const { body } = document;
  const tax = body.tax;
  return {
    code: document.code,
    type: document.type,
    issuedAt: document.issuedAt,
    booking: body.booking.reference,
    ride: body.booking.ride,
    placeOfSupply: body.placeOfSupply ?? "",
    riderGstin: body.rider.gstin ?? "",
    taxable: tax ? formatPlainAmount(tax.taxablePaise) : "",
    cgst: tax ? formatPlainAmount(tax.cgstPaise) : "",
    sgst: tax ? formatPlainAmount(tax.sgstPaise) : "",
    igst: tax ? formatPlainAmount(tax.igstPaise) : "",
    total: formatPlainAmount(document.amountPaise),
    references: body.references.map((reference) => reference.code).join(" "),
  };
}

const HEADERS: Record<keyof ExportRow, string> = {
  code: "Number",
  type: "Type",
  issuedAt: "Issued at (UTC)",
  booking: "Booking",
  ride: "Ride",
  placeOfSupply: "Place of supply",
  riderGstin: "Rider GSTIN",
  taxable: "Taxable value",
  cgst: "CGST",
  sgst: "SGST",
  igst: "IGST",
  total: "Total",
  references: "References",
};

export function documentsCsv(rows: readonly ExportRow[]): string {
  const keys = Object.keys(HEADERS) as (keyof ExportRow)[];
  return stringify(
    rows.map((row) => keys.map((key) => row[key])),
    { header: true, columns: keys.map((key) => HEADERS[key]), bom: true, record_delimiter: "windows" },
  );
}

/** A month's documents for the accountant ('2027-01', India's calendar), the export in the audit trail. */
export async function exportMonth(db: Database, month: string, actor: AuditActor): Promise<ExportRow[]> {
  const range = monthRange(month);
  if (!range) refuse("Choose a month, as 2027-01.", "month");
  const documents = await documentsIssuedBetween(db, range.from, range.to);
  await runCommand(db, (command) =>
    command.audit(actor, {
      action: "exported",
      collection: "moneyDocuments",
      recordId: month,
      summary: `Exported the money documents of ${month} (${documents.length})`,
    }),
  );
  return documents.map(exportRow);
}
