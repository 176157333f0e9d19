import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import { PostgresAdapter, sql, type Selectable, type Updateable } from "kysely";
import { z } from "zod";
import {
  notEnoughSeats,
  OPTION_SEATS,
  PAYMENT_STATES,
  REFUSALS,
  REGISTRATION_STATUSES,
  registrationAvailability,
  registrationSettingsOf,
  seatsLeft,
  type Availability,
  type PaymentState,
  type RegistrationStatus,
} from "~/domain/registration";
import { contactUpdateSchema, registrationInputSchema, utrSchema } from "~/domain/registration-input";
import { REFERENCE_ALPHABET, REFERENCE_LENGTH, referenceFrom } from "~/domain/registration-payment";
import type { Ride } from "~/domain/ride";
import type { Database, Executor, RegistrationsTable } from "../db/schema.server";
import { NotFoundError, ValidationError } from "./errors.server";
import { dataWith, detailsOf, erasedColumns, registrationFromRow, type Registration } from "./registration-rows.server";
import { rideFromRow } from "./ride-rows.server";
import { getRide, type RideWriteOptions, setRideParticipants } from "./rides.server";
import { parseOrThrow } from "./validate.server";

// Riders' registrations (issue 12, decision 019). Every write that changes who holds a seat
// runs in one transaction that first locks the ride (lockRide), so with capacity N exactly N
// seats are confirmed however many riders, instances or admins act at once.

export type { Registration } from "./registration-rows.server";

const RIDE_NOT_FOUND = "Ride not found";
export const REGISTRATION_NOT_FOUND = "Registration not found";
export const DUPLICATE_MOBILE = "This mobile number is already registered for this ride";
/** The key of a message about the request as a whole rather than one field. */
const FORM = "";

const TOKEN_BYTES = 32;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A four-character reference collides within one ride about once in 900,000 tries; ten misses in a row mean a bug. */
const REFERENCE_ATTEMPTS = 10;
export const DEFAULT_ERASE_AFTER_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The stored form of a private-link token: its SHA-256, so the table alone opens no link. */
export function tokenHashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function refuse(message: string, field = FORM): never {
  throw new ValidationError({ [field]: message });
}

