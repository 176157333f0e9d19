import { randomUUID } from "node:crypto";
import type { Insertable, Selectable } from "kysely";
import { type AuditActor, RIDER_ACTOR } from "~/domain/audit";
import { balancePaise, formatRupees, paiseOf } from "~/domain/registration/balance";
import { rupeeAmount } from "~/domain/registration/payment";
import { keepsCreditOnCancel, registrationSettingsOf } from "~/domain/registration/settings";
import type { Ride } from "~/domain/ride";
import { type CreditKind, type CreditState, creditToSpend, MAX_CREDIT_PAISE } from "~/features/credit/domain/credit";
import {
  ADJUSTMENT_AMOUNT_MESSAGE,
  adjustmentNote,
  adjustmentPaise,
  CREDIT_AMOUNT_MESSAGE,
  creditAmountPaise,
} from "~/features/credit/domain/credit-input";
import { type Command, runCommand } from "~/server/commands/command.server";
import type { CreditEntriesTable, Database, Executor, RegistrationsTable } from "~/server/db/schema.server";
import { registrationFromRow } from "~/server/registrations/rows.server";
import { updateRegistrationRow } from "~/server/registrations/seats.server";
import { lockRider } from "~/features/rider-accounts/server/riders.server";
import { NotFoundError, ValidationError } from "~/server/validation/errors.server";
import { creditLeftOf } from "./ledger.server";

// The credit ledger's writes (docs/features/credit.md, decision 038). Every one that changes
// what a rider has left first takes their lock (lockRider), after the ride's when it holds one
// (register, cancel): one order, so two commands never wait on each other.

export const CREDIT_NOT_FOUND = "This credit is not found: reload the page";
export const CREDIT_DECIDED = "This credit is decided already: reload the page";
export const MORE_THAN_PAID = "The credit can be at most what the rider paid";
export const RIDER_NOT_FOUND = "This rider's account is not found";

/** Who decides: the admin, and the ride or rider they are looking at (another's entry is not found). */
export type CreditChange = { actor: AuditActor; rideId?: string; riderId?: string; now?: Date };

type Row = Selectable<RegistrationsTable>;

function refuse(field: string, message: string): never {
  throw new ValidationError({ [field]: message });
}

