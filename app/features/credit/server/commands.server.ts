import type { AuditActor } from "~/domain/audit";
import { formatRupees } from "~/domain/registration/balance";
import type { CreditState } from "~/features/credit/domain/credit";
import {
  ADJUSTMENT_AMOUNT_MESSAGE,
  adjustmentNote,
  adjustmentPaise,
  CREDIT_AMOUNT_MESSAGE,
  creditAmountPaise,
} from "~/features/credit/domain/credit-input";
import { type Command, runCommand } from "~/server/commands/command.server";
import type { Database, Executor } from "~/server/db/schema.server";
import { lockRider } from "~/features/rider-accounts/server/riders.server";
import { NotFoundError, ValidationError } from "~/server/validation/errors.server";
import { addEntry, auditCredit, settleRefundInCredit } from "./booking-credit.server";
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

function refuse(field: string, message: string): never {
  throw new ValidationError({ [field]: message });
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
      "credit_entries.registration_id",
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
      if (entry.registration_id && entry.ride_id) {
        const booking = { id: entry.registration_id, ride_id: entry.ride_id };
        await settleRefundInCredit(command, booking, decision.confirm ? amount : 0);
      }
      const of = entry.reference ? ` of cancelled booking ${entry.reference}` : "";
      const summary = decision.confirm
        ? `Confirmed credit ${formatRupees(amount)}${of}`
        : `Declined credit ${formatRupees(entry.amount_paise)}${of}`;
      await auditCredit(command, "status-changed", entry.id, summary, change.actor);
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
      await auditCredit(
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
