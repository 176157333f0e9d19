import type { Selectable } from "kysely";
import type { AuditActor } from "~/domain/audit";
import type { OpOutcome, RideDayOp } from "~/features/ride-day/domain/pack";
import type { Ride } from "~/domain/ride";
import type { Command } from "~/server/commands/command.server";
import type { RegistrationsTable } from "~/server/db/schema.server";
import { checkInLocked } from "./check-in.server";

// What each change a captain's phone queued does, inside the sync's command for it (which holds
// the ride's lock): check-in and its undo through the Check-in page's own write, roll calls and
// their marks here. Each answers an outcome, and a message for the captain when one helps.

export type Applied = { outcome: OpOutcome; message?: string; registrationId?: string };

export const RIDE_DAY_MESSAGES = {
  notOnRide: "This rider is not booked on this ride",
  erased: "This rider's booking was erased: nothing changed",
  unknownRollCall: "This roll call is not one of this ride's",
  otherRideRollCall: "This roll call's id belongs to another ride",
} as const;

const riderName = (row: Selectable<RegistrationsTable>, name: string) => name || `Booking ${row.reference}`;

/** The rider of an op, read under the ride's lock; a refusal when they are not this ride's or erased. */
async function riderOf(
  command: Command,
  ride: Ride,
  registrationId: string,
): Promise<{ row: Selectable<RegistrationsTable>; name: string } | Applied> {
  const row = await command.trx
    .selectFrom("registrations")
    .selectAll()
    .where("id", "=", registrationId)
    .where("ride_id", "=", ride.id)
    .executeTakeFirst();
  if (!row) return { outcome: "refused", message: RIDE_DAY_MESSAGES.notOnRide };
  if (row.erased_at !== null) return { outcome: "refused", message: RIDE_DAY_MESSAGES.erased, registrationId: row.id };
  const name = (JSON.parse(row.data) as { name?: unknown }).name;
  return { row, name: riderName(row, typeof name === "string" ? name : "") };
}

async function checkIn(
  command: Command,
  actor: AuditActor,
  ride: Ride,
  op: RideDayOp & { registrationId: string },
  at: Date,
) {
  const rider = await riderOf(command, ride, op.registrationId);
  if ("outcome" in rider) return rider;
  const { row, name } = rider;
  const about = { registrationId: row.id };
  const change = { actor, rideId: ride.id };
  if (op.kind === "undo-check-in") {
    if (row.checked_in_at === null)
      return { outcome: "unchanged", message: `${name} is not checked in`, ...about } as const;
    await checkInLocked(command, change, row, ride, false);
    return { outcome: "applied", ...about } as const;
  }
  if (row.status === "cancelled")
    return {
      outcome: "conflict",
      message: `${name} cancelled while you were offline: not checked in`,
      ...about,
    } as const;
  if (row.status !== "confirmed")
    return { outcome: "conflict", message: `${name} is not confirmed: not checked in`, ...about } as const;
  if (row.checked_in_at !== null)
    return { outcome: "unchanged", message: `${name} was already checked in`, ...about } as const;
  await checkInLocked(command, change, row, ride, true, at);
  return { outcome: "applied", ...about } as const;
}

async function rollCall(
  command: Command,
  actor: AuditActor,
  ride: Ride,
  op: Extract<RideDayOp, { kind: "roll-call" }>,
  at: Date,
): Promise<Applied> {
  const existing = await command.trx
    .selectFrom("roll_calls")
    .select("ride_id")
    .where("id", "=", op.rollCallId)
    .executeTakeFirst();
  if (existing) {
    return existing.ride_id === ride.id
      ? { outcome: "unchanged" }
      : { outcome: "refused", message: RIDE_DAY_MESSAGES.otherRideRollCall };
  }
  await command.trx
    .insertInto("roll_calls")
    .values({
      id: op.rollCallId,
      ride_id: ride.id,
      label: op.label,
      created_by: actor.id,
      created_at: at.toISOString(),
    })
    .execute();
  await command.audit(actor, {
    action: "created",
    collection: "rollCalls",
    recordId: op.rollCallId,
    summary: `Started the roll call "${op.label}" on "${ride.title}"`,
  });
  return { outcome: "applied" };
}

/** A mark made earlier (by the phones' clocks) than the one recorded changes nothing: the latest wins. */
async function mark(
  command: Command,
  actor: AuditActor,
  ride: Ride,
  op: Extract<RideDayOp, { kind: "mark" }>,
  at: Date,
): Promise<Applied> {
  const { trx } = command;
  const call = await trx
    .selectFrom("roll_calls")
    .select(["id", "label"])
    .where("id", "=", op.rollCallId)
    .where("ride_id", "=", ride.id)
    .executeTakeFirst();
  if (!call) return { outcome: "refused", message: RIDE_DAY_MESSAGES.unknownRollCall };
  const rider = await riderOf(command, ride, op.registrationId);
  if ("outcome" in rider) return rider;
  const { row, name } = rider;
  const about = { registrationId: row.id };
  if (row.status === "waitlisted")
    return { outcome: "refused", message: `${name} is on the waitlist, not on the ride`, ...about };
  const markedAt = at.toISOString();
  const current = await trx
    .selectFrom("roll_call_marks")
    .select(["mark", "marked_at"])
    .where("roll_call_id", "=", call.id)
    .where("registration_id", "=", row.id)
    .executeTakeFirst();
  if (current && current.marked_at > markedAt)
    return { outcome: "unchanged", message: `A later mark of ${name} is kept: ${current.mark}`, ...about };
  if (current?.mark === op.mark) return { outcome: "unchanged", ...about };
  const values = { mark: op.mark, marked_by: actor.id, marked_at: markedAt };
  if (current) {
    await trx
      .updateTable("roll_call_marks")
      .set(values)
      .where("roll_call_id", "=", call.id)
      .where("registration_id", "=", row.id)
      .execute();
  } else {
    await trx
      .insertInto("roll_call_marks")
      .values({ roll_call_id: call.id, registration_id: row.id, ...values })
      .execute();
  }
  await command.audit(actor, {
    action: "updated",
    collection: "rollCalls",
    recordId: call.id,
    summary: `Marked booking ${row.reference} ${op.mark} in the roll call "${call.label}" on "${ride.title}"`,
  });
  return { outcome: "applied", ...about };
}

/**
 * Applies one op in `command`, which holds the ride's lock, as made at `at`: when the captain
 * made it, within the ride's window (changeTimes in app/features/ride-day/domain/change-times.ts).
 */
export function applyOp(command: Command, actor: AuditActor, ride: Ride, op: RideDayOp, at: Date): Promise<Applied> {
  switch (op.kind) {
    case "check-in":
    case "undo-check-in":
      return checkIn(command, actor, ride, op, at);
    case "roll-call":
      return rollCall(command, actor, ride, op, at);
    case "mark":
      return mark(command, actor, ride, op, at);
  }
}