function isPostgres(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The ride, locked for the rest of the transaction. On PostgreSQL `select … for update` makes
 * every other transaction touching the ride's seats wait here, on whichever instance it runs; on
 * SQLite the transaction already holds the database's write lock from its first statement
 * (BEGIN IMMEDIATE, database.server.ts), which serialises writers across processes too.
 */
async function lockRide(trx: Executor, rideId: string): Promise<Ride | null> {
  let query = trx.selectFrom("rides").selectAll().where("id", "=", rideId);
  if (isPostgres(trx)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? rideFromRow(row) : null;
}

async function bookedSeats(db: Executor, rideId: string): Promise<number> {
  const row = await db
    .selectFrom("registrations")
    .select((eb) => eb.fn.sum<string | number | null>("seats").as("seats"))
    .where("ride_id", "=", rideId)
    .where("status", "=", "confirmed")
    .executeTakeFirst();
  return Number(row?.seats ?? 0);
}

/** Refuses with the rider's message unless the ride takes registrations on this site now. */
function assertOpen(availability: Availability): void {
  if (availability.state === "external") refuse(REFUSALS.external);
  if (availability.state === "closed") refuse(REFUSALS[availability.reason]);
}

async function isMobileTaken(db: Executor, rideId: string, phone: string, exceptId?: string): Promise<boolean> {
  let query = db
    .selectFrom("registrations")
    .select("id")
    .where("ride_id", "=", rideId)
    .where("phone", "=", phone)
    .where("status", "<>", "cancelled");
  if (exceptId) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

async function newReference(db: Executor, rideId: string): Promise<string> {
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
    const reference = referenceFrom(
      Array.from({ length: REFERENCE_LENGTH }, () => randomInt(REFERENCE_ALPHABET.length)),
    );
    const taken = await db
      .selectFrom("registrations")
      .select("id")
      .where("ride_id", "=", rideId)
      .where("reference", "=", reference)
      .executeTakeFirst();
    if (!taken) return reference;
  }
  throw new Error(`no free booking reference for ride ${rideId} after ${REFERENCE_ATTEMPTS} attempts`);
}

// ——— Rider ———

/**
 * Registers a rider. Refused with a message, writing nothing, when the ride does not take
 * registrations here (external form, closed, completed, cancelled, past its cut-off, full
 * without a waitlist), when a field is invalid, or when the mobile number is already registered
 * for the ride. Confirmed when the option's seats are free, else waitlisted when the ride has
 * a waitlist. The private-link token is returned here only; the database keeps its hash.
 */
export async function register(
  db: Database,
  rideId: string,
  input: unknown,
  now = new Date(),
): Promise<{ registration: Registration; token: string }> {
  const ride = await getRide(db, rideId);
  if (!ride) throw new NotFoundError(RIDE_NOT_FOUND);
  // Closed rides say so before any field does, and bad input never waits for the lock.
  assertOpen(registrationAvailability(ride, 0, now));
  const fields = parseOrThrow(registrationInputSchema(registrationSettingsOf(ride)), input);
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const registration = await db.transaction().execute(async (trx) => {
    const locked = await lockRide(trx, ride.id);
    if (!locked) throw new NotFoundError(RIDE_NOT_FOUND);
    const settings = registrationSettingsOf(locked);
    const booked = await bookedSeats(trx, ride.id);
    assertOpen(registrationAvailability(locked, booked, now));
    if (!settings.options[fields.option].offered) refuse("Choose one of the ride's options", "option");
    if (await isMobileTaken(trx, ride.id, fields.mobile)) refuse(DUPLICATE_MOBILE, "mobile");
    const seats = OPTION_SEATS[fields.option];
    const left = seatsLeft(settings, booked);
    let status: RegistrationStatus = "confirmed";
    if (seats > left) {
      if (!settings.waitlist) refuse(left === 0 ? REFUSALS.full : notEnoughSeats(left, fields.option));
      status = "waitlisted";
    }
    const at = now.toISOString();
    const row: RegistrationsTable = {
      id: randomUUID(),
      ride_id: ride.id,
      reference: await newReference(trx, ride.id),
      token_hash: tokenHashOf(token),
      status,
      seats,
      option: fields.option,
      phone: fields.mobile,
      payment: "due",
      utr: null,
      checked_in_at: null,
      data: JSON.stringify(detailsOf(fields, at)),
      created_at: at,
      updated_at: at,
      erased_at: null,
    };
    await trx.insertInto("registrations").values(row).execute();
    return registrationFromRow(row);
  });
  return { registration, token };
}

/** Changes one registration and stamps the time of the change; the query answers the row as it is now. */
function updateRow(db: Executor, id: string, changes: Updateable<RegistrationsTable>, now: Date) {
  return db
    .updateTable("registrations")
    .set({ ...changes, updated_at: now.toISOString() })
    .where("id", "=", id)
    .returningAll();
}

async function findByToken(db: Executor, token: unknown): Promise<Selectable<RegistrationsTable> | undefined> {
  if (typeof token !== "string" || !TOKEN.test(token)) return undefined;
  return db.selectFrom("registrations").selectAll().where("token_hash", "=", tokenHashOf(token)).executeTakeFirst();
}

async function findById(db: Executor, id: unknown): Promise<Selectable<RegistrationsTable> | undefined> {
  if (typeof id !== "string" || !UUID.test(id)) return undefined;
  return db.selectFrom("registrations").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The registration behind a private link, or null for a token that is unknown, erased or not a token at all. */
export async function getRegistrationByToken(db: Executor, token: string): Promise<Registration | null> {
  const row = await findByToken(db, token);
  return row ? registrationFromRow(row) : null;
}

type Finder = (db: Executor) => Promise<Selectable<RegistrationsTable> | undefined>;

/**
 * Runs `work` on the registration, read again after its ride is locked: whatever another
 * transaction changed in between (a cancellation, a promotion) is what `work` sees. The ride
 * is null for a registration that outlived its ride (deleted, or replaced by an import).
 */
async function withLockedRegistration<T>(
  db: Database,
  find: Finder,
  work: (trx: Executor, row: Selectable<RegistrationsTable>, ride: Ride | null) => Promise<T>,
): Promise<T> {
  const before = await find(db);
  if (!before) throw new NotFoundError(REGISTRATION_NOT_FOUND);
  return db.transaction().execute(async (trx) => {
    const ride = await lockRide(trx, before.ride_id);
    const row = await find(trx);
    if (!row) throw new NotFoundError(REGISTRATION_NOT_FOUND);
    return work(trx, row, ride);
  });
}

function assertLive(row: Selectable<RegistrationsTable>): void {
  if (row.status === "cancelled") refuse("This registration is cancelled");
}

/** Changes the rider's contact details; a new mobile number must not be registered for the ride already. */
export async function updateContactByToken(
  db: Database,
  token: string,
  input: unknown,
  now = new Date(),
): Promise<Registration> {
  const contact = parseOrThrow(contactUpdateSchema, input);
  return withLockedRegistration(
    db,
    (executor) => findByToken(executor, token),
    async (trx, row) => {
      assertLive(row);
      if (await isMobileTaken(trx, row.ride_id, contact.mobile, row.id)) refuse(DUPLICATE_MOBILE, "mobile");
      const { mobile, ...details } = contact;
      const updated = await updateRow(
        trx,
        row.id,
        { phone: mobile, data: dataWith(row.data, details) },
        now,
      ).executeTakeFirstOrThrow();
      return registrationFromRow(updated);
    },
  );
}

export const WAITLISTED_UTR = "You are on the waitlist: pay, and save the UTR, only once your seat is confirmed";

/**
 * Records the UPI transaction id the rider paid with; an admin still marks the payment as
 * received. Only a confirmed seat is paid for: the status is read under the ride's lock, so a
 * cancellation at the same moment either comes first (and this is refused) or after.
 */
export async function submitUtrByToken(
  db: Database,
  token: string,
  utr: unknown,
  now = new Date(),
): Promise<Registration> {
  return withLockedRegistration(
    db,
    (executor) => findByToken(executor, token),
    async (trx, row) => {
      assertLive(row);
      if (row.status === "waitlisted") refuse(WAITLISTED_UTR);
      const value = parseOrThrow(z.object({ utr: utrSchema }), { utr }).utr;
      const updated = await updateRow(trx, row.id, { utr: value }, now).executeTakeFirstOrThrow();
      return registrationFromRow(updated);
    },
  );
}

export type Cancellation = {
  registration: Registration;
  /** Waitlisted riders confirmed into the freed seats, first registered first. */
  promoted: Registration[];
};

/**
 * Fills free seats from the waitlist, in registration order, with each rider whose option
 * fits in the seats still free (a rider with a pillion may wait while a solo rider behind
 * them fits). Only for an upcoming ride.
 */
async function promoteWaitlisted(trx: Executor, ride: Ride | null, now: Date): Promise<Registration[]> {
  if (ride?.status !== "upcoming") return [];
  let left = seatsLeft(registrationSettingsOf(ride), await bookedSeats(trx, ride.id));
  if (left === 0) return [];
  const waiting = await trx
    .selectFrom("registrations")
    .selectAll()
    .where("ride_id", "=", ride.id)
    .where("status", "=", "waitlisted")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const promoted: Registration[] = [];
  for (const row of waiting) {
    if (left === 0) break;
    if (row.seats > left) continue;
    const updated = await updateRow(trx, row.id, { status: "confirmed" }, now).executeTakeFirstOrThrow();
    promoted.push(registrationFromRow(updated));
    left -= row.seats;
  }
  return promoted;
}

async function cancelLocked(
  trx: Executor,
  row: Selectable<RegistrationsTable>,
  ride: Ride | null,
  now: Date,
  erase: boolean,
): Promise<Cancellation> {
  const wasConfirmed = row.status === "confirmed";
  const erased = erase ? erasedColumns(now.toISOString()) : {};
  // A cancelled rider is not on the ride: a check-in goes with the seat.
  const updated = await updateRow(
    trx,
    row.id,
    { status: "cancelled", checked_in_at: null, ...erased },
    now,
  ).executeTakeFirstOrThrow();
  const promoted = wasConfirmed ? await promoteWaitlisted(trx, ride, now) : [];
  return { registration: registrationFromRow(updated), promoted };
}

/**
 * Seats were added to the ride (its settings saved with more seats, or a waitlist-only option
 * now fits): confirms the waitlisted riders who fit now, as a cancellation would.
 */
export async function promoteFromWaitlist(db: Database, rideId: string, now = new Date()): Promise<Registration[]> {
  return db.transaction().execute(async (trx) => promoteWaitlisted(trx, await lockRide(trx, rideId), now));
}

/** A cancellation frees the seats at once and confirms the waitlisted riders who now fit. */
async function cancelWith(db: Database, find: Finder, now: Date): Promise<Cancellation> {
  return withLockedRegistration(db, find, async (trx, row, ride) => {
    if (row.status === "cancelled") return { registration: registrationFromRow(row), promoted: [] };
    return cancelLocked(trx, row, ride, now, false);
  });
}

/** The rider cancels through their private link. Cancelling twice changes nothing. */
export function cancelByToken(db: Database, token: string, now = new Date()): Promise<Cancellation> {
  return cancelWith(db, (executor) => findByToken(executor, token), now);
}

/**
 * The rider erases their registration through the private link: it is cancelled (promoting
 * from the waitlist) and its personal data is gone; the link stops working.
 */
export function eraseByToken(db: Database, token: string, now = new Date()): Promise<Cancellation> {
  return withLockedRegistration(
    db,
    (executor) => findByToken(executor, token),
    async (trx, row, ride) => cancelLocked(trx, row, ride, now, true),
  );
}

// ——— Admin ———

/** An admin cancels a registration. Cancelling twice changes nothing. */
export function cancelRegistration(db: Database, id: string, now = new Date()): Promise<Cancellation> {
  return cancelWith(db, (executor) => findById(executor, id), now);
}

/** An admin confirms a waitlisted rider; refused unless the ride has the seats free. */
export async function confirmFromWaitlist(db: Database, id: string, now = new Date()): Promise<Registration> {
  return withLockedRegistration(
    db,
    (executor) => findById(executor, id),
    async (trx, row, ride) => {
      if (row.status !== "waitlisted") refuse("Only a waitlisted rider can be confirmed");
      if (!ride) throw new NotFoundError(RIDE_NOT_FOUND);
      const left = seatsLeft(registrationSettingsOf(ride), await bookedSeats(trx, ride.id));
      if (row.seats > left) {
        refuse(`Not enough seats: ${left} left, this registration needs ${row.seats}. Add seats to the ride first.`);
      }
      const updated = await updateRow(trx, row.id, { status: "confirmed" }, now).executeTakeFirstOrThrow();
      return registrationFromRow(updated);
    },
  );
}

/**
 * An admin marks the booking amount as received (paid) or not (due), under the ride's lock
 * like every seat change; a cancelled registration's payment is not marked.
 */
export async function setPayment(
  db: Database,
  id: string,
  payment: PaymentState,
  now = new Date(),
): Promise<Registration> {
  if (!PAYMENT_STATES.includes(payment)) refuse("Payment must be due or paid", "payment");
  return withLockedRegistration(
    db,
    (executor) => findById(executor, id),
    async (trx, row) => {
      assertLive(row);
      const updated = await updateRow(trx, row.id, { payment }, now)
        .where("status", "<>", "cancelled")
        .executeTakeFirstOrThrow();
      return registrationFromRow(updated);
    },
  );
}

export const CHECK_IN_CONFIRMED_ONLY = "Only a confirmed rider can check in";

/**
 * Check-in at flag-off, or its undo. Only a confirmed rider checks in: the status is read
 * under the ride's lock, and the write holds only while it is still confirmed, so a
 * cancellation at the same moment never leaves a cancelled rider checked in.
 */
export async function setCheckedIn(
  db: Database,
  id: string,
  checkedIn: boolean,
  now = new Date(),
): Promise<Registration> {
  return withLockedRegistration(
    db,
    (executor) => findById(executor, id),
    async (trx, row) => {
      if (!checkedIn) {
        const undone = await updateRow(trx, row.id, { checked_in_at: null }, now).executeTakeFirstOrThrow();
        return registrationFromRow(undone);
      }
      if (row.status !== "confirmed") refuse(CHECK_IN_CONFIRMED_ONLY);
      const updated = await updateRow(trx, row.id, { checked_in_at: row.checked_in_at ?? now.toISOString() }, now)
        .where("status", "=", "confirmed")
        .executeTakeFirstOrThrow();
      return registrationFromRow(updated);
    },
  );
}

/**
 * "Set participants to N": the ride's participants become its confirmed riders checked in,
 * counted under the ride's lock, so no check-in or cancellation lands between count and write.
 */
export function setParticipantsFromCheckIns(
  db: Database,
  rideId: string,
  options: RideWriteOptions = {},
): Promise<Ride> {
  return setRideParticipants(
    db,
    rideId,
    async (trx) => {
      if (!(await lockRide(trx, rideId))) throw new NotFoundError(RIDE_NOT_FOUND);
      return (await registrationCounts(trx, [rideId])).get(rideId)?.checkedIn ?? 0;
    },
    options,
  );
}

export type RegistrationFilters = {
  status?: RegistrationStatus;
  payment?: PaymentState;
  checkedIn?: boolean;
  /** Part of a name, email, reference or phone number (digits are compared without spacing). */
  search?: string;
};

const MAX_SEARCH_LENGTH = 100;

/** Filters as a query string may send them: an unknown value is no filter rather than an error. */
export const registrationFiltersSchema = z.object({
  status: z.enum(REGISTRATION_STATUSES).optional().catch(undefined),
  payment: z.enum(PAYMENT_STATES).optional().catch(undefined),
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
  if (filters.payment) query = query.where("payment", "=", filters.payment);
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
      eb.fn.countAll<string | number>().as("riders"),
      eb.fn.sum<string | number>("seats").as("seats"),
      eb.fn.count<string | number>("checked_in_at").as("checked_in"),
    ])
    .where("ride_id", "in", [...new Set(rideIds)])
    .groupBy(["ride_id", "status"])
    .execute();
  for (const row of rows) {
    const entry = counts.get(row.ride_id);
    if (!entry) continue;
    const riders = Number(row.riders);
    if (row.status === "confirmed") {
      entry.confirmed += riders;
      entry.bookedSeats += Number(row.seats);
      entry.checkedIn += Number(row.checked_in);
    } else if (row.status === "waitlisted") entry.waitlisted += riders;
    else entry.cancelled += riders;
  }
  return counts;
}

// ——— Erasure (India's DPDP Act: personal data kept no longer than its purpose needs) ———

/** Erases the personal data of every registration of the ride, keeping anonymous counts. */
export async function eraseRideRegistrations(db: Executor, rideId: string, now = new Date()): Promise<number> {
  const result = await db
    .updateTable("registrations")
    .set(erasedColumns(now.toISOString()))
    .where("ride_id", "=", rideId)
    .where("erased_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Erases the personal data of the registrations of every ride that ended more than `days`
 * days ago (its end date, else its start date), and of registrations whose ride no longer
 * exists. Returns how many registrations it erased.
 */
export async function eraseEndedRegistrations(
  db: Executor,
  { days = DEFAULT_ERASE_AFTER_DAYS, now = new Date() }: { days?: number; now?: Date } = {},
): Promise<number> {
  if (!Number.isSafeInteger(days) || days < 0) refuse("Days must be a whole number, 0 or more", "days");
  const lastKeptDay = new Date(now.getTime() - days * DAY_MS).toISOString().slice(0, 10);
  const result = await db
    .updateTable("registrations")
    .set(erasedColumns(now.toISOString()))
    .where("erased_at", "is", null)
    .where((eb) =>
      eb.or([
        eb(
          "ride_id",
          "in",
          eb
            .selectFrom("rides")
            .select("id")
            .where(sql<string>`coalesce(nullif(end_date, ''), start_date)`, "<>", "")
            .where(sql<string>`coalesce(nullif(end_date, ''), start_date)`, "<", lastKeptDay),
        ),
        eb.not(eb.exists(eb.selectFrom("rides").select("id").whereRef("rides.id", "=", "registrations.ride_id"))),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
