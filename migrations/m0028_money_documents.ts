import type { Kysely } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
//
// A numbered document for every rupee (issue 37, docs/features/money-documents.md): the payment
// receipts, receipt vouchers, tax invoices, refund vouchers and corrections issued for bookings'
// ledger entries, each frozen as printed; the counters that number them gapless per series and
// financial year; and the organiser's GST settings they are issued under.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("money_documents")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("registration_id", "text", (c) => c.notNull().references("registrations.id"))
    .addColumn("ride_id", "text", (c) => c.notNull())
    // The ledger entry it documents (a payment, a refund, a voided payment's correction); null: a tax invoice.
    .addColumn("entry_id", "text")
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("series", "text", (c) => c.notNull())
    // '2026-27': India's financial year, April to March.
    .addColumn("financial_year", "text", (c) => c.notNull())
    .addColumn("number", "integer", (c) => c.notNull())
    // What is printed: series, year and number, at most 16 characters (GST Rule 46).
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addColumn("amount_paise", "integer", (c) => c.notNull())
    // JSON of everything printed, frozen when issued: a document is never edited.
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("corrects_document_id", "text")
    .execute();
  await db.schema
    .createIndex("money_documents_number")
    .on("money_documents")
    .columns(["series", "financial_year", "number"])
    .unique()
    .execute();
  // One document of a type per ledger entry: issuing twice finds it issued.
  await db.schema
    .createIndex("money_documents_entry")
    .on("money_documents")
    .columns(["entry_id", "type"])
    .unique()
    .where("entry_id", "is not", null)
    .execute();
  await db.schema.createIndex("money_documents_registration").on("money_documents").column("registration_id").execute();
  await db.schema.createIndex("money_documents_issued").on("money_documents").column("issued_at").execute();
  await db.schema
    .createTable("document_counters")
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("financial_year", "text", (c) => c.notNull())
    .addColumn("last_number", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("document_counters_pk", ["series", "financial_year"])
    .execute();
  await db.schema
    .createTable("money_document_settings")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    // JSON: GST mode on or off, the organiser's legal name, address, GSTIN and state.
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("money_document_settings").execute();
  await db.schema.dropTable("document_counters").execute();
  await db.schema.dropTable("money_documents").execute();
}
