import type { Kysely } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Who changed what and when. The actor's email is copied, not only referenced, so the trail
  // still reads correctly after an account is renamed or removed.
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("collection", "text", (c) => c.notNull())
    .addColumn("record_id", "text")
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created_at").on("audit_log").columns(["created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
}
