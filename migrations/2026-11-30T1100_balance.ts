import type { Kysely } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The balance of a booking: the trip cost less the booking amount, paid before the
  // ride starts and marked by an admin as the booking amount is; the rider's UPI transaction id
  // for it. Erasure nulls the UTR with the other personal data.
  await db.schema
    .alterTable("registrations")
    .addColumn("balance_payment", "text", (c) => c.notNull().defaultTo("due"))
    .execute();
  await db.schema.alterTable("registrations").addColumn("balance_utr", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("registrations").dropColumn("balance_utr").execute();
  await db.schema.alterTable("registrations").dropColumn("balance_payment").execute();
}
