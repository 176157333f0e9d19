import { type Kysely, sql } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Roles (issue 15, decision 026): the one role there was, `admin`, could do everything, so
  // every existing admin becomes an owner.
  await sql`update users set role = 'owner' where role = 'admin'`.execute(db);

  // TOTP: the shared secret (base32), set once the admin proved their app with a code.
  await db.schema.alterTable("users").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_enabled_at", "text").execute();

  // Ten single-use recovery codes per admin, stored as SHA-256 hashes (they are random, long
  // enough not to need a slow hash); `used_at` marks a spent one.
  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("recovery_codes_user_id").on("recovery_codes").column("user_id").execute();

  // Passkeys (WebAuthn credentials): the credential id (base64url) is the key, the public key
  // is COSE bytes in base64url, `counter` the authenticator's signature counter.
  await db.schema
    .createTable("passkeys")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("counter", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("transports", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("passkeys_user_id").on("passkeys").column("user_id").execute();

  // One-time invitations: the id is the SHA-256 of the link's token, as for sessions.
  await db.schema
    .createTable("invites")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("invited_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text")
    .execute();

  // The captains of a ride. No foreign key to rides, as for registrations: content:import
  // replaces rides, and a captain's assignment names the ride by id.
  await db.schema
    .createTable("ride_captains")
    .addColumn("ride_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("ride_captains_pk", ["ride_id", "user_id"])
    .execute();
  await db.schema.createIndex("ride_captains_user_id").on("ride_captains").column("user_id").execute();

  // Short-lived sign-in steps (a password accepted and a second factor awaited, a WebAuthn
  // challenge, a TOTP secret being enrolled): the id is the SHA-256 of a cookie's token.
  await db.schema
    .createTable("auth_challenges")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("auth_challenges_expires_at").on("auth_challenges").column("expires_at").execute();

  // The team's settings: one row, id 'main'. 1 or 0 on both engines.
  await db.schema
    .createTable("team_settings")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("require_two_factor", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["team_settings", "auth_challenges", "ride_captains", "invites", "passkeys", "recovery_codes"])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable("users").dropColumn("totp_enabled_at").execute();
  await db.schema.alterTable("users").dropColumn("totp_secret").execute();
  await sql`update users set role = 'admin' where role = 'owner'`.execute(db);
}
