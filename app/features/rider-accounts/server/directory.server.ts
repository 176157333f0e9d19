import { z } from "zod";
import type { PartDues } from "~/domain/registration/dues";
import type { Ride } from "~/domain/ride";
import { duesOfMany } from "~/server/registrations/ledger.server";
import { getRide } from "~/server/rides/rides.server";
import { serverClock } from "~/server/clock.server";
import type { AuditActor } from "~/domain/audit";
import { readSavedDetails } from "~/features/rider-accounts/domain/account";
import { adminNoteSchema } from "~/features/rider-accounts/domain/admin-note";
import { passportFigures, type PassportFigures } from "~/features/rider-accounts/domain/passport";
import { runCommand } from "~/server/commands/command.server";
import { creditLeftByRider, creditLeftOf } from "~/features/credit/server/ledger.server";
import type { Database, Executor } from "~/server/db/schema.server";
import { registrationFromRow, type Registration } from "~/server/registrations/rows.server";
import { rideFromRow } from "~/server/rides/ride-rows.server";
import { NotFoundError, ValidationError } from "~/server/validation/errors.server";
import { riddenRides } from "./passport.server";

// The admins' riders directory (decision 040): every account, what it rode, its credit and the
// organisers' note. Owners and editors only (admin-access.server.ts); audited; in no export.

export type DirectoryRider = {
  id: string;
  /** The saved details' name, else the latest kept booking's; '' when neither. */
  name: string;
  email: string;
  ridesRidden: number;
  lastRide: { id: string; title: string; startDate: string } | null;
  creditLeftPaise: number;
};

const MAX_SEARCH_LENGTH = 100;
export const directorySearchSchema = z
  .string()
  .transform((value) => value.trim().slice(0, MAX_SEARCH_LENGTH))
  .catch("");

/** The latest kept booking's name of each account with one. */
async function bookingNames(db: Executor, riderIds: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (riderIds.length === 0) return names;
  const rows = await db
    .selectFrom("registrations")
    .selectAll()
    .where("rider_id", "in", riderIds)
    .where("erased_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const { riderId, name } = registrationFromRow(row);
    if (riderId && name && !names.has(riderId)) names.set(riderId, name);
  }
  return names;
}

/** Rides ridden (checked in, confirmed, ride not cancelled) per account, and the latest of them. */
async function riddenByRider(db: Executor) {
  const rows = await db
    .selectFrom("registrations")
    .innerJoin("rides", "rides.id", "registrations.ride_id")
    .selectAll("rides")
    .select("registrations.rider_id")
    .where("registrations.rider_id", "is not", null)
    .where("registrations.status", "=", "confirmed")
    .where("registrations.checked_in_at", "is not", null)
    .where("rides.status", "!=", "cancelled")
    .execute();
  const ridden = new Map<string, Map<string, { id: string; title: string; startDate: string }>>();
  for (const { rider_id, ...row } of rows) {
    if (!rider_id) continue;
    const rides = ridden.get(rider_id) ?? new Map();
    const ride = rideFromRow(row);
    rides.set(ride.id, { id: ride.id, title: ride.title, startDate: ride.startDate });
    ridden.set(rider_id, rides);
  }
  return ridden;
}

/**
 * Every account, the most recently used first, filtered by part of its name or email. The
 * search runs here, not in SQL: a community's accounts are few enough.
 */
export async function listDirectory(db: Executor, search = ""): Promise<DirectoryRider[]> {
  const riders = await db
    .selectFrom("riders")
    .select(["id", "email", "details", "last_seen_at"])
    .orderBy("last_seen_at", "desc")
    .orderBy("id")
    .execute();
  const ids = riders.map((rider) => rider.id);
  const [names, ridden, credit] = await Promise.all([
    bookingNames(db, ids),
    riddenByRider(db),
    creditLeftByRider(db, ids),
  ]);
  const needle = search.trim().toLowerCase();
  return riders
    .map((rider): DirectoryRider => {
      const rides = [...(ridden.get(rider.id)?.values() ?? [])];
      const lastRide = rides.reduce<DirectoryRider["lastRide"]>(
        (latest, ride) => (!latest || ride.startDate > latest.startDate ? ride : latest),
        null,
      );
      return {
        id: rider.id,
        name: readSavedDetails(rider.details)?.name.trim() || names.get(rider.id) || "",
        email: rider.email,
        ridesRidden: rides.length,
        lastRide,
        creditLeftPaise: credit.get(rider.id) ?? 0,
      };
    })
    .filter((rider) => !needle || `${rider.name}\n${rider.email}`.toLowerCase().includes(needle));
}

