import type { Kysely } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The phones a rider turned "Get updates on this phone" on for (docs/features/push.md):
  // each browser's Web Push subscription, as it gave it. Personal data: deleted with the
  // registration's erasure, on the rider's "off", and when the push service says it is gone.
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("registration_id", "text", (c) => c.notNull().references("registrations.id").onDelete("cascade"))
    // The push service's URL for that browser: the message is posted there.
    .addColumn("endpoint", "text", (c) => c.notNull())
    // The browser's P-256 public key and auth secret (base64url): the message is encrypted to them.
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // One row per booking and phone. Not unique on the endpoint alone: a rider with two bookings
  // on one phone has one browser subscription, and each booking follows it.
  await db.schema
    .createIndex("push_subscriptions_registration_endpoint")
    .on("push_subscriptions")
    .columns(["registration_id", "endpoint"])
    .unique()
    .execute();
  // A push service's "gone" names the endpoint only.
  await db.schema.createIndex("push_subscriptions_endpoint").on("push_subscriptions").column("endpoint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("push_subscriptions").execute();
}
