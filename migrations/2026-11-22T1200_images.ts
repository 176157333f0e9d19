import type { Kysely } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per upload; the files themselves live in object storage (app/server/storage).
  await db.schema
    .createTable("images")
    .addColumn("key", "text", (c) => c.primaryKey().notNull())
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("variants", "text", (c) => c.notNull())
    .addColumn("placeholder", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("images_created_at").on("images").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("images").execute();
}
