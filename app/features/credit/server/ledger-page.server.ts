import type { CreditKind, CreditState } from "~/features/credit/domain/credit";
import { creditSummary } from "~/features/credit/domain/credit";
import { formatRupees } from "~/domain/registration/balance";
import { rupeesField } from "~/features/credit/domain/credit-input";
import type { Executor } from "~/server/db/schema.server";
import { getRider } from "~/features/rider-accounts/server/riders.server";
import { rideFromRow } from "~/server/rides/ride-rows.server";
import { creditEntriesOf } from "./ledger.server";

// The admins' ledger of one rider (/admin/riders/:riderId/credit, docs/features/credit.md).

export type LedgerLine = {
  id: string;
  createdAt: string;
  kind: CreditKind;
  state: CreditState;
  amountPaise: number;
  /** '+₹10,000', '−₹4,000'. */
  amount: string;
  note: string;
  /** The booking it comes from or goes to, and its ride; null for an adjustment. */
  reference: string | null;
  rideTitle: string | null;
  /** A pending cancellation's amount as the confirm field starts ('10000'). */
  rupees: string;
};

export type LedgerPage = {
  rider: { id: string; email: string };
  summary: { credited: string; used: string; left: string; pending: string };
  entries: LedgerLine[];
};

function signed(paise: number): string {
  return `${paise < 0 ? "−" : "+"}${formatRupees(Math.abs(paise))}`;
}

/** The rider's account and every entry of their ledger, newest first; null when the account is not found. */
export async function creditLedgerPage(db: Executor, riderId: string): Promise<LedgerPage | null> {
  const rider = await getRider(db, riderId);
  if (!rider) return null;
  const entries = await creditEntriesOf(db, rider.id);
  const registrationIds = [...new Set(entries.flatMap((entry) => entry.registrationId ?? []))];
  const bookings = registrationIds.length
    ? await db
        .selectFrom("registrations")
        .select(["id", "reference", "ride_id"])
        .where("id", "in", registrationIds)
        .execute()
    : [];
  const rideIds = [...new Set(bookings.map((booking) => booking.ride_id))];
  const rides = rideIds.length ? await db.selectFrom("rides").selectAll().where("id", "in", rideIds).execute() : [];
  const titles = new Map(rides.map((row) => [row.id, rideFromRow(row).title]));
  const byId = new Map(bookings.map((booking) => [booking.id, booking]));
  const summary = creditSummary(entries);
  return {
    rider,
    summary: {
      credited: formatRupees(summary.creditedPaise),
      used: formatRupees(summary.usedPaise),
      left: formatRupees(summary.leftPaise),
      pending: formatRupees(summary.pendingPaise),
    },
    entries: entries.toReversed().map((entry) => {
      const booking = entry.registrationId ? byId.get(entry.registrationId) : undefined;
      return {
        id: entry.id,
        createdAt: entry.createdAt,
        kind: entry.kind,
        state: entry.state,
        amountPaise: entry.amountPaise,
        amount: signed(entry.amountPaise),
        note: entry.note,
        reference: booking?.reference ?? null,
        rideTitle: booking ? (titles.get(booking.ride_id) ?? null) : null,
        rupees: rupeesField(entry.amountPaise),
      };
    }),
  };
}
