import type { Database } from "~/server/db/schema.server";
import { RIDER_ACTOR } from "~/domain/audit";
import { addEntry, voidCharges } from "~/server/registrations/ledger.server";
import { withRegistrationById } from "~/server/registrations/locked-registration.server";

// A booking's refund to its original method, claimed as chooseRefund (refunds.server.ts) writes
// it: the booking cancelled, its charges void, then a claimed refund giving back a confirmed
// payment, and for an online one the outbox's "refund-send" — or not (`send`), so a test drives
// the delivery itself. The cancel's own writes are tested in cancellation.test.ts; this seeds
// the refunds' tests with one refund of a chosen method and amount.

/**
 * Cancels the booking (charges void, nothing kept) and claims a refund of `amountPaise` (all of
 * the payment by default) of its confirmed `method` payment, the latest. Returns the refund's id.
 */
export async function claimRefund(
  db: Database,
  registrationId: string,
  {
    method = "online",
    amountPaise,
    now = new Date(),
    send = true,
  }: {
    method?: "online" | "upi";
    amountPaise?: number;
    now?: Date;
    /** false: the outbox's "refund-send" not written, so a test sends it itself. */
    send?: boolean;
  } = {},
): Promise<string> {
  return withRegistrationById(
    db,
    registrationId,
    async (command, row) => {
      const payment = await command.trx
        .selectFrom("booking_entries")
        .select(["id", "amount_paise"])
        .where("registration_id", "=", row.id)
        .where("kind", "=", "payment")
        .where("method", "=", method)
        .where("state", "=", "confirmed")
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow();
      if (row.status !== "cancelled") {
        await command.trx
          .updateTable("registrations")
          .set({ status: "cancelled", updated_at: command.now.toISOString() })
          .where("id", "=", row.id)
          .execute();
        await voidCharges(command, row.id);
      }
      const entryId = await addEntry(command, row, {
        kind: "refund",
        part: null,
        amountPaise: amountPaise ?? payment.amount_paise,
        state: "claimed",
        method,
        source: "rider",
        returnsEntryId: payment.id,
      });
      if (method === "online" && send) await command.enqueue({ kind: "refund-send", entryId }, row.reference);
      return entryId;
    },
    { actor: RIDER_ACTOR, now },
  );
}

/**
 * A booking's refunds as the ledger has them, in the order written; at one instant (a test's
 * fixed clock), a failed refund before the credit that replaced it.
 */
export async function refundRows(db: Database, registrationId: string) {
  const rows = await db
    .selectFrom("booking_entries")
    .select(["id", "amount_paise", "state", "method", "reference", "returns_entry_id", "source", "created_at"])
    .where("registration_id", "=", registrationId)
    .where("kind", "=", "refund")
    .execute();
  return rows
    .sort(
      (a, b) =>
        a.created_at.localeCompare(b.created_at) ||
        Number(a.source === "refund-failed") - Number(b.source === "refund-failed"),
    )
    .map(({ created_at: _, ...row }) => row);
}
