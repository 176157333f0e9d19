import type { Kysely } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The 30-second step of the last TOTP code accepted (decision 026): a code is accepted once,
  // as RFC 6238 asks, so one seen over a shoulder cannot be used again within its window.
  await db.schema.alterTable("users").addColumn("totp_last_step", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("totp_last_step").execute();
}
