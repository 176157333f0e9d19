import { randomUUID } from "node:crypto";
import { type Insertable, type Selectable, sql } from "kysely";
import { balanceDueDate, balancePaise, bookingAmountPaise } from "~/domain/registration/balance";
import {
  BOOKING_PARTS,
  type BookingPart,
  type Dues,
  duesOf,
  ENTRY_KINDS,
  ENTRY_STATES,
  type EntryKind,
  type LedgerEntry,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "~/domain/registration/dues";
import { type RegistrationOption, type RegistrationStatus } from "~/domain/registration/settings";
import type { Ride } from "~/domain/ride";
import type { Command } from "../commands/command.server";
import { registrationOptionOf } from "./rows.server";
import type { BookingEntriesTable, Executor } from "../db/schema.server";
import { refuse } from "../validation/errors.server";

// A booking's ledger (decision 059): reading it, and the entries the booking commands write in
// their own transaction, under the ride's lock. What it owes is always `duesOf` its entries.

type EntryRow = Selectable<BookingEntriesTable>;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.includes(value as T) ? (value as T) : null;
}

export function entryFromRow(row: EntryRow): LedgerEntry & { id: string } {
  return {
    id: row.id,
    kind: oneOf(ENTRY_KINDS, row.kind) ?? "fee",
    part: oneOf(BOOKING_PARTS, row.part),
    amountPaise: row.amount_paise,
    state: oneOf(ENTRY_STATES, row.state) ?? "voided",
    method: oneOf(PAYMENT_METHODS, row.method),
    reference: row.reference,
    createdAt: row.created_at,
  };
}

/** The entries of these bookings, each booking's in the order written. */
export async function ledgersOf(
  executor: Executor,
  registrationIds: readonly string[],
): Promise<Map<string, (LedgerEntry & { id: string })[]>> {
  const ledgers = new Map<string, (LedgerEntry & { id: string })[]>(registrationIds.map((id) => [id, []]));
  if (registrationIds.length === 0) return ledgers;
  const rows = await executor
    .selectFrom("booking_entries")
    .selectAll()
    .where("registration_id", "in", registrationIds)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const row of rows) ledgers.get(row.registration_id)?.push(entryFromRow(row));
  return ledgers;
}

/** A booking as its dues need it. */
export type DuesBooking = { id: string; status: RegistrationStatus };

/** What each of these bookings of one ride owes (the ride's balance due date; none without a ride). */
export async function duesOfBookings(
  executor: Executor,
  bookings: readonly DuesBooking[],
  ride: Ride | null,
  now: Date,
): Promise<Map<string, Dues>> {
  return duesOfMany(
    executor,
    bookings.map((booking) => ({ id: booking.id, status: booking.status, ride })),
    now,
  );
}

/** What each of these bookings owes, each of its own ride (a rider's bookings across rides). */
export async function duesOfMany(
  executor: Executor,
  bookings: readonly (DuesBooking & { ride: Ride | null })[],
  now: Date,
): Promise<Map<string, Dues>> {
  const ledgers = await ledgersOf(
    executor,
    bookings.map((booking) => booking.id),
  );
  return new Map(
    bookings.map((booking) => [
      booking.id,
      duesOf(
        ledgers.get(booking.id) ?? [],
        { status: booking.status, balanceDueDate: booking.ride ? balanceDueDate(booking.ride) : "" },
        now,
      ),
    ]),
  );
}

/** What one booking owes. */
export async function duesOfBooking(
  executor: Executor,
  booking: DuesBooking,
  ride: Ride | null,
  now: Date,
): Promise<Dues> {
  return (await duesOfBookings(executor, [booking], ride, now)).get(booking.id)!;
}

/** The row a new entry is, written by `command` for the booking `of`. */
type NewEntry = {
  kind: EntryKind;
  part: BookingPart | null;
  amountPaise: number;
  state: "claimed" | "confirmed";
  method?: PaymentMethod | null;
  reference?: string | null;
  /** What wrote it (no personal data): rider, admin, credit, a statement line, a gateway event. */
  source: string;
  note?: string;
  /** A refund's payment it gives back (an online refund goes back to it at the gateway). */
  returnsEntryId?: string | null;
};

/** The command wrote this booking's ledger: its ledger hooks run before it commits (command.server.ts). */
function touch(command: Command, registrationId: string): void {
  command.touched.add(registrationId);
}

