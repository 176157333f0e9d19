import type { Kysely } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Ride day (docs/features/ride-day.md): a count of who is here, started on a captain's phone,
  // perhaps offline, so its id is the phone's UUID. The label is the captain's ("Day 2 · Rohtang
  // top"), never a rider's data.
  await db.schema
    .createTable("roll_calls")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("ride_id", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    // The admin who started it (their user id).
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("roll_calls_ride").on("roll_calls").columns(["ride_id", "created_at"]).execute();
  // One rider's mark in one roll call: the last one made (by the phone's clock) wins.
  await db.schema
    .createTable("roll_call_marks")
    .addColumn("roll_call_id", "text", (c) => c.notNull())
    .addColumn("registration_id", "text", (c) => c.notNull())
    // present or missing.
    .addColumn("mark", "text", (c) => c.notNull())
    .addColumn("marked_by", "text")
    .addColumn("marked_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("roll_call_marks_pk", ["roll_call_id", "registration_id"])
    .execute();
  // Each change a phone sent, by the phone's UUID for it: a change sent again (the answer was
  // lost on the way back) is answered with its first outcome and applied once. The message may
  // name a rider: it is emptied when that rider's data is erased.
  await db.schema
    .createTable("ride_day_ops")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("ride_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    // The rider the change was about, if any.
    .addColumn("registration_id", "text")
    // applied, unchanged, conflict or refused.
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("message", "text")
    .addColumn("applied_by", "text")
    .addColumn("applied_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ride_day_ops_registration").on("ride_day_ops").column("registration_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ride_day_ops").execute();
  await db.schema.dropTable("roll_call_marks").execute();
  await db.schema.dropTable("roll_calls").execute();
}
