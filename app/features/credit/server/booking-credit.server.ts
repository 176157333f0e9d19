import { randomUUID } from "node:crypto";
import type { Insertable, Selectable } from "kysely";
import { type AuditActor, RIDER_ACTOR } from "~/domain/audit";
import { formatRupees } from "~/domain/registration/balance";
import type { Ride } from "~/domain/ride";
import { type CreditKind, type CreditState, creditToSpend, MAX_CREDIT_PAISE } from "~/features/credit/domain/credit";
import type { Command } from "~/server/commands/command.server";
import type { CreditEntriesTable, RegistrationsTable } from "~/server/db/schema.server";
import {
  addEntry as addBookingEntry,
  decideClaimedRefunds,
  keepWhatIsNotGivenBack,
} from "~/server/registrations/ledger.server";
import { lockRider } from "~/features/rider-accounts/server/riders.server";
import { creditLeftOf } from "./ledger.server";

// The credit a booking spends or keeps, written inside the registration's own command (register,
// cancel: registration-hooks.server.ts) or the rider's payment with credit, and the ledger's
// entries and trail every credit write adds. Imports no command runner: the registration
// commands read it (app/features/in-commands.server.ts), so it must not import them back.

type Row = Selectable<RegistrationsTable>;

export async function addEntry(
  command: Command,
  entry: { riderId: string | null; registrationId: string | null; kind: CreditKind; state: CreditState },
  amountPaise: number,
  note = "",
): Promise<string> {
  const at = command.now.toISOString();
  const confirmed = entry.state === "confirmed";
  const row: Insertable<CreditEntriesTable> = {
    id: randomUUID(),
    rider_id: entry.riderId,
    registration_id: entry.registrationId,
    kind: entry.kind,
    state: entry.state,
    amount_paise: amountPaise,
    note,
    created_at: at,
    decided_at: confirmed ? at : null,
    decided_by: null,
  };
  await command.trx.insertInto("credit_entries").values(row).execute();
  return row.id;
}

/**
 * A cancelled booking's money given back as credit, at the rider's choice (refunds.server.ts
 * wrote the refund in credit on the booking's ledger): confirmed at once, for the booking's
 * account or, without one yet, for the account that takes the booking later. What the booking
 * had paid in credit comes back as `returned`, the rest as `cancellation`. An online refund the
 * bank could not complete (`failed`: docs/features/refunds.md) comes here too, and says so.
 */
export async function keepRefundAsCredit(
  command: Command,
  {
    row,
    amountPaise,
    returnedPaise,
    actor,
    failed = false,
  }: { row: Row; amountPaise: number; returnedPaise: number; actor: AuditActor; failed?: boolean },
): Promise<void> {
  if (row.rider_id) await lockRider(command.trx, row.rider_id);
  const of = { riderId: row.rider_id, registrationId: row.id };
  if (returnedPaise > 0) {
    await addEntry(command, { ...of, kind: "returned", state: "confirmed" }, returnedPaise);
    const returned = `Returned ${formatRupees(returnedPaise)} of credit from cancelled booking ${row.reference}`;
    await auditCredit(command, "created", row.id, returned, actor);
  }
  const kept = Math.min(amountPaise - returnedPaise, MAX_CREDIT_PAISE);
  if (kept > 0) {
    const note = failed ? "Its refund failed" : "";
    const id = await addEntry(command, { ...of, kind: "cancellation", state: "confirmed" }, kept, note);
    const summary = failed
      ? `Credit ${formatRupees(kept)} from booking ${row.reference}: its refund failed`
      : `Credit ${formatRupees(kept)} from cancelled booking ${row.reference}`;
    await auditCredit(command, "created", id, summary, actor);
  }
}

/**
 * An admin decided a cancelled booking's credit: the refund in credit its ledger waited for is
 * what they confirmed (none when declined), and what they did not give back the organisers keep.
 */
export async function settleRefundInCredit(
  command: Command,
  booking: { id: string; ride_id: string },
  givenPaise: number,
): Promise<void> {
  await decideClaimedRefunds(command, booking.id, "credit", givenPaise);
  await keepWhatIsNotGivenBack(command, booking, givenPaise > 0 ? "Kept: credit lowered" : "Kept: credit declined");
}

export async function auditCredit(
  command: Command,
  action: "created" | "updated" | "status-changed",
  recordId: string,
  summary: string,
  actor: AuditActor,
) {
  await command.audit(actor, { action, collection: "credit", recordId, summary });
}

/**
 * A confirmed booking's booking amount (`owedPaise` of it left) paid with its rider's credit, at
 * their choice: it spends what is left, at most that, read under the rider's lock so two
 * bookings at once (on two rides) never spend it twice; a payment in credit on the booking's
 * ledger. Returns what was spent, in paise.
 */
export async function spendCreditOn(command: Command, row: Row, ride: Ride, owedPaise: number): Promise<number> {
  if (!row.rider_id || owedPaise === 0 || row.status !== "confirmed") return 0;
  if (!(await lockRider(command.trx, row.rider_id))) return 0;
  const spend = creditToSpend(await creditLeftOf(command.trx, row.rider_id), owedPaise);
  if (spend === 0) return 0;
  await addEntry(command, { riderId: row.rider_id, registrationId: row.id, kind: "used", state: "confirmed" }, -spend);
  await addBookingEntry(command, row, {
    kind: "payment",
    part: "booking",
    amountPaise: spend,
    state: "confirmed",
    method: "credit",
    source: "credit",
  });
  const how = spend === owedPaise ? "paid with credit" : `${formatRupees(spend)} of it paid with credit`;
  await auditCredit(command, "updated", row.id, `Booking ${row.reference} on "${ride.title}" ${how}`, RIDER_ACTOR);
  return spend;
}