function entryRow(command: Command, of: { id: string; ride_id: string }, entry: NewEntry) {
  const at = command.now.toISOString();
  touch(command, of.id);
  return {
    id: randomUUID(),
    registration_id: of.id,
    ride_id: of.ride_id,
    kind: entry.kind,
    part: entry.part,
    amount_paise: entry.amountPaise,
    state: entry.state,
    method: entry.method ?? null,
    reference: entry.reference ?? null,
    source: entry.source,
    note: entry.note ?? "",
    created_at: at,
    decided_at: entry.state === "claimed" ? null : at,
    returns_entry_id: entry.returnsEntryId ?? null,
  } satisfies Insertable<BookingEntriesTable>;
}

/** Writes one entry; its id. */
export async function addEntry(
  command: Command,
  of: { id: string; ride_id: string },
  entry: NewEntry,
): Promise<string> {
  const row = entryRow(command, of, entry);
  await command.trx.insertInto("booking_entries").values(row).execute();
  return row.id;
}

/** What a booking of `option` is charged for each part on `ride` now, in paise (none when not a plain amount). */
export function chargesFor(ride: Ride, option: RegistrationOption): Partial<Record<BookingPart, number>> {
  const booking = bookingAmountPaise(ride, option);
  if (booking === null) return {};
  const balance = balancePaise(ride, option);
  return balance === null ? { booking } : { booking, balance };
}

/** The charges a booking of `option` lacks (`charged` says which parts it has), at the ride's prices now. */
function newCharges(
  command: Command,
  row: { id: string; ride_id: string },
  ride: Ride,
  option: RegistrationOption,
  charged: (part: BookingPart) => boolean,
  source: string,
) {
  const amounts = chargesFor(ride, option);
  return BOOKING_PARTS.flatMap((part) => {
    const amount = amounts[part];
    if (amount === undefined || charged(part)) return [];
    return [entryRow(command, row, { kind: "charge", part, amountPaise: amount, state: "confirmed", source })];
  });
}

/**
 * Charges a booking whose seat is confirmed now: the booking amount and the balance at the
 * ride's prices of this moment, once (a part already charged keeps its charge: a price edit
 * after booking changes nothing a rider agreed to). A booking made now (`fresh`) has none yet.
 */
export async function chargeConfirmed(
  command: Command,
  row: { id: string; ride_id: string },
  ride: Ride,
  option: RegistrationOption,
  fresh = false,
): Promise<void> {
  const charged = fresh
    ? []
    : await command.trx
        .selectFrom("booking_entries")
        .select("part")
        .where("registration_id", "=", row.id)
        .where("kind", "=", "charge")
        .where("state", "=", "confirmed")
        .execute();
  const rows = newCharges(
    command,
    row,
    ride,
    option,
    (part) => charged.some((entry) => entry.part === part),
    "booking",
  );
  if (rows.length > 0) await command.trx.insertInto("booking_entries").values(rows).execute();
}

/**
 * A ride saved: its confirmed bookings charged nothing for a part (its price was words, or
 * none) are charged now that the price reads as a sum; a part charged keeps its charge.
 */
export async function chargeUncharged(command: Command, ride: Ride): Promise<void> {
  const confirmed = await command.trx
    .selectFrom("registrations")
    .select(["id", "ride_id", "option"])
    .where("ride_id", "=", ride.id)
    .where("status", "=", "confirmed")
    .execute();
  const charged = await command.trx
    .selectFrom("booking_entries")
    .select(["registration_id", "part"])
    .where("ride_id", "=", ride.id)
    .where("kind", "=", "charge")
    .where("state", "=", "confirmed")
    .execute();
  const seen = new Set(charged.map((entry) => `${entry.registration_id} ${entry.part}`));
  const rows = confirmed.flatMap((row) =>
    newCharges(command, row, ride, registrationOptionOf(row.option), (part) => seen.has(`${row.id} ${part}`), "price"),
  );
  if (rows.length > 0) await command.trx.insertInto("booking_entries").values(rows).execute();
}

/** Voids the booking's entries the caller's conditions pick: kept for the trail, no longer counted. */
function voidEntries(command: Command, registrationId: string) {
  touch(command, registrationId);
  return command.trx
    .updateTable("booking_entries")
    .set({ state: "voided", decided_at: command.now.toISOString() })
    .where("registration_id", "=", registrationId);
}

/** A cancelled booking's charges are void: it holds no seat, so it owes nothing for one. */
export async function voidCharges(command: Command, registrationId: string): Promise<void> {
  await voidEntries(command, registrationId).where("kind", "=", "charge").where("state", "=", "confirmed").execute();
}

/** Voids the payments of a part made by these methods (claims included): an admin marks it back to due. */
export async function voidPayments(
  command: Command,
  registrationId: string,
  part: BookingPart,
  methods: readonly PaymentMethod[],
): Promise<void> {
  await voidEntries(command, registrationId)
    .where("kind", "=", "payment")
    .where("part", "=", part)
    .where("method", "in", methods)
    .where("state", "in", ["claimed", "confirmed"])
    .execute();
}

