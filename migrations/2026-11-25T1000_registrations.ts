import { type Kysely, sql } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Riders' registrations for rides (issue 12, decision 019). The columns hold what queries
  // count, filter or guard on; the rider's other answers are JSON in `data`. Erasure empties
  // `data` and nulls phone, UTR and token hash, keeping the row for anonymous counts.
  // No foreign key to rides: a ride replaced by content:import keeps its registrations, and
  // the erasure sweep removes the personal data of registrations whose ride is gone.
  await db.schema
    .createTable("registrations")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("ride_id", "text", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull())
    // SHA-256 (hex) of the rider's private-link token, as for sessions: the table alone opens no link.
    .addColumn("token_hash", "text", (c) => c.unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("seats", "integer", (c) => c.notNull())
    .addColumn("option", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("payment", "text", (c) => c.notNull().defaultTo("due"))
    .addColumn("utr", "text")
    .addColumn("checked_in_at", "text")
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("erased_at", "text")
    .execute();
  await db.schema
    .createIndex("registrations_ride_reference")
    .on("registrations")
    .columns(["ride_id", "reference"])
    .unique()
    .execute();
  // One live registration per mobile number and ride; a cancelled one does not count, and an
  // erased one has no number.
  await sql`create unique index registrations_ride_phone on registrations (ride_id, phone) where status <> 'cancelled'`.execute(
    db,
  );
  // A ride's riders by status in registration order: the admin's list, the waitlist's order, the counts.
  await db.schema
    .createIndex("registrations_ride_status")
    .on("registrations")
    .columns(["ride_id", "status", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("registrations").execute();
}
