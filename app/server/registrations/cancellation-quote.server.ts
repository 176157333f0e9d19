import type { Selectable } from "kysely";
import { type CancellationQuote, quoteCancellation } from "~/domain/registration/cancellation-quote";
import { registrationStatusOf } from "./rows.server";
import type { Ride } from "~/domain/ride";
import type { Executor, RegistrationsTable } from "../db/schema.server";
import type { LedgerEntry } from "~/domain/registration/dues";
import { ledgersOf } from "./ledger.server";
import { policyOfBooking } from "./refunds.server";

// A booking's cancellation quote as it stands (docs/features/cancellation.md): its policy
// snapshot (else its ride's), its ledger, and the day in India.

type Row = Pick<Selectable<RegistrationsTable>, "id" | "status" | "cancellation_policy">;

/** What cancelling the booking now keeps and gives back. */
export async function quoteOfBooking(
  executor: Executor,
  row: Row,
  ride: Ride | null,
  now: Date,
): Promise<CancellationQuote> {
  return quoteOfEntries(row, ride, (await ledgersOf(executor, [row.id])).get(row.id) ?? [], now);
}

/** The same, from the booking's ledger entries as the caller read them. */
export function quoteOfEntries(
  row: Row,
  ride: Ride | null,
  entries: readonly LedgerEntry[],
  now: Date,
): CancellationQuote {
  return quoteCancellation({
    policy: policyOfBooking(row, ride),
    entries,
    status: registrationStatusOf(row.status),
    ride: { startDate: ride?.startDate ?? "", status: ride?.status ?? "upcoming" },
    now,
  });
}
