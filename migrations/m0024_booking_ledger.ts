import { randomUUID } from "node:crypto";
import { type Kysely, type Selectable, sql } from "kysely";
import { balancePaise, bookingAmountPaise } from "../app/domain/registration/balance";
import type { DB, RegistrationsTable } from "../app/server/db/schema.server";
import { rideFromRow } from "../app/server/rides/ride-rows.server";
import { registrationFromRow } from "../app/server/registrations/rows.server";

// Migrations are frozen once landed: never edit or rename this file, add a new one.
//
// One ledger per booking (decision 059): every charge, fee, payment and refund of a booking is a
// row. The payment columns of `registrations` (payment, utr, balance_payment, balance_utr,
// credit_paise) are read into it here, so that no rider owes a paisa more or less than before
// (m0024.test.ts); m0025 drops them.

type Entry = {
  kind: "charge" | "fee" | "payment" | "refund";
  part: "booking" | "balance" | null;
  amount_paise: number;
  state: "claimed" | "confirmed" | "voided";
  method: "upi" | "credit" | null;
  reference: string | null;
  note: string;
};

/** A registration row with the payment columns this migration reads (m0025 drops them). */
type LegacyRow = Selectable<RegistrationsTable> & {
  payment: string;
  utr: string | null;
  balance_payment: string;
  balance_utr: string | null;
  credit_paise: number;
};

/** A registration's columns as the ledger reads them, with its ride's prices (null: none readable). */
export type LegacyBooking = {
  status: string;
  payment: string;
  utr: string | null;
  balancePayment: string;
  balanceUtr: string | null;
  creditPaise: number;
  bookingPaise: number | null;
  balancePaise: number | null;
  /** Its credit ledger's entries (a cancelled booking's credit), signed as there. */
  credit: { kind: string; state: string; amountPaise: number }[];
};

/** The ledger a booking's columns stand for. */
export function legacyEntries(booking: LegacyBooking): Entry[] {
  const entries: Entry[] = [];
  const add = (entry: Omit<Entry, "note"> & { note?: string }) => entries.push({ note: "", ...entry });
  const charged = booking.status === "confirmed" || booking.status === "cancelled";
  const chargeState = booking.status === "cancelled" ? "voided" : "confirmed";
  const parts = [
    { part: "booking" as const, amount: booking.bookingPaise, state: booking.payment, utr: booking.utr },
    { part: "balance" as const, amount: booking.balancePaise, state: booking.balancePayment, utr: booking.balanceUtr },
  ];
  for (const { part, amount, state, utr } of parts) {
    if (amount === null) continue;
    if (charged) add({ kind: "charge", part, amount_paise: amount, state: chargeState, method: null, reference: null });
    const credit = part === "booking" ? Math.min(booking.creditPaise, amount) : 0;
    if (credit > 0)
      add({ kind: "payment", part, amount_paise: credit, state: "confirmed", method: "credit", reference: null });
    const rest = amount - credit;
    if (rest === 0) continue;
    if (state === "paid")
      add({ kind: "payment", part, amount_paise: rest, state: "confirmed", method: "upi", reference: utr });
    else if (utr) add({ kind: "payment", part, amount_paise: rest, state: "claimed", method: "upi", reference: utr });
  }
  if (booking.status === "cancelled") settleCancelled(booking, entries, add);
  return entries;
}

/**
 * A cancelled booking's money as the credit ledger decided it: credit it spent came back and
 * credit confirmed for what it paid are refunds in credit; credit waiting for the organisers is
 * a refund claimed; the rest the organisers kept (declined, or a policy without credit) is a fee.
 */
function settleCancelled(booking: LegacyBooking, entries: Entry[], add: (entry: Entry) => void) {
  const received = entries
    .filter((entry) => entry.kind === "payment" && entry.state === "confirmed")
    .reduce((total, entry) => total + entry.amount_paise, 0);
  let left = received;
  const refund = (amount: number, state: "claimed" | "confirmed") => {
    const given = Math.min(amount, left);
    if (given <= 0) return;
    left -= given;
    add({ kind: "refund", part: null, amount_paise: given, state, method: "credit", reference: null, note: "" });
  };
  for (const credit of booking.credit) {
    const back = credit.kind === "returned" || credit.kind === "cancellation";
    if (back && credit.state === "confirmed") refund(credit.amountPaise, "confirmed");
    if (credit.kind === "cancellation" && credit.state === "pending") refund(credit.amountPaise, "claimed");
  }
  if (left > 0) {
    add({
      kind: "fee",
      part: null,
      amount_paise: left,
      state: "confirmed",
      method: null,
      reference: null,
      note: "Kept on cancellation",
    });
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("booking_entries")
    .addColumn("id", "text", (c) => c.primaryKey().notNull())
    .addColumn("registration_id", "text", (c) => c.notNull().references("registrations.id"))
    .addColumn("ride_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("part", "text")
    .addColumn("amount_paise", "integer", (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("method", "text")
    .addColumn("reference", "text")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("decided_at", "text")
    .execute();
  await db.schema.createIndex("booking_entries_registration").on("booking_entries").column("registration_id").execute();
  await db.schema.createIndex("booking_entries_ride").on("booking_entries").column("ride_id").execute();
  // A UTR or a gateway's payment id pays one booking once: confirmed twice is refused here too.
  await db.schema
    .createIndex("booking_entries_payment_reference")
    .on("booking_entries")
    .columns(["method", "reference"])
    .unique()
    .where(sql.ref("kind"), "=", "payment")
    .where(sql.ref("state"), "=", "confirmed")
    .where("reference", "is not", null)
    .execute();
  await backfill(db as unknown as Kysely<DB>);
}

async function backfill(db: Kysely<DB>): Promise<void> {
  const rides = new Map((await db.selectFrom("rides").selectAll().execute()).map((row) => [row.id, rideFromRow(row)]));
  const credit = await db
    .selectFrom("credit_entries")
    .select(["registration_id", "kind", "state", "amount_paise"])
    .execute();
  const rows = (await db.selectFrom("registrations").selectAll().execute()) as LegacyRow[];
  for (const row of rows) {
    const ride = rides.get(row.ride_id);
    const option = registrationFromRow(row).option;
    const bookingPaise = ride ? bookingAmountPaise(ride, option) : null;
    const entries = legacyEntries({
      status: row.status,
      payment: row.payment,
      utr: row.utr,
      balancePayment: row.balance_payment,
      balanceUtr: row.balance_utr,
      creditPaise: row.credit_paise,
      bookingPaise,
      balancePaise: ride && bookingPaise !== null ? balancePaise(ride, option) : null,
      credit: credit
        .filter((entry) => entry.registration_id === row.id)
        .map((entry) => ({ kind: entry.kind, state: entry.state, amountPaise: entry.amount_paise })),
    });
    if (entries.length === 0) continue;
    await db
      .insertInto("booking_entries")
      .values(
        entries.map((entry) => ({
          id: randomUUID(),
          registration_id: row.id,
          ride_id: row.ride_id,
          kind: entry.kind,
          part: entry.part,
          amount_paise: entry.amount_paise,
          state: entry.state,
          method: entry.method,
          reference: entry.reference,
          source: "m0024",
          note: entry.note,
          created_at: row.created_at,
          decided_at: entry.state === "claimed" ? null : row.updated_at,
        })),
      )
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("booking_entries").execute();
}
