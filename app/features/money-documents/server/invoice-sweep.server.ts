import { sql } from "kysely";
import { indianDateOf } from "~/domain/indian-time";
import { runCommand } from "~/server/commands/command.server";
import type { Database } from "~/server/db/schema.server";
import { lockRide } from "~/server/registrations/seats.server";
import { readDocumentSettings } from "./settings.server";

// In GST mode a booking's tax invoice is due when its ride starts, with money received (Rule 46):
// nothing writes its ledger then, so this sweep issues it, ride by ride under the ride's lock (as
// the ledger's own commands do), each in one command with its mail. A paid-in-full booking has
// its invoice already, from the payment's own command.

/** At most this many bookings a run: the next run takes the rest. */
const BATCH = 200;

/** Issues the tax invoices due by `now`; returns how many bookings were looked at. */
export async function issueDueInvoices(db: Database, now: Date): Promise<number> {
  if (!(await readDocumentSettings(db)).gstMode) return 0;
  const due = await db
    .selectFrom("booking_entries")
    .innerJoin("rides", "rides.id", "booking_entries.ride_id")
    .select(["booking_entries.registration_id", "booking_entries.ride_id"])
    .distinct()
    .where("booking_entries.kind", "=", "payment")
    .where("booking_entries.state", "=", "confirmed")
    .where("rides.start_date", "!=", "")
    .where("rides.start_date", "<=", indianDateOf(now))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("money_documents")
            .select(sql`1`.as("one"))
            .whereRef("money_documents.registration_id", "=", "booking_entries.registration_id")
            .where("money_documents.type", "=", "tax-invoice"),
        ),
      ),
    )
    .limit(BATCH)
    .execute();
  const byRide = new Map<string, string[]>();
  for (const row of due) byRide.set(row.ride_id, [...(byRide.get(row.ride_id) ?? []), row.registration_id]);
  for (const [rideId, registrationIds] of byRide) {
    await runCommand(
      db,
      async (command) => {
        await lockRide(command.trx, rideId);
        // The ledger hook (ledger-hook.server.ts) issues and mails them before this commits.
        for (const id of registrationIds) command.touched.add(id);
      },
      now,
    );
  }
  return due.length;
}
