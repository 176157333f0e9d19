import { z } from "zod";
import { utrSchema } from "~/domain/registration/input";
import type { Database } from "../db/schema.server";
import { bookingPaidBy } from "../registrations/ledger.server";
import { type AdminChange, withRegistrationById } from "../registrations/locked-registration.server";
import { NotFoundError, refuse } from "../validation/errors.server";
import { isUniqueViolation } from "../db/unique-violation.server";
import { parseOrThrow } from "../validation/validate.server";
import { confirmRefund, refundEntry } from "./refund-states.server";
import { formatRupees } from "~/domain/registration/balance";

// A UPI refund (docs/features/refunds.md): an owner or editor sends the money from the
// organisers' UPI app themselves, then records the transaction's UTR here. One command under the
// booking's ride's lock; recording the same refund again changes nothing.

export const REFUND_NOT_FOUND = "Cannot find this refund: reload the page";

export type UpiRefundRecorded = { booking: string; amount: number; already: boolean };

/**
 * Records the UTR of the UPI refund `entryId` (of the booking `registrationId`, as the page
 * names it): the refund processed. Refused with the reason: a UTR not of 12 digits, one that
 * proves another refund already, a refund no longer pending. A second record of a refund
 * recorded already changes nothing (`already`).
 */
export async function recordUpiRefund(
  db: Database,
  input: { registrationId: string; entryId: unknown; utr: unknown },
  change: AdminChange,
): Promise<UpiRefundRecorded> {
  const { utr } = parseOrThrow(z.object({ utr: utrSchema }), { utr: input.utr });
  const entryId = typeof input.entryId === "string" ? input.entryId : "";
  const before = entryId ? await refundEntry(db, entryId) : null;
  if (!before || before.method !== "upi" || before.registration_id !== input.registrationId) {
    throw new NotFoundError(REFUND_NOT_FOUND);
  }
  return withRegistrationById(
    db,
    before.registration_id,
    async (command, row) => {
      const entry = await refundEntry(command.trx, entryId);
      if (!entry) throw new NotFoundError(REFUND_NOT_FOUND);
      const recorded = { booking: row.reference, amount: entry.amount_paise };
      if (entry.state === "confirmed") return { ...recorded, already: true };
      if (entry.state !== "claimed") refuse("This refund is no longer waiting to be sent");
      const other = await bookingPaidBy(command.trx, "upi", utr, "refund");
      if (other) refuse(`UTR ${utr} is recorded already for a refund of booking ${other}`, "utr");
      try {
        await confirmRefund(command, entryId, utr, change.actor);
      } catch (error) {
        // Recorded for another refund on another ride at this very moment: the index said no.
        if (isUniqueViolation(error)) refuse(`UTR ${utr} is recorded already for another refund`, "utr");
        throw error;
      }
      return { ...recorded, already: false };
    },
    change,
  );
}

/** What the admin's status line says once recorded. */
export function refundRecordedMessage({ booking, amount, already }: UpiRefundRecorded): string {
  return already
    ? `The refund of ${formatRupees(amount)} to ${booking} is recorded already`
    : `Refund of ${formatRupees(amount)} to ${booking} recorded as sent`;
}
