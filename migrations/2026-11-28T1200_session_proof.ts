import type { Kysely } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // When the session's admin last proved it is them (signing in, or their password, the app's
  // code or a passkey on Sign-in & Security): changing how they sign in needs a recent proof
  // (issue 21), so a session left open on a shared computer cannot add a passkey.
  await db.schema.alterTable("sessions").addColumn("proven_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("proven_at").execute();
}