export type RiderBooking = Pick<Registration, "id" | "rideId" | "reference" | "status" | "checkedInAt" | "erasedAt"> & {
  rideTitle: string;
  rideStartDate: string;
  /** What it owes (dues.ts), as the admins read it: "paid", "due", "overdue"; '' for a part it has none of. */
  payment: string;
  balancePayment: string;
  creditPaise: number;
};

export type RiderRecord = {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  lastSeenAt: string;
  passportPublic: boolean;
  adminNote: string;
  creditLeftPaise: number;
  figures: PassportFigures;
  /** Every booking of the account across rides, the latest ride first. */
  bookings: RiderBooking[];
};

/** One account for the admins' page, or null when there is none. */
export async function riderRecord(db: Executor, riderId: string): Promise<RiderRecord | null> {
  const rider = await db.selectFrom("riders").selectAll().where("id", "=", riderId).executeTakeFirst();
  if (!rider) return null;
  const [rows, ridden, creditLeftPaise] = await Promise.all([
    db
      .selectFrom("registrations")
      .innerJoin("rides", "rides.id", "registrations.ride_id")
      .selectAll("registrations")
      .select(["rides.data as ride_data", "rides.start_date as ride_start_date"])
      .where("registrations.rider_id", "=", riderId)
      .orderBy("rides.start_date", "desc")
      .orderBy("registrations.created_at", "desc")
      .execute(),
    riddenRides(db, riderId),
    creditLeftOf(db, riderId),
  ]);
  const rides = new Map<string, Ride | null>();
  for (const rideId of new Set(rows.map((row) => row.ride_id))) rides.set(rideId, await getRide(db, rideId));
  const registrations = rows.map((row) => registrationFromRow(row));
  const dues = await duesOfMany(
    db,
    registrations.map((registration) => ({ ...registration, ride: rides.get(registration.rideId) ?? null })),
    serverClock(),
  );
  const stateOf = (owed: PartDues | null) => (!owed ? "" : owed.paid ? "paid" : owed.overdue ? "overdue" : "due");
  const bookings = rows.map(({ ride_data, ride_start_date }, index): RiderBooking => {
    const registration = registrations[index]!;
    const owed = dues.get(registration.id)!;
    return {
      id: registration.id,
      rideId: registration.rideId,
      reference: registration.reference,
      status: registration.status,
      payment: stateOf(owed.booking),
      balancePayment: stateOf(owed.balance),
      checkedInAt: registration.checkedInAt,
      creditPaise: owed.booking?.creditPaise ?? 0,
      erasedAt: registration.erasedAt,
      rideTitle: rideTitle(ride_data),
      rideStartDate: ride_start_date,
    };
  });
  const latestName = registrations.find((booking) => !booking.erasedAt && booking.name);
  return {
    id: rider.id,
    name: readSavedDetails(rider.details)?.name.trim() || latestName?.name || "",
    email: rider.email,
    createdAt: rider.created_at,
    lastSeenAt: rider.last_seen_at,
    passportPublic: rider.passport_slug !== null,
    adminNote: rider.admin_note,
    creditLeftPaise,
    figures: passportFigures(ridden),
    bookings,
  };
}

function rideTitle(data: string): string {
  try {
    const { title } = JSON.parse(data) as { title?: unknown };
    return typeof title === "string" ? title : "";
  } catch {
    return "";
  }
}

/** Saves the organisers' note on an account: audited by the account's id, never with the note's text. */
export async function saveAdminNote(db: Database, actor: AuditActor, riderId: string, input: unknown): Promise<string> {
  const parsed = adminNoteSchema.safeParse(input);
  if (!parsed.success) throw new ValidationError({ note: parsed.error.issues[0]?.message ?? "Enter a note" });
  const { note } = parsed.data;
  return runCommand(db, async (command) => {
    const result = await command.trx
      .updateTable("riders")
      .set({ admin_note: note })
      .where("id", "=", riderId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new NotFoundError("Rider not found");
    await command.audit(actor, {
      action: "updated",
      collection: "riders",
      recordId: riderId,
      summary: note ? "Saved the admin note on a rider's account" : "Cleared the admin note on a rider's account",
    });
    return note;
  });
}
