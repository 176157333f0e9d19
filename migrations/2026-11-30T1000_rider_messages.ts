import { type Kysely, sql } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // What a ride told its riders (docs/features/rider-messages.md): a broadcast, a reminder, a
  // change notice, a booking's own news. The text is the ride's, written once; each rider's
  // greeting and link are added when it is delivered, so a message holds no rider's data.
  await db.schema
    .createTable("ride_messages")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("ride_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    // The site's origin for the riders' links, from the request or PUBLIC_URL; null: no link.
    .addColumn("origin", "text")
    // Who sent it, as the audit trail names them ("the site" for automatic messages).
    .addColumn("sent_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    // A reminder's rule and the start date it was due for: each is written once.
    .addColumn("reminder_key", "text")
    .execute();
  await sql`create unique index ride_messages_reminder on ride_messages (ride_id, reminder_key) where reminder_key is not null`.execute(
    db,
  );
  await db.schema.createIndex("ride_messages_ride").on("ride_messages").columns(["ride_id", "created_at"]).execute();
  // One rider's copy of a message on one channel: the booking page ('page'), email, push or
  // WhatsApp (a link the captain taps). Erased with the registration.
  await db.schema
    .createTable("message_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("message_id", "text", (c) => c.notNull())
    .addColumn("registration_id", "text", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull())
    // queued, sent, failed, skipped (nothing to send: mail off, no subscription), tapped (WhatsApp).
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("message_deliveries_one")
    .on("message_deliveries")
    .columns(["message_id", "registration_id", "channel"])
    .unique()
    .execute();
  await db.schema
    .createIndex("message_deliveries_registration")
    .on("message_deliveries")
    .columns(["registration_id", "channel"])
    .execute();
  // The private link's token, encrypted with a key derived from SESSION_SECRET, so a message
  // sent later can carry the rider's link (the hash alone opens nothing); null once erased.
  await db.schema.alterTable("registrations").addColumn("token_sealed", "text").execute();
  // Whether the rider wants reminders (1) or not (0); news about their booking always reaches them.
  await db.schema
    .alterTable("registrations")
    .addColumn("reminders", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("registrations").dropColumn("reminders").execute();
  await db.schema.alterTable("registrations").dropColumn("token_sealed").execute();
  await db.schema.dropTable("message_deliveries").execute();
  await db.schema.dropTable("ride_messages").execute();
}
