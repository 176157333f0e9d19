import { type Kysely, sql } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // A sign-in link completes only in the browser that asked for it (decision 042): the SHA-256
  // (hex) of the nonce that browser keeps in a short-lived cookie. Null for a link asked before.
  await db.schema.alterTable("rider_sign_in_links").addColumn("browser_hash", "text").execute();

  // Find my booking's fresh link waits beside the current one (decision 042): the current keeps
  // working until the fresh one is first opened, which then takes its place. Its hash and its
  // sealed copy (link-seal.server.ts), as token_hash and token_sealed; null: none pending.
  await db.schema.alterTable("registrations").addColumn("pending_token_hash", "text").execute();
  await db.schema.alterTable("registrations").addColumn("pending_token_sealed", "text").execute();
  await sql`create unique index registrations_pending_token on registrations (pending_token_hash) where pending_token_hash is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("registrations_pending_token").execute();
  await db.schema.alterTable("registrations").dropColumn("pending_token_sealed").execute();
  await db.schema.alterTable("registrations").dropColumn("pending_token_hash").execute();
  await db.schema.alterTable("rider_sign_in_links").dropColumn("browser_hash").execute();
}
