import { z } from "zod";
import { serverClock } from "../clock.server";
import { chargesFor, duesOfMany } from "./ledger.server";
import { formatRupees } from "~/domain/registration/balance";
import { DUES_FILTERS, type DuesFilter, duesMatch, duesTotals } from "~/domain/registration/dues";
import { REGISTRATION_STATUSES, registrationSettingsOf, type RegistrationStatus } from "~/domain/registration/settings";
import { seatsLeft } from "~/domain/registration/availability";
import type { Ride } from "~/domain/ride";
import type { RideSeats } from "~/domain/registration/riders-page";
import type { Executor } from "../db/schema.server";
import { registrationFromRow, type Registration } from "./rows.server";
import { openToken } from "./link-seal.server";
import { findByToken } from "./booking-token.server";
import { listRidesByStatus } from "../rides/rides.server";

// What the pages read about registrations (decision 022): one by id or by its private link, and
// the admin's Riders, check-in and dashboard pages' lists, filters and counts. Every write is a
// command: register.server.ts, rider-changes.server.ts, admin-changes.server.ts, cancel.server.ts.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One registration by id, or null for an id that is unknown or not an id at all. */
export async function getRegistration(db: Executor, id: unknown): Promise<Registration | null> {
  if (typeof id !== "string" || !UUID.test(id)) return null;
  const row = await db.selectFrom("registrations").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? registrationFromRow(row) : null;
}

/** The registration behind a private link, or null for a token that is unknown, erased or not a token at all. */
export async function getRegistrationByToken(db: Executor, token: string): Promise<Registration | null> {
  const row = await findByToken(db, token);
  return row ? registrationFromRow(row) : null;
}

/** The token of a registration's private link, when its sealed copy can be opened (link-seal.server.ts). */
export async function bookingTokenOf(db: Executor, id: string): Promise<string | null> {
  const row = await db.selectFrom("registrations").select("token_sealed").where("id", "=", id).executeTakeFirst();
  return openToken(row?.token_sealed ?? null);
}

/** Seats booked and left of every upcoming ride that takes registrations on this site, in public order. */
export async function upcomingRideSeats(db: Executor): Promise<RideSeats[]> {
  const rides = (await listRidesByStatus(db, "upcoming")).filter(
    (ride: Ride) => registrationSettingsOf(ride).mode === "site",
  );
  const counts = await registrationCounts(
    db,
    rides.map((ride) => ride.id),
  );
  const money = await moneyOfRides(db, rides);
  return rides.map((ride) => {
    const settings = registrationSettingsOf(ride);
    const count = counts.get(ride.id);
    const booked = count?.bookedSeats ?? 0;
    return {
      id: ride.id,
      title: ride.title,
      startDate: ride.startDate,
      seats: settings.seats,
      booked,
      left: seatsLeft(settings, booked),
      waitlisted: count?.waitlisted ?? 0,
      money: money.get(ride.id) ?? null,
    };
  });
}

/** Each ride's confirmed riders' dues added up, for the dashboard; none for a ride with no sum to ask. */
async function moneyOfRides(db: Executor, rides: readonly Ride[]): Promise<Map<string, RideSeats["money"]>> {
  const priced = rides.filter((ride) => chargesFor(ride, "solo").booking !== undefined);
  if (priced.length === 0) return new Map();
  const rows = await db
    .selectFrom("registrations")
    .select(["id", "ride_id"])
    .where("status", "=", "confirmed")
    .where(
      "ride_id",
      "in",
      priced.map((ride) => ride.id),
    )
    .execute();
  const byId = new Map(priced.map((ride) => [ride.id, ride]));
  const dues = await duesOfMany(
    db,
    rows.map((row) => ({ id: row.id, status: "confirmed" as const, ride: byId.get(row.ride_id) ?? null })),
    serverClock(),
  );
  return new Map(
    priced.map((ride) => {
      const mine = rows.filter((row) => row.ride_id === ride.id).map((row) => dues.get(row.id)!);
      const totals = duesTotals(mine);
      const overdue = mine.filter((each) => duesMatch(each, "overdue")).length;
      return [ride.id, { collected: formatRupees(totals.collected), due: formatRupees(totals.due), overdue }];
    }),
  );
}

