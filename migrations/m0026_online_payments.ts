import type { Kysely } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
//
// Paying a booking online through Razorpay Payment Links (decision 060): the link made for a
// booking, and the webhook events applied, each once by its id.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payment_links")
    .addColumn("link_id", "text", (c) => c.primaryKey().notNull())
    .addColumn("registration_id", "text", (c) => c.notNull().references("registrations.id"))
    // Unique per Razorpay account: how a create whose answer was lost is found again.
    .addColumn("reference_id", "text", (c) => c.notNull().unique())
    // Opened by Razorpay at the link's first payment: a `payment.captured` event names only it.
    .addColumn("order_id", "text")
    .addColumn("amount_paise", "integer", (c) => c.notNull())
    // The booking's token hash when the link was made: its return address opens that link's page only.
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("cancelled_at", "text")
    .execute();
  await db.schema.createIndex("payment_links_registration").on("payment_links").column("registration_id").execute();
  await db.schema.createIndex("payment_links_order").on("payment_links").column("order_id").execute();
  await db.schema
    .createTable("payment_events")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_events").execute();
  await db.schema.dropTable("payment_links").execute();
}
