import type { Kysely } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A ride's route (issue 13, decision 024): the original GPX lives in object storage under
  // `original_key`; `data` holds what pages need (figures per day, drawing, profile, meeting
  // point) as JSON, computed at upload. One route per ride. No foreign key to rides, as for
  // registrations: content:import replaces rides and brings their routes with them.
  await db.schema
    .createTable("ride_routes")
    .addColumn("ride_id", "text", (c) => c.primaryKey().notNull())
    .addColumn("original_key", "text", (c) => c.notNull())
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ride_routes").execute();
}
