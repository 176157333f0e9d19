import type { Selectable } from "kysely";
import type { AuditActor } from "~/domain/audit";
import { formatRupees } from "~/domain/registration/balance";
import { refundFailedSentence } from "~/domain/registration/refunds";
import type { Command } from "../commands/command.server";
import type { BookingEntriesTable, Executor } from "../db/schema.server";
import { tellRider, writeRefundedInCredit } from "../registrations/feature-hooks.server";
import { addEntry, settleClaimedRefund } from "../registrations/ledger.server";
import { ridePagesChanged } from "../rides/pages-changed.server";

// A claimed refund settled (docs/features/refunds.md): processed (the bank paid it: the gateway's
// refund id or the UPI transaction's UTR proves it) or failed (the bank could not: the same
// amount becomes the rider's credit at once, and they are told). Run inside the caller's command,
// under the booking's ride's lock; each writes its ledger change through ledger.server.ts, its
// line in the trail (booking reference and amount only), the rider's mail and the pages' event.
// Settling twice changes nothing: the second answers false.

/** A refund on a booking's ledger, with the booking's reference. */
export type RefundEntry = Selectable<BookingEntriesTable> & { booking: string };

/** The refund `entryId` and its booking's reference, or null when there is no such refund. */
export async function refundEntry(executor: Executor, entryId: string): Promise<RefundEntry | null> {
  const row = await executor
    .selectFrom("booking_entries")
    .innerJoin("registrations", "registrations.id", "booking_entries.registration_id")
    .selectAll("booking_entries")
    .select("registrations.reference as booking")
    .where("booking_entries.id", "=", entryId)
    .where("booking_entries.kind", "=", "refund")
    .executeTakeFirst();
  return row ?? null;
}

const HOW: Readonly<Record<string, string>> = { upi: " by UPI", online: " online", credit: " as credit" };

/** The claimed refund given: confirmed with what proves it. False when it was settled before. */
export async function confirmRefund(
  command: Command,
  entryId: string,
  reference: string,
  actor: AuditActor,
): Promise<boolean> {
  const entry = await refundEntry(command.trx, entryId);
  if (!entry || !(await settleClaimedRefund(command, entryId, { state: "confirmed", reference }))) return false;
  await command.audit(actor, {
    action: "updated",
    collection: "registrations",
    recordId: entry.registration_id,
    summary: `Refund of ${formatRupees(entry.amount_paise)}${HOW[entry.method ?? ""] ?? ""} for booking ${entry.booking} processed`,
  });
  await told(command, entry);
  return true;
}

/**
 * The claimed refund failed: voided, and its amount given back as credit at once (a confirmed
 * refund in credit on the booking's ledger, and the rider's credit through the credit feature).
 * The rider is told. False when it was settled before.
 */
export async function failRefund(command: Command, entryId: string, actor: AuditActor): Promise<boolean> {
  const entry = await refundEntry(command.trx, entryId);
  if (!entry || !(await settleClaimedRefund(command, entryId, { state: "voided" }))) return false;
  const booking = { id: entry.registration_id, ride_id: entry.ride_id };
  const note = `Refund ${entry.reference ?? entryId} failed`;
  await addEntry(command, booking, {
    kind: "refund",
    part: null,
    amountPaise: entry.amount_paise,
    state: "confirmed",
    method: "credit",
    source: "refund-failed",
    note,
    // The same payment's money, given back another way: what of it is given back stays whole.
    returnsEntryId: entry.returns_entry_id,
  });
  const row = await command.trx
    .selectFrom("registrations")
    .selectAll()
    .where("id", "=", entry.registration_id)
    .executeTakeFirstOrThrow();
  await writeRefundedInCredit(command, { row, amountPaise: entry.amount_paise, returnedPaise: 0, actor, failed: true });
  await command.audit(actor, {
    action: "updated",
    collection: "registrations",
    recordId: entry.registration_id,
    summary: `Refund of ${formatRupees(entry.amount_paise)} for booking ${entry.booking} failed: given as credit`,
  });
  await tellRider(command, {
    rideId: entry.ride_id,
    registrationId: entry.registration_id,
    subject: "Your refund is now credit",
    body: refundFailedSentence(entry.amount_paise),
  });
  await told(command, entry);
  return true;
}

/** The rider's mail (written when sent) and the ride's pages, for a refund settled. */
async function told(command: Command, entry: RefundEntry): Promise<void> {
  await command.enqueue(
    { kind: "refund-mail", registrationId: entry.registration_id, entryId: entry.id },
    entry.booking,
  );
  await command.enqueue(ridePagesChanged(entry.ride_id));
}
