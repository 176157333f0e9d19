import type { Kysely } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
export async function up(db: Kysely<unknown>): Promise<void> {
  // When the ride got its current start date as an upcoming ride (dates moved, or upcoming again
  // after a cancellation); null: since it was added. A reminder whose moment came before it is
  // not sent (docs/features/rider-messages.md#reminders).
  await db.schema.alterTable("rides").addColumn("schedule_set_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("rides").dropColumn("schedule_set_at").execute();
}
