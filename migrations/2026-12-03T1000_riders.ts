import { type Kysely, sql } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A rider's own place (docs/features/rider-accounts.md, decision 037): an account known by its email
  // alone, signed in with a one-time mailed link or a passkey, never a password. Riders are not
  // the team: no row here is a user, no rider session opens the portal.
  await db.schema
    .createTable("riders")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    // Lower-case, trimmed: one account per address.
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    // The last sign-in or use: an account unused for the retention period is erased.
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    // The saved details (domain/riders/account.ts SavedDetails) as JSON, kept only with the
    // rider's consent at a registration; null: none.
    .addColumn("details", "text")
    .addColumn("details_saved_at", "text")
    // The public passport's address (/passport/{slug}), random; null while the rider keeps it private.
    .addColumn("passport_slug", "text", (c) => c.unique())
    // The organisers' own note on the rider (admins only, audited, in no export).
    .addColumn("admin_note", "text", (c) => c.notNull().defaultTo(""))
    .execute();

  // A rider's session: `id` is the SHA-256 (hex) of the cookie's token, as for the team's.
  await db.schema
    .createTable("rider_sessions")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("rider_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("idle_expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rider_sessions_rider").on("rider_sessions").column("rider_id").execute();

  // A one-time sign-in link: `id` is the SHA-256 (hex) of its token. Kept after use (used_at)
  // until it expires, for the per-address throttle; the address need not have an account yet.
  await db.schema
    .createTable("rider_sign_in_links")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("rider_sign_in_links_email")
    .on("rider_sign_in_links")
    .columns(["email", "created_at"])
    .execute();

  // A rider's passkeys (WebAuthn), as the team's `passkeys` are.
  await db.schema
    .createTable("rider_passkeys")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("rider_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("counter", "integer", (c) => c.notNull())
    .addColumn("transports", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("rider_passkeys_rider").on("rider_passkeys").column("rider_id").execute();

  // The account a booking belongs to (made while signed in, or joined when opened signed in).
  await db.schema.alterTable("registrations").addColumn("rider_id", "text").execute();
  await db.schema.createIndex("registrations_rider").on("registrations").column("rider_id").execute();
  // Credit spent on the booking amount, in paise: the UPI payment asks only for the rest.
  await db.schema
    .alterTable("registrations")
    .addColumn("credit_paise", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // A seat transfer's link (SHA-256 of its token) while the rider offers the seat; null: none.
  await db.schema.alterTable("registrations").addColumn("transfer_token_hash", "text").execute();
  await db.schema.alterTable("registrations").addColumn("transfer_created_at", "text").execute();
  await sql`create unique index registrations_transfer_token on registrations (transfer_token_hash) where transfer_token_hash is not null`.execute(
    db,
  );

  // The credit ledger (docs/features/credit.md): one row per movement, in paise. What a
  // rider has left is the sum of the confirmed rows of their account, never below zero.
  await db.schema
    .createTable("credit_entries")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    // The account; null for a cancelled booking not (yet) in one: the entry follows the booking
    // into the account that takes it.
    .addColumn("rider_id", "text")
    // The booking the movement comes from or goes to; null for an admin's adjustment.
    .addColumn("registration_id", "text")
    // cancellation (+, pending until an admin confirms), used (−, a booking spent it),
    // returned (+, a booking that spent it was cancelled), adjustment (±, an admin's, with a note).
    .addColumn("kind", "text", (c) => c.notNull())
    // pending, confirmed or declined; only confirmed rows count.
    .addColumn("state", "text", (c) => c.notNull())
    // Signed: credit in, spent out.
    .addColumn("amount_paise", "integer", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("decided_at", "text")
    .addColumn("decided_by", "text")
    .execute();
  await db.schema.createIndex("credit_entries_rider").on("credit_entries").columns(["rider_id", "state"]).execute();
  await db.schema.createIndex("credit_entries_registration").on("credit_entries").column("registration_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("credit_entries").execute();
  await db.schema.dropIndex("registrations_transfer_token").execute();
  await db.schema.dropIndex("registrations_rider").execute();
  for (const column of ["transfer_created_at", "transfer_token_hash", "credit_paise", "rider_id"]) {
    await db.schema.alterTable("registrations").dropColumn(column).execute();
  }
  await db.schema.dropTable("rider_passkeys").execute();
  await db.schema.dropTable("rider_sign_in_links").execute();
  await db.schema.dropTable("rider_sessions").execute();
  await db.schema.dropTable("riders").execute();
}
