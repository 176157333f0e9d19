import { type Kysely, sql } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rides")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer")
    .addColumn("start_date", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("end_date", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("participants", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("distance_km", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // The public listing order (product.md#ordering): order with a missing one as 999, then newest first.
  // Indexing that very expression lets both engines read a section already sorted; the
  // query in the rides service must spell it identically (MISSING_ORDER is 999).
  await sql`create index rides_listing on rides (status, (coalesce(sort_order, 999)), created_at desc, id)`.execute(db);
  await db.schema.createIndex("rides_created_at").on("rides").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("hero_slides")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("documents")
    .addColumn("collection", "text", (c) => c.notNull())
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("documents_pk", ["collection", "id"])
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("display_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("password_hash", "text")
    .addColumn("google_subject", "text", (c) => c.unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_login_at", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["users", "documents", "hero_slides", "rides"]) await db.schema.dropTable(table).execute();
}