export type RegistrationFilters = {
  status?: RegistrationStatus;
  /** By what they owe (dues.ts): applied by the page that read their ledgers, not by the query. */
  payment?: DuesFilter;
  checkedIn?: boolean;
  /** Part of a name, email, reference or phone number (digits are compared without spacing). */
  search?: string;
};

const MAX_SEARCH_LENGTH = 100;

/** Filters as a query string may send them: an unknown value is no filter rather than an error. */
export const registrationFiltersSchema = z.object({
  status: z.enum(REGISTRATION_STATUSES).optional().catch(undefined),
  payment: z.enum(DUES_FILTERS).optional().catch(undefined),
  checkedIn: z
    .enum(["yes", "no"])
    .transform((value) => value === "yes")
    .optional()
    .catch(undefined),
  search: z
    .string()
    .transform((value) => value.trim().slice(0, MAX_SEARCH_LENGTH))
    .optional()
    .catch(undefined),
});

function matches(registration: Registration, search: string): boolean {
  const needle = search.toLowerCase();
  const digits = search.replace(/\D/g, "");
  const texts = [registration.name, registration.email, registration.reference, registration.pillionName];
  return (
    texts.some((text) => text.toLowerCase().includes(needle)) ||
    (digits.length >= 3 && registration.phone.replace(/\D/g, "").includes(digits))
  );
}

/** A ride's registrations in registration order, filtered. A ride's list is small: search runs here, not in SQL. */
export async function listRegistrations(
  db: Executor,
  rideId: string,
  filters: RegistrationFilters = {},
): Promise<Registration[]> {
  let query = db.selectFrom("registrations").selectAll().where("ride_id", "=", rideId);
  if (filters.status) query = query.where("status", "=", filters.status);
  if (filters.checkedIn !== undefined) {
    query = query.where("checked_in_at", filters.checkedIn ? "is not" : "is", null);
  }
  const rows = await query.orderBy("created_at").orderBy("id").execute();
  const registrations = rows.map(registrationFromRow);
  const search = filters.search?.trim();
  return search ? registrations.filter((registration) => matches(registration, search)) : registrations;
}

export type RegistrationCounts = {
  /** Seats held by confirmed registrations. */
  bookedSeats: number;
  confirmed: number;
  waitlisted: number;
  cancelled: number;
  checkedIn: number;
};

const NO_REGISTRATIONS: RegistrationCounts = {
  bookedSeats: 0,
  confirmed: 0,
  waitlisted: 0,
  cancelled: 0,
  checkedIn: 0,
};

/**
 * Counts per ride for cards and the dashboard (seats left: seatsLeft(settings, bookedSeats)).
 * Every ride asked for has an entry, zero when it has no registrations.
 */
export async function registrationCounts(
  db: Executor,
  rideIds: readonly string[],
): Promise<Map<string, RegistrationCounts>> {
  const counts = new Map(rideIds.map((id) => [id, { ...NO_REGISTRATIONS }]));
  if (rideIds.length === 0) return counts;
  const rows = await db
    .selectFrom("registrations")
    .select((eb) => [
      "ride_id",
      "status",
      eb.fn.countAll<string | number>().as("registrations"),
      eb.fn.sum<string | number>("seats").as("seats"),
      eb.fn.count<string | number>("checked_in_at").as("checked_in"),
    ])
    .where("ride_id", "in", [...new Set(rideIds)])
    .groupBy(["ride_id", "status"])
    .execute();
  for (const row of rows) {
    const entry = counts.get(row.ride_id);
    if (!entry) continue;
    const registrations = Number(row.registrations);
    if (row.status === "confirmed") {
      entry.confirmed += registrations;
      entry.bookedSeats += Number(row.seats);
      entry.checkedIn += Number(row.checked_in);
    } else if (row.status === "waitlisted") entry.waitlisted += registrations;
    else entry.cancelled += registrations;
  }
  return counts;
}
