import { sql } from "kysely";
import type { Audience } from "~/features/rider-messages/domain/message";
import type { Executor } from "~/server/db/schema.server";
import { duesMatch } from "~/domain/registration/dues";
import { registrationStatusOf } from "~/server/registrations/rows.server";
import { duesOfBookings } from "~/server/registrations/ledger.server";
import { rideFromRow } from "~/server/rides/ride-rows.server";
import { serverClock } from "~/server/clock.server";
import type { Recipient } from "./write.server";

// Who a ride's message goes to (docs/features/rider-messages.md). Never a cancelled or erased
// registration; the rest as the audience says.

/** 1 when the registration has a phone with push updates on. */
const hasPush = sql<number>`(case when exists (select 1 from push_subscriptions p where p.registration_id = registrations.id) then 1 else 0 end)`;

function recipientsQuery(db: Executor, rideId: string) {
  return db
    .selectFrom("registrations")
    .select(["id", "reference", "phone", "data", "reminders", "status"])
    .select(hasPush.as("push"))
    .where("ride_id", "=", rideId)
    .where("status", "<>", "cancelled")
    .where("erased_at", "is", null)
    .orderBy("created_at")
    .orderBy("id");
}

const asRecipients = (rows: { push: number | string }[]) =>
  rows.map((row) => ({ ...row, push: Number(row.push) > 0 })) as unknown as Recipient[];

/**
 * The ride's riders a broadcast with this audience reaches, in registration order; with
 * `bookedBy`, only those who had booked by then (a reminder is for the riders booked at its moment).
 */
export async function audienceOf(
  db: Executor,
  rideId: string,
  audience: Audience,
  bookedBy?: Date,
): Promise<Recipient[]> {
  let query = recipientsQuery(db, rideId).where("status", "in", audience.statuses);
  if (bookedBy) query = query.where("created_at", "<=", bookedBy.toISOString());
  if (audience.checkIn === "in") query = query.where("checked_in_at", "is not", null);
  if (audience.checkIn === "out") query = query.where("checked_in_at", "is", null);
  const rows = await query.execute();
  const filter = audience.payment;
  if (!filter) return asRecipients(rows);
  // What each owes is its ledger's (dues.ts), worked out as every page works it out.
  // Read here, not through rides.server (which reaches these recipients through its commands).
  const rideRow = await db.selectFrom("rides").selectAll().where("id", "=", rideId).executeTakeFirst();
  const ride = rideRow ? rideFromRow(rideRow) : null;
  const bookings = rows.map((row) => ({ id: row.id, status: registrationStatusOf(row.status) }));
  const dues = await duesOfBookings(db, bookings, ride, serverClock());
  return asRecipients(rows.filter((row) => duesMatch(dues.get(row.id)!, filter)));
}

/** Every live rider of the ride, waitlist included: a change notice or a cancelled ride tells them all. */
export async function everyRiderOf(db: Executor, rideId: string): Promise<Recipient[]> {
  return asRecipients(await recipientsQuery(db, rideId).execute());
}

/** One registration as a recipient of news about their own booking. */
export async function recipientById(db: Executor, registrationId: string): Promise<Recipient | null> {
  const rows = await db
    .selectFrom("registrations")
    .select(["id", "reference", "phone", "data", "reminders"])
    .select(hasPush.as("push"))
    .where("id", "=", registrationId)
    .where("erased_at", "is", null)
    .execute();
  return asRecipients(rows)[0] ?? null;
}
