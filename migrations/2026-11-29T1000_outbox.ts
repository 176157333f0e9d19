import { type Kysely, sql } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // What a committed change must still cause (a content event, a mail), written in the change's
  // own transaction and delivered after it commits (decision 029, app/server/outbox/).
  await db.schema
    .createTable("outbox")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    // What the delivery needs, as JSON; emptied once delivered (a booking link is a secret).
    .addColumn("payload", "text", (c) => c.notNull())
    // What the entry is, for the admins' list of failed deliveries: never personal data.
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    // When the next attempt may start (later after each failure: the backoff).
    .addColumn("due_at", "text", (c) => c.notNull())
    // Held by the instance delivering it until then; another instance takes it over only after.
    .addColumn("claimed_until", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("delivered_at", "text")
    // Given up on after the last attempt: listed for the admins.
    .addColumn("failed_at", "text")
    .execute();
  // The dispatcher's question: which entries are still to deliver, oldest first.
  await sql`create index outbox_pending on outbox (due_at, created_at) where delivered_at is null and failed_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("outbox").execute();
}
