import { randomUUID } from "node:crypto";
import type { Insertable, Selectable } from "kysely";
import { type AuditActor, RIDER_ACTOR } from "~/domain/audit";
import { balancePaise, formatRupees, paiseOf } from "~/domain/registration/balance";
import { rupeeAmount } from "~/domain/registration/payment";
import { keepsCreditOnCancel, registrationSettingsOf } from "~/domain/registration/settings";
import type { Ride } from "~/domain/ride";
import { type CreditKind, type CreditState, creditToSpend, MAX_CREDIT_PAISE } from "~/features/credit/domain/credit";
import type { Command } from "~/server/commands/command.server";
import type { CreditEntriesTable, RegistrationsTable } from "~/server/db/schema.server";
import { registrationFromRow, updateRegistrationRow } from "~/server/registrations/rows.server";
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

function bookingPaiseOf(ride: Ride): number | null {
  return paiseOf(rupeeAmount(ride.bookingCost));
}

/**
 * A booking cancelled (not erased) under a ride whose policy keeps the money as credit: what the
 * rider paid becomes a pending entry an admin confirms, and the credit the booking spent comes
 * back at once. Returns the sentence the rider's cancellation news adds, or null when nothing
 * was kept. Runs inside the cancellation's command, under the ride's lock.
 */
export async function keepPaidAsCredit(
  command: Command,
  row: Row,
  ride: Ride | null,
  actor: AuditActor,
): Promise<string | null> {
  if (!ride || !keepsCreditOnCancel(registrationSettingsOf(ride))) return null;
  const booking = bookingPaiseOf(ride) ?? 0;
  const balance = balancePaise(ride, registrationFromRow(row).option) ?? 0;
  const paid = Math.min(
    (row.payment === "paid" ? Math.max(0, booking - row.credit_paise) : 0) +
      (row.balance_payment === "paid" ? balance : 0),
    MAX_CREDIT_PAISE,
  );
  if (paid === 0 && row.credit_paise === 0) return null;
  if (row.rider_id) await lockRider(command.trx, row.rider_id);
  const of = { riderId: row.rider_id, registrationId: row.id };
  const sentences: string[] = [];
  if (row.credit_paise > 0) {
    await addEntry(command, { ...of, kind: "returned", state: "confirmed" }, row.credit_paise);
    const returned = `Returned ${formatRupees(row.credit_paise)} of credit from cancelled booking ${row.reference}`;
    await auditCredit(command, "created", row.id, returned, actor);
    sentences.push(`The ${formatRupees(row.credit_paise)} of credit it used is yours again.`);
  }
  if (paid > 0) {
    const id = await addEntry(command, { ...of, kind: "cancellation", state: "pending" }, paid);
    await auditCredit(
      command,
      "created",
      id,
      `Credit ${formatRupees(paid)} waiting from cancelled booking ${row.reference}`,
      actor,
    );
    sentences.push(
      `The ${formatRupees(paid)} you paid is kept as credit for a future ride, once the organisers confirm the amount.`,
    );
  }
  return sentences.join(" ");
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
 * A booking confirmed now by a signed-in rider who chose to use their credit: it spends what is
 * left, at most the booking amount, read under the rider's lock so two bookings at once (on two
 * rides) never spend it twice. Credit that covers the whole booking amount pays it. Returns the
 * row as it is now.
 */
export async function spendCreditOn(command: Command, row: Row, ride: Ride): Promise<Row> {
  const booking = bookingPaiseOf(ride);
  if (!row.rider_id || booking === null || row.status !== "confirmed") return row;
  if (!(await lockRider(command.trx, row.rider_id))) return row;
  const spend = creditToSpend(await creditLeftOf(command.trx, row.rider_id), booking);
  if (spend === 0) return row;
  await addEntry(command, { riderId: row.rider_id, registrationId: row.id, kind: "used", state: "confirmed" }, -spend);
  const covered = spend === booking;
  const how = covered ? "paid with credit" : `${formatRupees(spend)} of it paid with credit`;
  await auditCredit(command, "updated", row.id, `Booking ${row.reference} on "${ride.title}" ${how}`, RIDER_ACTOR);
  return updateRegistrationRow(
    command.trx,
    row.id,
    { credit_paise: spend, ...(covered ? { payment: "paid" as const } : {}) },
    command.now,
  ).executeTakeFirstOrThrow();
}
