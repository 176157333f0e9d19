import { type Kysely, sql } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Publishing (issue 15, decision 025): when a ride or hero slide becomes public. NULL is a
  // draft; a time to come is a scheduled publication; a time past is published. Rides and
  // slides written before (or by an import that does not name the column) are public since
  // they were created: the default, then their creation time.
  for (const table of ["rides", "hero_slides"]) {
    await db.schema
      .alterTable(table)
      .addColumn("published_at", "text", (c) => c.defaultTo("1970-01-01T00:00:00.000Z"))
      .execute();
    await sql`update ${sql.table(table)} set published_at = created_at`.execute(db);
  }

  // Every save of a ride, slide, featured ride or contact configuration (decision 025): the
  // record's editable fields as JSON, who saved them and when. The actor's email is copied,
  // as in the audit trail, so the history reads right after an account is removed.
  await db.schema
    .createTable("revisions")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("collection", "text", (c) => c.notNull())
    .addColumn("record_id", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_email", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("revisions_record")
    .on("revisions")
    .columns(["collection", "record_id", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("revisions").execute();
  for (const table of ["hero_slides", "rides"]) await db.schema.alterTable(table).dropColumn("published_at").execute();
}
