import type { Selectable } from "kysely";
import type { AuditActor } from "~/domain/audit";
import type { RegistrationInput } from "~/domain/registration/input";
import type { Ride } from "~/domain/ride";
import { registrationHooks } from "~/features/in-commands.server";
import type { Command } from "../commands/command.server";
import type { Executor, RegistrationsTable } from "../db/schema.server";
import type { BookingNews, FormCheck } from "../registries/registration-hooks.server";

// The registration commands' steps that the features fill (registries/registration-hooks.server.ts),
// each run in the command that calls it, in the features' order.

type Row = Selectable<RegistrationsTable>;

/** The features' checks of a rider's form: the first refusal, else every column they keep of it. */
export async function checkFormWithFeatures(
  trx: Executor,
  form: { rideId: string; input: unknown; fields: RegistrationInput; now: Date },
): Promise<FormCheck> {
  const columns: Partial<Row> = {};
  for (const hooks of registrationHooks) {
    const check = await hooks.checkForm?.(trx, form);
    if (check && !check.ok) return check;
    if (check) Object.assign(columns, check.columns);
  }
  return { ok: true, columns };
}

/** The signed-in rider's account when it takes a booking made with `email` (decision 042), else null. */
export async function accountOfBooking(trx: Executor, riderId: string | null, email: string): Promise<string | null> {
  if (riderId === null) return null;
  for (const hooks of registrationHooks) {
    if (await hooks.takesBooking?.(trx, riderId, email)) return riderId;
  }
  return null;
}

/** What the features write with a booking just made; its row as it is then. */
export async function writeWithRegistered(
  command: Command,
  booking: { row: Row; ride: Ride; input: unknown; fields: RegistrationInput },
): Promise<Row> {
  let { row } = booking;
  for (const hooks of registrationHooks) {
    if (hooks.registered) row = await hooks.registered(command, { ...booking, row });
  }
  return row;
}

/** Whether a feature keeps money given back as credit (the credit feature): credit can be offered. */
export function creditRefundsOffered(): boolean {
  return registrationHooks.some((hooks) => hooks.refundedInCredit !== undefined);
}

/** Money a cancelled booking gets back as credit, written where the features keep credit. */
export async function writeRefundedInCredit(
  command: Command,
  refund: { row: Row; amountPaise: number; returnedPaise: number; actor: AuditActor; failed?: boolean },
): Promise<void> {
  for (const hooks of registrationHooks) await hooks.refundedInCredit?.(command, refund);
}

/** News about a rider's own booking, written where the features keep it (their Updates list). */
export async function tellRider(command: Command, news: BookingNews): Promise<void> {
  for (const hooks of registrationHooks) await hooks.news?.(command, news);
}

/**
 * A booking's rider may be someone else now (its link renewed, its email changed): what the
 * features undo of whoever held it. Its row as it is then.
 */
export async function writeWithHolderChanged(command: Command, row: Row, how: string): Promise<Row> {
  let current = row;
  for (const hooks of registrationHooks) {
    if (hooks.holderChanged) current = await hooks.holderChanged(command, current, how);
  }
  return current;
}