/**
 * The booking's claimed refunds of `method` decided: confirmed at `givenPaise` (an admin's credit
 * decision may lower it), or voided when nothing is given.
 */
export async function decideClaimedRefunds(
  command: Command,
  registrationId: string,
  method: PaymentMethod,
  givenPaise: number,
): Promise<void> {
  touch(command, registrationId);
  const decided_at = command.now.toISOString();
  await command.trx
    .updateTable("booking_entries")
    .set(
      givenPaise > 0 ? { state: "confirmed", amount_paise: givenPaise, decided_at } : { state: "voided", decided_at },
    )
    .where("registration_id", "=", registrationId)
    .where("kind", "=", "refund")
    .where("method", "=", method)
    .where("state", "=", "claimed")
    .execute();
}

/** A part's claims are void: paid, or announced again with another UTR. */
async function voidClaims(command: Command, registrationId: string, part: BookingPart): Promise<void> {
  await voidEntries(command, registrationId)
    .where("kind", "=", "payment")
    .where("part", "=", part)
    .where("state", "=", "claimed")
    .execute();
}

/**
 * The booking whose confirmed payment (or refund: `kind`) carries this UTR or gateway id, or
 * null. A UTR proves one payment or refund once: the unique indexes refuse a second, this says
 * whose it is first.
 */
export async function bookingPaidBy(
  executor: Executor,
  method: PaymentMethod,
  reference: string,
  kind: "payment" | "refund" = "payment",
): Promise<string | null> {
  const found = await executor
    .selectFrom("booking_entries")
    .innerJoin("registrations", "registrations.id", "booking_entries.registration_id")
    .select("registrations.reference")
    .where("booking_entries.kind", "=", kind)
    .where("booking_entries.state", "=", "confirmed")
    .where("booking_entries.method", "=", method)
    .where("booking_entries.reference", "=", reference)
    .executeTakeFirst();
  return found?.reference ?? null;
}

/**
 * Writes a confirmed payment and voids the claims of `claimedParts` it answers. A UTR or gateway
 * id pays one booking once: the booking it pays already is named first; one confirmed at the very
 * same moment on another ride (the partial unique index waits for it) is refused too, never a
 * database error.
 */
async function confirmPayment(
  command: Command,
  row: { id: string; ride_id: string },
  claimedParts: readonly BookingPart[],
  payment: {
    part: BookingPart | null;
    amountPaise: number;
    method: PaymentMethod;
    reference: string | null;
    source: string;
  },
): Promise<void> {
  const { reference } = payment;
  const recordedAlready = (booking: string) =>
    refuse(`UTR ${reference} is recorded already as a payment of booking ${booking}`);
  if (reference) {
    const booking = await bookingPaidBy(command.trx, payment.method, reference);
    if (booking) recordedAlready(booking);
  }
  const written = await command.trx
    .insertInto("booking_entries")
    .values(entryRow(command, row, { kind: "payment", state: "confirmed", ...payment }))
    .onConflict((conflict) =>
      conflict
        .columns(["method", "reference"])
        // The partial index's own predicate, in literals: both engines match it to the index only so.
        .where(sql.ref("kind"), "=", sql.lit("payment"))
        .where(sql.ref("state"), "=", sql.lit("confirmed"))
        .where(sql.ref("reference"), "is not", null)
        .doNothing(),
    )
    .returning("id")
    .executeTakeFirst();
  if (!written) recordedAlready((await bookingPaidBy(command.trx, payment.method, reference!)) ?? "another booking");
  for (const part of claimedParts) await voidClaims(command, row.id, part);
}

/**
 * Records a part as paid: a confirmed payment of what is left of it. The rider's claim for it
 * (their UTR) becomes that payment; without one, `reference` names it. Refused when the
 * reference pays another booking already.
 */
export async function recordPartPaid(
  command: Command,
  row: { id: string; ride_id: string },
  part: BookingPart,
  leftPaise: number,
  payment: { method: PaymentMethod; reference: string | null; source: string },
): Promise<void> {
  const claim = await command.trx
    .selectFrom("booking_entries")
    .select(["id", "reference"])
    .where("registration_id", "=", row.id)
    .where("kind", "=", "payment")
    .where("part", "=", part)
    .where("state", "=", "claimed")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  const reference = payment.reference ?? claim?.reference ?? null;
  await confirmPayment(command, row, [part], { ...payment, part, amountPaise: leftPaise, reference });
}

