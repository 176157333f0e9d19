import type { Selectable } from "kysely";
import type { AuditActor } from "~/domain/audit";
import { formatRupees } from "~/domain/registration/balance";
import { policyFromSnapshot, type EffectivePolicy } from "~/domain/registration/cancellation-policy";
import { duesOf } from "~/domain/registration/dues";
import {
  NOTHING_WRITTEN,
  refundChoices,
  type RefundChoice,
  type RefundWritten,
} from "~/domain/registration/refund-choice";
import { cancellationPolicyOf, keepsCreditOnCancel, registrationSettingsOf } from "~/domain/registration/settings";
import type { Ride } from "~/domain/ride";
import type { Command } from "../commands/command.server";
import type { RegistrationsTable } from "../db/schema.server";
import { refuse } from "../validation/errors.server";
import { creditRefundsOffered, writeRefundedInCredit } from "./feature-hooks.server";
import { addEntry, entryFromRow } from "./ledger.server";

// How a cancelled booking's money comes back (docs/features/cancellation.md, issue 37's contract):
// the rider's choice written as refunds on the booking's ledger, in the command that chose it.
// Online refunds leave through the outbox ("refund-send"); UPI refunds wait for an admin to send
// them and record their UTR; credit comes back at once.

type Row = Selectable<RegistrationsTable>;

/** The policy a booking is held to: the one it was booked under, else the ride's now. */
export function policyOfBooking(row: Pick<Row, "cancellation_policy">, ride: Ride | null): EffectivePolicy {
  return policyFromSnapshot(row.cancellation_policy) ?? cancellationPolicyOf(ride ?? {});
}

/** The ways this booking's money may come back (none for an erased booking: nobody chooses). */
export function choicesOf(row: Pick<Row, "cancellation_policy" | "erased_at">, ride: Ride | null): RefundChoice[] {
  if (row.erased_at) return [];
  const creditOffered = creditRefundsOffered() && (!ride || keepsCreditOnCancel(registrationSettingsOf(ride)));
  return refundChoices(policyOfBooking(row, ride), { creditOffered, rideCancelled: ride?.status === "cancelled" });
}

const AUDIT_WORDS: Readonly<Record<RefundChoice, string>> = { credit: "as credit", original: "to how it was paid" };

export const CHOICE_NOT_OFFERED = "That way back is not offered for this booking";

/**
 * Gives back what the booking is owed and nobody chose yet (`refundToChoosePaise`), as `choice`
 * says: "credit", one confirmed refund in credit and the rider's credit; "original", each
 * confirmed payment not yet given back, newest first, until it is covered: credit at once, UPI
 * and online as claimed refunds naming the payment (an online one sent through the outbox).
 * Nothing to give back writes nothing (a second press of the same button). Runs under the ride's lock.
 */
export async function chooseRefund(
  command: Command,
  row: Row,
  ride: Ride | null,
  choice: RefundChoice,
  actor: AuditActor,
): Promise<RefundWritten | null> {
  const rows = await command.trx
    .selectFrom("booking_entries")
    .selectAll()
    .where("registration_id", "=", row.id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const dues = duesOf(rows.map(entryFromRow), { status: "cancelled", balanceDueDate: "" }, command.now);
  const owed = dues.refundToChoosePaise;
  if (owed === 0) return null;
  if (!choicesOf(row, ride).includes(choice)) refuse(CHOICE_NOT_OFFERED, "choice");
  const written = { ...NOTHING_WRITTEN };
  // What of each confirmed payment is not given back yet (a refund naming it, on its way or given).
  const givenBack = new Map<string, number>();
  for (const entry of rows) {
    if (entry.kind === "refund" && entry.state !== "voided" && entry.returns_entry_id) {
      givenBack.set(entry.returns_entry_id, (givenBack.get(entry.returns_entry_id) ?? 0) + entry.amount_paise);
    }
  }
  const payments = rows
    .filter((entry) => entry.kind === "payment" && entry.state === "confirmed")
    .map(({ id, method, amount_paise }) => ({ id, method, left: amount_paise - (givenBack.get(id) ?? 0) }))
    .filter((entry) => entry.left > 0);
  const refund = { kind: "refund", part: null, source: "cancellation" } as const;
  if (choice === "credit") {
    const creditPaid = payments.filter((entry) => entry.method === "credit").reduce((sum, e) => sum + e.left, 0);
    const returned = Math.min(owed, creditPaid);
    await addEntry(command, row, { ...refund, amountPaise: owed, state: "confirmed", method: "credit" });
    await writeRefundedInCredit(command, { row, amountPaise: owed, returnedPaise: returned, actor });
    written.creditPaise = owed - returned;
    written.creditBackPaise = returned;
  } else {
    let left = owed;
    for (const payment of payments) {
      if (left === 0) break;
      const amountPaise = Math.min(left, payment.left);
      left -= amountPaise;
      const back = { ...refund, amountPaise, returnsEntryId: payment.id };
      if (payment.method === "credit") {
        await addEntry(command, row, { ...back, state: "confirmed", method: "credit" });
        await writeRefundedInCredit(command, { row, amountPaise, returnedPaise: amountPaise, actor });
        written.creditBackPaise += amountPaise;
      } else if (payment.method === "online") {
        const entryId = await addEntry(command, row, { ...back, state: "claimed", method: "online" });
        await command.enqueue({ kind: "refund-send", entryId }, row.reference);
        written.onlinePaise += amountPaise;
      } else {
        await addEntry(command, row, { ...back, state: "claimed", method: "upi" });
        written.upiPaise += amountPaise;
      }
    }
  }
  await command.audit(actor, {
    action: "updated",
    collection: "registrations",
    recordId: row.id,
    summary: `Refund ${formatRupees(owed)} of booking ${row.reference}: ${AUDIT_WORDS[choice]}`,
  });
  return written;
}
