import type { Kysely } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
//
// The payment columns of `registrations` live on as the booking's ledger (m0024, decision 059).
const COLUMNS = ["payment", "utr", "balance_payment", "balance_utr", "credit_paise"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of COLUMNS) await db.schema.alterTable("registrations").dropColumn(column).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const table = () => db.schema.alterTable("registrations");
  await table()
    .addColumn("payment", "text", (c) => c.notNull().defaultTo("due"))
    .execute();
  await table().addColumn("utr", "text").execute();
  await table()
    .addColumn("balance_payment", "text", (c) => c.notNull().defaultTo("due"))
    .execute();
  await table().addColumn("balance_utr", "text").execute();
  await table()
    .addColumn("credit_paise", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
