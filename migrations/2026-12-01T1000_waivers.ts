import type { Kysely } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A ride's waiver (docs/features/waivers.md), or the site's default ('site'), one row per saved
  // text: a version is never changed once written, as riders may have accepted it. A version
  // with an empty text ends the waiver of its scope.
  await db.schema
    .createTable("waivers")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    // Who wrote it, as the audit trail names them.
    .addColumn("created_by", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("waivers_version").on("waivers").columns(["scope", "version"]).unique().execute();
  // A rider's acceptance: the version (a waivers row), the full name they typed (personal data:
  // erased with the registration) and when.
  await db.schema.alterTable("registrations").addColumn("waiver_id", "text").execute();
  await db.schema.alterTable("registrations").addColumn("waiver_name", "text").execute();
  await db.schema.alterTable("registrations").addColumn("waiver_accepted_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("registrations").dropColumn("waiver_accepted_at").execute();
  await db.schema.alterTable("registrations").dropColumn("waiver_name").execute();
  await db.schema.alterTable("registrations").dropColumn("waiver_id").execute();
  await db.schema.dropTable("waivers").execute();
}
