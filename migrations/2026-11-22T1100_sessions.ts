import type { Kysely } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Admin sessions. The id is the SHA-256 of the token in the cookie: a copy of this table
  // (a backup, a log of queries) does not let anyone sign in. idle_expires_at is never later
  // than expires_at, so "still valid" is one comparison that an index serves.
  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("idle_expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_idle_expires_at").on("sessions").column("idle_expires_at").execute();

  // Failed sign-in attempts, one row per throttling key (an account or a client address).
  // In the database, not in memory, so the limit holds across instances and restarts.
  await db.schema
    .createTable("login_attempts")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("attempted_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("login_attempts_key").on("login_attempts").columns(["key", "attempted_at"]).execute();
  await db.schema.createIndex("login_attempts_attempted_at").on("login_attempts").column("attempted_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("login_attempts").execute();
  await db.schema.dropTable("sessions").execute();
}