/**
 * Records both parts as paid by one payment for no part (a bank statement's line that paid the
 * whole trip at once): one confirmed entry of `amountPaise`, which duesOf spreads over the
 * booking amount, then the balance. One entry, because a UTR pays one booking once (the partial
 * unique index on confirmed payments' method and reference). The riders' claims of both parts
 * are void. Refused when the reference pays another booking already.
 */
export async function recordBothPartsPaid(
  command: Command,
  row: { id: string; ride_id: string },
  amountPaise: number,
  payment: { method: PaymentMethod; reference: string; source: string },
): Promise<void> {
  await confirmPayment(command, row, BOOKING_PARTS, { ...payment, part: null, amountPaise });
}

/** The rider announces the UTR that paid a part: a claim, replacing the one before, until someone confirms it. */
export async function claimPart(
  command: Command,
  row: { id: string; ride_id: string },
  part: BookingPart,
  leftPaise: number,
  utr: string,
): Promise<void> {
  await voidClaims(command, row.id, part);
  await addEntry(command, row, {
    kind: "payment",
    part,
    amountPaise: leftPaise,
    state: "claimed",
    method: "upi",
    reference: utr,
    source: "rider",
  });
}

/**
 * What a cancelled booking's rider paid and gets nothing back of (a policy without credit, an
 * erased booking, credit the organisers declined) the organisers keep: a fee, so the ledger
 * owes nobody anything. What comes back (refunds, given or waiting) is not kept.
 */
export async function keepWhatIsNotGivenBack(
  command: Command,
  row: { id: string; ride_id: string },
  note = "Kept on cancellation",
): Promise<void> {
  const entries = await command.trx
    .selectFrom("booking_entries")
    .select(["kind", "state", "amount_paise"])
    .where("registration_id", "=", row.id)
    .where("state", "in", ["claimed", "confirmed"])
    .execute();
  const total = (kind: EntryKind, states: readonly string[]) =>
    entries
      .filter((entry) => entry.kind === kind && states.includes(entry.state))
      .reduce((sum, entry) => sum + entry.amount_paise, 0);
  const kept =
    total("payment", ["confirmed"]) -
    total("refund", ["claimed", "confirmed"]) -
    total("fee", ["confirmed"]) -
    total("charge", ["confirmed"]);
  await keepOnCancel(command, row, kept, note);
}

/** What a cancellation keeps, `keptPaise` (none: nothing written), as one fee on the booking's ledger. */
export async function keepOnCancel(
  command: Command,
  row: { id: string; ride_id: string },
  keptPaise: number,
  note: string,
): Promise<void> {
  if (keptPaise <= 0) return;
  await addEntry(command, row, {
    kind: "fee",
    part: null,
    amountPaise: keptPaise,
    state: "confirmed",
    source: "cancellation",
    note,
  });
}

/** The UTRs riders typed on the bookings this command erased, while nobody confirmed them, are forgotten. */
export async function forgetErasedClaims(command: Command): Promise<void> {
  await command.trx
    .updateTable("booking_entries")
    .set({ reference: null })
    .where("state", "=", "claimed")
    .where("registration_id", "in", (eb) =>
      eb.selectFrom("registrations").select("id").where("erased_at", "=", command.now.toISOString()),
    )
    .execute();
}

/**
 * A claimed refund's gateway id, once the gateway made it (docs/features/refunds.md): it still
 * waits for the bank. False when the refund is no longer claimed or has its id already.
 */
export async function noteRefundReference(command: Command, entryId: string, reference: string): Promise<boolean> {
  const noted = await command.trx
    .updateTable("booking_entries")
    .set({ reference })
    .where("id", "=", entryId)
    .where("kind", "=", "refund")
    .where("state", "=", "claimed")
    .where("reference", "is", null)
    .returning("id")
    .executeTakeFirst();
  return noted !== undefined;
}

/**
 * A claimed refund settled: given (confirmed, with the UTR or gateway refund id that proves it)
 * or failed (voided). False when it was settled before: a second word about it changes nothing.
 */
export async function settleClaimedRefund(
  command: Command,
  entryId: string,
  outcome: { state: "confirmed"; reference: string } | { state: "voided" },
): Promise<boolean> {
  const settled = await command.trx
    .updateTable("booking_entries")
    .set({
      state: outcome.state,
      decided_at: command.now.toISOString(),
      ...(outcome.state === "confirmed" ? { reference: outcome.reference } : {}),
    })
    .where("id", "=", entryId)
    .where("kind", "=", "refund")
    .where("state", "=", "claimed")
    .returning("registration_id")
    .executeTakeFirst();
  if (!settled) return false;
  touch(command, settled.registration_id);
  return true;
}
