import { type RefundDue, refundDueLabel } from "~/domain/payments/refunds-due";
import { formatRupees } from "~/domain/registration/balance";
import type { Executor } from "../db/schema.server";
import { getRide } from "../rides/rides.server";

/**
 * The refunds due (claimed by UPI or online) and the online ones that failed, of one ride or of
 * every ride, oldest first: what the organisers still have to see through.
 */
export async function refundsDue(db: Executor, { rideId }: { rideId?: string } = {}): Promise<RefundDue[]> {
  let query = db
    .selectFrom("booking_entries")
    .innerJoin("registrations", "registrations.id", "booking_entries.registration_id")
    .select([
      "booking_entries.id",
      "booking_entries.registration_id",
      "booking_entries.ride_id",
      "booking_entries.amount_paise",
      "booking_entries.method",
      "booking_entries.state",
      "booking_entries.reference",
      "booking_entries.created_at",
      "registrations.reference as booking",
    ])
    .where("booking_entries.kind", "=", "refund")
    .where((eb) =>
      eb.or([
        eb.and([eb("booking_entries.state", "=", "claimed"), eb("booking_entries.method", "in", ["upi", "online"])]),
        eb.and([eb("booking_entries.state", "=", "voided"), eb("booking_entries.method", "=", "online")]),
      ]),
    )
    .orderBy("booking_entries.created_at")
    .orderBy("booking_entries.id");
  if (rideId) query = query.where("booking_entries.ride_id", "=", rideId);
  const rows = await query.execute();
  const titles = new Map<string, string>();
  for (const id of new Set(rows.map((row) => row.ride_id))) {
    titles.set(id, (await getRide(db, id))?.title ?? "A ride no longer on the site");
  }
  return rows.map((row) => {
    const method = row.method === "upi" ? "upi" : "online";
    const state = row.state === "voided" ? "failed" : "pending";
    return {
      entryId: row.id,
      registrationId: row.registration_id,
      booking: row.booking,
      rideId: row.ride_id,
      rideTitle: titles.get(row.ride_id)!,
      amount: formatRupees(row.amount_paise),
      method,
      state,
      stateLabel: refundDueLabel(method, state, row.reference),
      since: row.created_at,
    };
  });
}
