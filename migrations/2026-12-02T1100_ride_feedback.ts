import type { Kysely } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Riders' words (docs/features/ride-words.md): one answer per checked-in rider and ride, a
  // rating and a few words, credited by the rider's first name. Public only once approved; erased
  // with the registration.
  await db.schema
    .createTable("ride_feedback")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("ride_id", "text", (c) => c.notNull())
    // The rider's registration: one answer each (a registration belongs to one ride).
    .addColumn("registration_id", "text", (c) => c.notNull().unique())
    // 1 to 5.
    .addColumn("rating", "integer", (c) => c.notNull())
    .addColumn("words", "text", (c) => c.notNull())
    // The rider's first name, the only thing of theirs shown.
    .addColumn("credit", "text", (c) => c.notNull())
    // pending, approved, hidden or withdrawn.
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("reviewed_at", "text")
    // The reviewing admin's email.
    .addColumn("reviewed_by", "text")
    .execute();
  await db.schema.createIndex("ride_feedback_ride").on("ride_feedback").columns(["ride_id", "status"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ride_feedback").execute();
}