async function addEntry(
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
    await audit(command, "created", row.id, returned, actor);
    sentences.push(`The ${formatRupees(row.credit_paise)} of credit it used is yours again.`);
  }
  if (paid > 0) {
    const id = await addEntry(command, { ...of, kind: "cancellation", state: "pending" }, paid);
    await audit(
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

async function audit(
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
  await audit(command, "updated", row.id, `Booking ${row.reference} on "${ride.title}" ${how}`, RIDER_ACTOR);
  return updateRegistrationRow(
    command.trx,
    row.id,
    { credit_paise: spend, ...(covered ? { payment: "paid" as const } : {}) },
    command.now,
  ).executeTakeFirstOrThrow();
}

/** The entry to decide, with its booking's reference and ride; NotFound for an unknown id or another ride's. */
async function pendingEntry(command: Command, entryId: string, { rideId, riderId }: CreditChange) {
  const entry = await command.trx
    .selectFrom("credit_entries")
    .leftJoin("registrations", "registrations.id", "credit_entries.registration_id")
    .select([
      "credit_entries.id",
      "credit_entries.rider_id",
      "credit_entries.kind",
      "credit_entries.state",
      "credit_entries.amount_paise",
      "registrations.reference",
      "registrations.ride_id",
    ])
    .where("credit_entries.id", "=", entryId)
    .executeTakeFirst();
  if (!entry || entry.kind !== "cancellation") throw new NotFoundError(CREDIT_NOT_FOUND);
  if (rideId !== undefined && entry.ride_id !== rideId) throw new NotFoundError(CREDIT_NOT_FOUND);
  if (riderId !== undefined && entry.rider_id !== riderId) throw new NotFoundError(CREDIT_NOT_FOUND);
  return entry;
}

export type CreditDecision = { confirm: true; amount: unknown } | { confirm: false };

/**
 * An admin confirms a cancelled booking's credit (its amount, at most what the rider paid, which
 * they may lower) or declines it. Once only: a decided entry is refused.
 */
export function decideCredit(
  db: Database,
  entryId: string,
  decision: CreditDecision,
  change: CreditChange,
): Promise<{ state: CreditState; amountPaise: number }> {
  return runCommand(
    db,
    async (command) => {
      const first = await pendingEntry(command, entryId, change);
      if (first.rider_id) await lockRider(command.trx, first.rider_id);
      // Read again under the rider's lock: another admin may have decided it meanwhile.
      const entry = await pendingEntry(command, entryId, change);
      if (entry.state !== "pending") refuse("credit", CREDIT_DECIDED);
      let amount = entry.amount_paise;
      if (decision.confirm) {
        const typed = creditAmountPaise(decision.amount);
        if (typed === null) refuse("amount", CREDIT_AMOUNT_MESSAGE);
        if (typed > entry.amount_paise) refuse("amount", `${MORE_THAN_PAID}: ${formatRupees(entry.amount_paise)}`);
        amount = typed;
      }
      const state: CreditState = decision.confirm ? "confirmed" : "declined";
      const result = await command.trx
        .updateTable("credit_entries")
        .set({ state, amount_paise: amount, decided_at: command.now.toISOString(), decided_by: change.actor.id })
        .where("id", "=", entry.id)
        .where("state", "=", "pending")
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) refuse("credit", CREDIT_DECIDED);
      const of = entry.reference ? ` of cancelled booking ${entry.reference}` : "";
      const summary = decision.confirm
        ? `Confirmed credit ${formatRupees(amount)}${of}`
        : `Declined credit ${formatRupees(entry.amount_paise)}${of}`;
      await audit(command, "status-changed", entry.id, summary, change.actor);
      return { state, amountPaise: amount };
    },
    change.now,
  );
}

/**
 * An admin adjusts a rider's credit by a signed amount with a note. Refused when it would take
 * off more than the rider has left, read under the rider's lock: credit is never negative.
 */
export async function adjustCredit(
  db: Database,
  riderId: string,
  input: { amount: unknown; note: unknown },
  change: CreditChange,
): Promise<{ amountPaise: number; leftPaise: number }> {
  const amount = adjustmentPaise(input.amount);
  const note = adjustmentNote(input.note);
  const errors: Record<string, string> = {};
  if (amount === null) errors.amount = ADJUSTMENT_AMOUNT_MESSAGE;
  if (!note.ok) errors.note = note.message;
  if (amount === null || !note.ok) throw new ValidationError(errors);
  return runCommand(
    db,
    async (command) => {
      if (!(await lockRider(command.trx, riderId))) throw new NotFoundError(RIDER_NOT_FOUND);
      const left = await creditLeftOf(command.trx, riderId);
      if (left + amount < 0)
        refuse("amount", `The rider has ${formatRupees(left)} left: at most that can be taken off`);
      const id = await addEntry(
        command,
        { riderId, registrationId: null, kind: "adjustment", state: "confirmed" },
        amount,
        note.note,
      );
      const sign = amount < 0 ? "−" : "+";
      await audit(
        command,
        "created",
        id,
        `Adjusted a rider's credit by ${sign}${formatRupees(Math.abs(amount))}`,
        change.actor,
      );
      return { amountPaise: amount, leftPaise: left + amount };
    },
    change.now,
  );
}

/** The pending cancellation credit of each booking (for the ride's Riders page), by registration id. */
export async function pendingCreditsOf(
  db: Executor,
  registrationIds: readonly string[],
): Promise<Map<string, { entryId: string; amountPaise: number }>> {
  const pending = new Map<string, { entryId: string; amountPaise: number }>();
  if (registrationIds.length === 0) return pending;
  const rows = await db
    .selectFrom("credit_entries")
    .select(["id", "registration_id", "amount_paise"])
    .where("registration_id", "in", registrationIds)
    .where("kind", "=", "cancellation")
    .where("state", "=", "pending")
    .execute();
  for (const row of rows)
    if (row.registration_id) pending.set(row.registration_id, { entryId: row.id, amountPaise: row.amount_paise });
  return pending;
}
