import { type Kysely, sql } from "kysely";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
//
// A UTR proves one UPI refund, once (docs/features/refunds.md): recorded for two refunds on two
// rides at the very same moment, the second is refused here, as payments' are by m0024's index.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("booking_entries_refund_reference")
    .on("booking_entries")
    .columns(["method", "reference"])
    .unique()
    .where(sql.ref("kind"), "=", "refund")
    .where(sql.ref("state"), "=", "confirmed")
    .where("reference", "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("booking_entries_refund_reference").execute();
}
