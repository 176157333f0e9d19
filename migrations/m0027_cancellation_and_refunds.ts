import type { Kysely } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
//
// Cancelling by the ride's policy, and refunds that reach the rider (issue 37, decision 061):
// the policy a booking was made under, kept with it; and on a refund, the payment it gives back
// (an online refund goes back to that payment at the gateway).

export async function up(db: Kysely<unknown>): Promise<void> {
  // JSON of the ride's cancellation policy when the booking was made; null: made before policies
  // (the ride's policy of the moment applies).
  await db.schema.alterTable("registrations").addColumn("cancellation_policy", "text").execute();
  await db.schema.alterTable("booking_entries").addColumn("returns_entry_id", "text").execute();
  await db.schema
    .createIndex("booking_entries_returns")
    .on("booking_entries")
    .column("returns_entry_id")
    .where("returns_entry_id", "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("booking_entries_returns").execute();
  await db.schema.alterTable("booking_entries").dropColumn("returns_entry_id").execute();
  await db.schema.alterTable("registrations").dropColumn("cancellation_policy").execute();
}
