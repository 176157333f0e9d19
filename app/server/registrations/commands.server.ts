import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import { z } from "zod";
import {
  notEnoughSeats,
  REFUSALS,
  registrationAvailability,
  seatsLeft,
  type Availability,
} from "~/domain/registration/availability";
import {
  OPTION_SEATS,
  PAYMENT_STATES,
  registrationSettingsOf,
  type PaymentKind,
  type PaymentState,
  type RegistrationSettings,
  type RegistrationStatus,
} from "~/domain/registration/settings";
import { balancePaise } from "~/domain/registration/balance";
import {
  contactUpdateSchema,
  registrationInputSchema,
  utrSchema,
  type RegistrationInput,
} from "~/domain/registration/input";
import { REFERENCE_ALPHABET, REFERENCE_LENGTH, referenceFrom } from "~/domain/registration/payment";
import type { Ride } from "~/domain/ride";
import { type AuditAction, type AuditActor, RIDER_ACTOR } from "~/domain/audit";
import { bookingHref } from "~/domain/links";
import { parseOrErrors } from "~/domain/validation";
import { WAIVER_NAME_FIELD, waiverAnswerOf, waiverRefusal, type WaiverVersion } from "~/features/waivers/domain/waiver";
import { currentWaiver } from "../../features/waivers/server/waivers.server";
import { type Command, runCommand } from "../commands/command.server";
import type { Database, Executor, RegistrationsTable } from "../db/schema.server";
import { bookedSeats, lockRide, lockRideRow, promoteWaitlisted, updateRegistrationRow } from "./seats.server";
import { beginRegistration, tooManyRegistrationsMessage } from "./throttle.server";
import { NotFoundError, ValidationError } from "../validation/errors.server";
import { writeBookingNews } from "../../features/rider-messages/server/booking-news.server";
import { sealToken } from "./link-seal.server";
import { dataWith, detailsOf, erasedColumns, registrationFromRow, type Registration } from "./rows.server";
import { rideFromRow } from "../rides/ride-rows.server";
import { eraseWhatFollows } from "./erasure.server";
import { type RideWriteOptions, setRideParticipants } from "../rides/rides.server";
import { registrationCounts } from "./queries.server";
import { parseOrThrow } from "../validation/validate.server";
import { ridePagesChanged } from "../rides/pages-changed.server";
import { keepRegistrationDetails } from "../../features/rider-accounts/server/saved-details.server";
import { lockRiderOfEmail } from "../../features/rider-accounts/server/riders.server";
import { restateStats } from "../content/stats.server";
import { keepPaidAsCredit, spendCreditOn } from "../../features/credit/server/commands.server";
import { serverClock } from "../clock.server";

// The commands on riders' registrations (decision 019): the rider's (register, and through the
// private booking link change, pay, cancel, erase) and the admin's. Reads are ./queries.server.ts,
// erasure ./erasure.server.ts. Every write that changes who holds a seat runs in one transaction
// that first locks the ride (lockRide), so with capacity N exactly N seats are confirmed however
// many riders, instances or admins act at once.

export type { Registration } from "./rows.server";

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

/** A new private-link token: 32 random bytes, base64url (43 characters). */
export function newBookingToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

/** The stored form of a private-link token: its SHA-256, so the table alone opens no link. */
export function tokenHashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function refuse(message: string, field = FORM): never {
  throw new ValidationError({ [field]: message });
}

const onRide = (ride: Ride | null) => (ride ? ` on "${ride.title}"` : "");

/** The refusal of a closed ride, or null when it takes registrations here now. */
function closedMessage(availability: Availability): string | null {
  if (availability.state === "external") return REFUSALS.external;
  if (availability.state === "closed") return REFUSALS[availability.reason];
  return null;
}

export async function isMobileTaken(db: Executor, rideId: string, phone: string, exceptId?: string): Promise<boolean> {
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

export type Registered =
  | { ok: true; registration: Registration; token: string }
  | { ok: false; refused: "not-found" }
  /** The ride does not take registrations here now (409). */
  | { ok: false; refused: "closed"; message: string }
  /** A field is invalid (400): nothing counted, a form sent back for a typo is no registration. */
  | { ok: false; refused: "invalid"; errors: Record<string, string> }
  /** Too many registrations from the rider's network (429). */
  | { ok: false; refused: "throttled"; message: string; retryAfterSeconds: number }
  /** No seat for this rider (full without a waitlist, not enough seats, the mobile number registered already: 409). */
  | { ok: false; refused: "seats"; errors: Record<string, string> };

type Refusal = Exclude<Registered, { ok: true }>;

/** A rider's form as checked under the ride's lock, or its refusal. */
export type CheckedRiderForm =
  | { ok: true; fields: RegistrationInput; waiver: WaiverVersion | null; waiverName: string }
  | Extract<Registered, { refused: "invalid" | "throttled" }>;

/**
 * The checks of a rider's form, for a registration and a seat handed to a friend alike: its
 * fields against the ride's settings, the waiver against its version under the ride's lock (a
 * rider who read an earlier text reads the new one first), then the per-network limit, which
 * counts the attempt.
 */
export async function checkRiderForm(
  trx: Executor,
  rideId: string,
  settings: RegistrationSettings,
  input: unknown,
  clientIp: string,
  now: Date,
): Promise<CheckedRiderForm> {
  const checked = parseOrErrors(registrationInputSchema(settings), input);
  if (!checked.ok) return { ok: false, refused: "invalid", errors: checked.errors };
  const waiver = await currentWaiver(trx, rideId);
  const answer = waiverAnswerOf(input);
  const waiverRefused = waiverRefusal(waiver, answer, checked.data.name);
  if (waiverRefused) return { ok: false, refused: "invalid", errors: { [WAIVER_NAME_FIELD]: waiverRefused } };
  const verdict = await beginRegistration(trx, clientIp, now);
  if (!verdict.allowed) {
    const { retryAfterSeconds } = verdict;
    return {
      ok: false,
      refused: "throttled",
      message: tooManyRegistrationsMessage(retryAfterSeconds),
      retryAfterSeconds,
    };
  }
  return { ok: true, fields: checked.data, waiver, waiverName: answer.name };
}

export type RegisterOptions = {
  /** Where the rider registers from: the per-network limit counts it (throttle.server.ts). */
  clientIp: string;
  /** The site's origin, for the private link in the confirmation mail. */
  origin: string;
  /**
   * The signed-in rider's account (app/features/rider-accounts/server): the booking belongs to it when the form's
   * email is the account's (decision 042), and to none otherwise.
   */
  riderId?: string | null;
  /** With `riderId`: the rider ticked the box that keeps these answers as their saved details (their own booking only). */
  saveDetails?: boolean;
  /** The signed-in rider spends their credit on the booking amount, their own booking only (docs/features/credit.md). */
  useCredit?: boolean;
  now?: Date;
};

/**
 * A rider registers: one command, one transaction, one read of the ride under its lock.
 * Refused with a message, writing nothing, when the ride does not take registrations here
 * (external form, closed, completed, cancelled, past its cut-off) or a field is invalid; when
 * the rider's network is over its limit; or, with the attempt counted, when the ride is full
 * without a waitlist, the option does not fit, or the mobile number is registered for the ride
 * already. Confirmed when the option's seats are free, else waitlisted when the ride has a
 * waitlist. The booking, its audit row, the content event and the confirmation mail's outbox
 * entry commit together. The private-link token is returned here only; the database keeps its hash.
 */
export async function register(
  db: Database,
  rideId: string,
  input: unknown,
  { clientIp, origin, riderId = null, saveDetails = false, useCredit = false, now = serverClock() }: RegisterOptions,
): Promise<Registered> {
  const token = newBookingToken();
  return runCommand(
    db,
    async (command): Promise<Registered> => {
      const { trx } = command;
      const stored = await lockRideRow(trx, rideId);
      // Visitors see no draft, no ride published later and no cancelled ride (getPublicRide): none
      // is found, as its pages are not.
      const published = stored?.published_at != null && stored.published_at <= now.toISOString();
      if (!stored || !published || stored.status === "cancelled") return { ok: false, refused: "not-found" };
      const ride = rideFromRow(stored);
      const settings = registrationSettingsOf(ride);
      const booked = await bookedSeats(trx, ride.id);
      const closed = closedMessage(registrationAvailability(ride, booked, now));
      if (closed) return { ok: false, refused: "closed", message: closed };
      const form = await checkRiderForm(trx, ride.id, settings, input, clientIp, now);
      if (!form.ok) return form;
      const { fields, waiver } = form;
      // From here a refusal commits the attempt's count: a script cannot probe for free.
      const refusal = (errors: Record<string, string>): Refusal => ({ ok: false, refused: "seats", errors });
      if (!settings.options[fields.option].offered) return refusal({ option: "Choose one of the ride's options" });
      if (await isMobileTaken(trx, ride.id, fields.mobile)) return refusal({ mobile: DUPLICATE_MOBILE });
      const seats = OPTION_SEATS[fields.option];
      const left = seatsLeft(settings, booked);
      let status: RegistrationStatus = "confirmed";
      if (seats > left) {
        if (!settings.waitlist)
          return refusal({ [FORM]: left === 0 ? REFUSALS.full : notEnoughSeats(left, fields.option) });
        status = "waitlisted";
      }
      // The rider's lock, after the ride's (one order for every command): an account being erased
      // meanwhile is gone once it is ours, and the booking is then made without it. Only a booking
      // of the account's own address joins it (decision 042): one made for a friend is made in no
      // account, keeps no saved details and spends no credit; its rider adds it from its link.
      const account = riderId !== null && (await lockRiderOfEmail(trx, riderId, fields.email)) ? riderId : null;
      const at = now.toISOString();
      const row: Selectable<RegistrationsTable> = {
        id: randomUUID(),
        ride_id: ride.id,
        reference: await newReference(trx, ride.id),
        token_hash: tokenHashOf(token),
        token_sealed: sealToken(token),
        reminders: 1,
        waiver_id: waiver?.id ?? null,
        waiver_name: waiver ? form.waiverName : null,
        waiver_accepted_at: waiver ? now.toISOString() : null,
        status,
        seats,
        option: fields.option,
        phone: fields.mobile,
        payment: "due",
        utr: null,
        balance_payment: "due",
        balance_utr: null,
        checked_in_at: null,
        data: JSON.stringify(detailsOf(fields, at)),
        created_at: at,
        updated_at: at,
        erased_at: null,
        rider_id: account,
        credit_paise: 0,
        transfer_token_hash: null,
        transfer_created_at: null,
        pending_token_hash: null,
        pending_token_sealed: null,
      };
      await trx.insertInto("registrations").values(row).execute();
      if (account && saveDetails) await keepRegistrationDetails(command, account, fields);
      const registration = registrationFromRow(useCredit ? await spendCreditOn(command, row, ride) : row);
      const how = status === "confirmed" ? "registered" : "joined the waitlist";
      await command.audit(RIDER_ACTOR, {
        action: "created",
        collection: "registrations",
        recordId: registration.id,
        summary: `Booking ${registration.reference} ${how} for "${ride.title}"`,
      });
      await command.enqueue(ridePagesChanged(ride.id));
      await writeBookingNews(command, {
        rideId: ride.id,
        registrationId: registration.id,
        subject: status === "confirmed" ? "You are registered" : "You are on the waitlist",
        body:
          status === "confirmed"
            ? `Your seat on "${ride.title}" is booked: reference ${registration.reference}. Updates about the ride appear here.`
            : `"${ride.title}" is full, so you are on its waitlist (reference ${registration.reference}). If a seat comes free it is yours, and you will read it here.`,
      });
      await mailConfirmation(command, registration, origin + bookingHref(token));
      return { ok: true, registration, token };
    },
    now,
  );
}

/**
 * The confirmation mail with the rider's private link, from the outbox (the link is a secret,
 * emptied from the entry once sent): a new registration's, or a seat taken over (transfer.server.ts).
 */
export async function mailConfirmation(command: Command, registration: Registration, link: string): Promise<void> {
  if (!registration.email) return;
  await command.enqueue({ kind: "registered-mail", registrationId: registration.id, link }, registration.reference);
}

export async function findByToken(db: Executor, token: unknown): Promise<Selectable<RegistrationsTable> | undefined> {
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
 * Runs `work` as one command on the registration, read again after its ride is locked:
 * whatever another transaction changed in between (a cancellation, a promotion) is what `work`
 * sees. The ride is null for a registration that outlived its ride (deleted, or replaced by an
 * import). With `rideId`, a registration of another ride is not found.
 */
export async function withLockedRegistration<T>(
  db: Database,
  find: Finder,
  work: (command: Command, row: Selectable<RegistrationsTable>, ride: Ride | null) => Promise<T>,
  { now, rideId }: { now: Date; rideId?: string },
): Promise<T> {
  const before = await find(db);
  if (!before || (rideId !== undefined && before.ride_id !== rideId)) throw new NotFoundError(REGISTRATION_NOT_FOUND);
  return runCommand(
    db,
    async (command) => {
      const ride = await lockRide(command.trx, before.ride_id);
      const row = await find(command.trx);
      if (!row) throw new NotFoundError(REGISTRATION_NOT_FOUND);
      return work(command, row, ride);
    },
    now,
  );
}

function assertLive(row: Selectable<RegistrationsTable>): void {
  if (row.status === "cancelled") refuse("This registration is cancelled");
}

/**
 * Changes the rider's contact details; a new mobile number must not be registered for the ride
 * already. No public page shows them, so no content event: the organisers' Riders page shows
 * them at its next revalidation (decision 022).
 */
export async function updateContactByToken(
  db: Database,
  token: string,
  input: unknown,
  now = serverClock(),
): Promise<Registration> {
  const contact = parseOrThrow(contactUpdateSchema, input);
  return withLockedRegistration(
    db,
    (executor) => findByToken(executor, token),
    async ({ trx }, row) => {
      assertLive(row);
      if (await isMobileTaken(trx, row.ride_id, contact.mobile, row.id)) refuse(DUPLICATE_MOBILE, "mobile");
      const { mobile, ...details } = contact;
      const updated = await updateRegistrationRow(
        trx,
        row.id,
        { phone: mobile, data: dataWith(row.data, details) },
        now,
      ).executeTakeFirstOrThrow();
      return registrationFromRow(updated);
    },
    { now },
  );
}

/**
 * The rider turns reminders on or off through their private link. News about their booking and
 * changes to the ride still reach their Updates list and channels (docs/features/rider-messages.md).
 */
export function setRemindersByToken(
  db: Database,
  token: string,
  on: boolean,
  now = serverClock(),
): Promise<Registration> {
  return withLockedRegistration(
    db,
    (executor) => findByToken(executor, token),
    async (command, row, ride) => {
      assertLive(row);
      const updated = await updateRegistrationRow(
        command.trx,
        row.id,
        { reminders: on ? 1 : 0 },
        now,
      ).executeTakeFirstOrThrow();
      await command.audit(RIDER_ACTOR, {
        action: "updated",
        collection: "registrations",
        recordId: row.id,
        summary: `Booking ${row.reference}${onRide(ride)} turned reminders ${on ? "on" : "off"}`,
      });
      return registrationFromRow(updated);
    },
    { now },
  );
}

export const NO_WAIVER = "This ride has no waiver to accept";

/**
 * The rider accepts the ride's current waiver through their private link, typing their full
 * name, after it changed (or when they registered before it had one). Checked under the ride's
 * lock against the current version, as a registration is: a version read before the next change
 * is refused with the new text to read. Accepting the accepted version again changes nothing.
 */
export function acceptWaiverByToken(
  db: Database,
  token: string,
  input: unknown,
  now = serverClock(),
): Promise<Registration> {
  return withLockedRegistration(
    db,
    (executor) => findByToken(executor, token),
    async (command, row, ride) => {
      assertLive(row);
      const waiver = await currentWaiver(command.trx, row.ride_id);
      if (!waiver) refuse(NO_WAIVER);
      if (row.waiver_id === waiver.id) return registrationFromRow(row);
      const answer = waiverAnswerOf(input);
      const refused = waiverRefusal(waiver, answer, registrationFromRow(row).name);
      if (refused) refuse(refused, WAIVER_NAME_FIELD);
      const updated = await updateRegistrationRow(
        command.trx,
        row.id,
        { waiver_id: waiver.id, waiver_name: answer.name, waiver_accepted_at: now.toISOString() },
        now,
      ).executeTakeFirstOrThrow();
      await command.audit(RIDER_ACTOR, {
        action: "updated",
        collection: "registrations",
        recordId: row.id,
        summary: `Booking ${row.reference}${onRide(ride)} accepted version ${waiver.version} of the waiver`,
      });
      return registrationFromRow(updated);
    },
    { now },
  );
}

export const WAITLISTED_UTR = "You are on the waitlist: pay, and save the UTR, only once your seat is confirmed";
export const NO_BALANCE = "This booking has no balance to pay";
export const SAME_UTR: Readonly<Record<PaymentKind, string>> = {
  booking: "This is the UTR you gave for the balance: enter the booking amount's own",
  balance: "This is the UTR you gave for the booking amount: enter the balance payment's own",
};

const UTR_COLUMNS = { booking: "utr", balance: "balance_utr" } as const satisfies Record<PaymentKind, string>;
const PAYMENT_COLUMNS = { booking: "payment", balance: "balance_payment" } as const satisfies Record<
  PaymentKind,
  string
>;
const PAYMENT_NAMES: Readonly<Record<PaymentKind, string>> = { booking: "booking amount", balance: "balance" };
/** The booking page's field of each payment's UTR, which a refusal names. */
export const UTR_FIELDS = { booking: "utr", balance: "balanceUtr" } as const satisfies Record<PaymentKind, string>;

/**
 * Records the UPI transaction id the rider paid the booking amount (or the balance) with; an
 * admin still marks the payment as received. Only a confirmed seat is paid for, and a balance
 * only on a ride that has one: both are read under the ride's lock, so a cancellation at the
 * same moment either comes first (and this is refused) or after. One payment's UTR is not the
 * other's. Private, like the contact details: in the trail without the UTR, no content event.
 */
async function submitUtr(db: Database, token: string, utr: unknown, kind: PaymentKind, now: Date) {
  const field = UTR_FIELDS[kind];
  const value = parseOrThrow(z.object({ [field]: utrSchema }), { [field]: utr })[field]!;
  return withLockedRegistration(
    db,
    (executor) => findByToken(executor, token),
    async (command, row, ride) => {
      assertLive(row);
      if (row.status === "waitlisted") refuse(WAITLISTED_UTR);
      if (kind === "balance" && (!ride || balancePaise(ride, registrationFromRow(row).option) === null))
        refuse(NO_BALANCE);
      const other = kind === "booking" ? row.balance_utr : row.utr;
      if (other === value) refuse(SAME_UTR[kind], field);
      const updated = await updateRegistrationRow(
        command.trx,
        row.id,
        { [UTR_COLUMNS[kind]]: value },
        now,
      ).executeTakeFirstOrThrow();
      await command.audit(RIDER_ACTOR, {
        action: "updated",
        collection: "registrations",
        recordId: row.id,
        summary: `Booking ${row.reference}${onRide(ride)} gave the UTR of its ${PAYMENT_NAMES[kind]}`,
      });
      return registrationFromRow(updated);
    },
    { now },
  );
}

/** The rider gives the UTR of the booking amount through the private link. */
export function submitUtrByToken(
  db: Database,
  token: string,
  utr: unknown,
  now = serverClock(),
): Promise<Registration> {
  return submitUtr(db, token, utr, "booking", now);
}

/** The rider gives the UTR of the balance through the private link. */
export function submitBalanceUtrByToken(
  db: Database,
  token: string,
  utr: unknown,
  now = serverClock(),
): Promise<Registration> {
  return submitUtr(db, token, utr, "balance", now);
}

export type Cancellation = {
  registration: Registration;
  /** Waitlisted riders confirmed into the freed seats, first registered first. */
  promoted: Registration[];
};

/** Who cancels, as the trail says it. */
type Canceller = { actor: AuditActor; erase: boolean };

function cancellationSummary(row: Selectable<RegistrationsTable>, ride: Ride | null, { actor, erase }: Canceller) {
  if (actor === RIDER_ACTOR) {
    const what = erase ? "cancelled by the rider, personal data erased" : "cancelled by the rider";
    return `Booking ${row.reference}${onRide(ride)} ${what}`;
  }
  return `Cancelled booking ${row.reference}${onRide(ride)}`;
}

/**
 * A cancellation frees the seats at once and confirms the waitlisted riders who now fit, in the
 * same transaction; with `erase`, the rider's personal data goes too. Cancelling twice changes
 * nothing (an erasure still erases).
 */
async function cancelLocked(
  command: Command,
  row: Selectable<RegistrationsTable>,
  ride: Ride | null,
  canceller: Canceller,
): Promise<Cancellation> {
  const { trx, now } = command;
  if (row.status === "cancelled" && !canceller.erase) return { registration: registrationFromRow(row), promoted: [] };
  const wasConfirmed = row.status === "confirmed";
  const erased = canceller.erase ? erasedColumns(now.toISOString()) : {};
  // A cancelled rider is not on the ride: a check-in goes with the seat.
  const updated = await updateRegistrationRow(
    trx,
    row.id,
    { status: "cancelled", checked_in_at: null, ...erased },
    now,
  ).executeTakeFirstOrThrow();
  // Erased, the booking leaves the account, and its money with it: no credit.
  const credit = canceller.erase ? null : await keepPaidAsCredit(command, row, ride, canceller.actor);
  // Their photos and words leave the public pages with them, their photos' files once committed.
  if (canceller.erase) await eraseWhatFollows(command);
  await command.audit(canceller.actor, {
    action: canceller.erase ? "deleted" : "status-changed",
    collection: "registrations",
    recordId: row.id,
    summary: cancellationSummary(row, ride, canceller),
  });
  if (!canceller.erase && ride) {
    const body =
      canceller.actor === RIDER_ACTOR
        ? `You cancelled booking ${row.reference} on "${ride.title}".`
        : `The organisers cancelled booking ${row.reference} on "${ride.title}". Reply to their messages or contact them if this is a surprise.`;
    await writeBookingNews(command, {
      rideId: ride.id,
      registrationId: row.id,
      subject: "Your registration is cancelled",
      body: credit ? `${body} ${credit}` : body,
    });
  }
  const promoted = wasConfirmed
    ? await promoteWaitlisted(command, ride, canceller.actor, `booking ${row.reference} was cancelled`)
    : [];
  if (ride) await command.enqueue(ridePagesChanged(ride.id));
  return { registration: registrationFromRow(updated), promoted };
}

/** The rider cancels through their private link. Cancelling twice changes nothing. */
export function cancelByToken(db: Database, token: string, now = serverClock()): Promise<Cancellation> {
  return withLockedRegistration(
    db,
    (executor) => findByToken(executor, token),
    (command, row, ride) => cancelLocked(command, row, ride, { actor: RIDER_ACTOR, erase: false }),
    { now },
  );
}

/**
 * The rider erases their registration through the private link: it is cancelled (promoting
 * from the waitlist) and its personal data is gone; the link stops working.
 */
export function eraseByToken(db: Database, token: string, now = serverClock()): Promise<Cancellation> {
  return withLockedRegistration(
    db,
    (executor) => findByToken(executor, token),
    (command, row, ride) => cancelLocked(command, row, ride, { actor: RIDER_ACTOR, erase: true }),
    { now },
  );
}

/**
 * Cancels a live booking and erases it, as eraseByToken does, for a command that holds its
 * ride's lock and read `row` under it: a rider erasing their account
 * (app/features/rider-accounts/server/account-erasure.server.ts).
 */
export function cancelAndEraseLocked(
  command: Command,
  row: Selectable<RegistrationsTable>,
  ride: Ride | null,
): Promise<Cancellation> {
  return cancelLocked(command, row, ride, { actor: RIDER_ACTOR, erase: true });
}

// ——— Admin: each change in the trail under the booking reference only (the trail outlives the
// riders' personal data), and on the other admins' pages and the public seats (a content event) ———

export type AdminChange = {
  actor: AuditActor;
  /** The ride the admin is looking at: a registration of another ride is not found. */
  rideId?: string;
  now?: Date;
};

function byId<T>(
  db: Database,
  id: string,
  work: (command: Command, row: Selectable<RegistrationsTable>, ride: Ride | null) => Promise<T>,
  change: AdminChange,
): Promise<T> {
  return withLockedRegistration(db, (executor) => findById(executor, id), work, {
    now: change.now ?? serverClock(),
    rideId: change.rideId,
  });
}

/** An admin's change of one registration: its line in the trail, and the ride's pages told. */
async function adminChanged(
  command: Command,
  { actor }: AdminChange,
  row: Selectable<RegistrationsTable>,
  action: AuditAction,
  summary: string,
): Promise<void> {
  await command.audit(actor, { action, collection: "registrations", recordId: row.id, summary });
  await command.enqueue(ridePagesChanged(row.ride_id));
}

/** An admin cancels a registration; the waitlisted riders who fit are confirmed and mailed. Cancelling twice changes nothing. */
export function cancelRegistration(db: Database, id: string, change: AdminChange): Promise<Cancellation> {
  return byId(
    db,
    id,
    (command, row, ride) => cancelLocked(command, row, ride, { actor: change.actor, erase: false }),
    change,
  );
}

/** An admin confirms a waitlisted rider; refused unless the ride has the seats free. */
export async function confirmFromWaitlist(db: Database, id: string, change: AdminChange): Promise<Registration> {
  return byId(
    db,
    id,
    async (command, row, ride) => {
      if (row.status !== "waitlisted") refuse("Only a waitlisted rider can be confirmed");
      if (!ride) throw new NotFoundError(RIDE_NOT_FOUND);
      const left = seatsLeft(registrationSettingsOf(ride), await bookedSeats(command.trx, ride.id));
      if (row.seats > left) {
        refuse(`Not enough seats: ${left} left, this registration needs ${row.seats}. Add seats to the ride first.`);
      }
      const updated = await updateRegistrationRow(
        command.trx,
        row.id,
        { status: "confirmed" },
        command.now,
      ).executeTakeFirstOrThrow();
      const summary = `Confirmed booking ${row.reference}${onRide(ride)} from the waitlist`;
      await adminChanged(command, change, row, "status-changed", summary);
      await command.enqueue({ kind: "seat-confirmed-mail", registrationId: row.id }, row.reference);
      return registrationFromRow(updated);
    },
    change,
  );
}

/**
 * An admin marks the booking amount (or the balance) as received (paid) or not (due), under
 * the ride's lock like every seat change; a cancelled registration's payments are not marked,
 * nor the balance of a booking that has none.
 */
async function markPayment(
  db: Database,
  id: string,
  kind: PaymentKind,
  payment: PaymentState,
  change: AdminChange,
): Promise<Registration> {
  if (!PAYMENT_STATES.includes(payment)) refuse("Payment must be due or paid", "payment");
  return byId(
    db,
    id,
    async (command, row, ride) => {
      assertLive(row);
      if (kind === "balance" && (!ride || balancePaise(ride, registrationFromRow(row).option) === null))
        refuse(NO_BALANCE);
      const updated = await updateRegistrationRow(
        command.trx,
        row.id,
        { [PAYMENT_COLUMNS[kind]]: payment },
        command.now,
      )
        .where("status", "<>", "cancelled")
        .executeTakeFirstOrThrow();
      const what = kind === "booking" ? `booking ${row.reference}` : `the balance of booking ${row.reference}`;
      await adminChanged(command, change, row, "updated", `Marked ${what}${onRide(ride)} as ${payment}`);
      return registrationFromRow(updated);
    },
    change,
  );
}

/** An admin marks the booking amount as received (paid) or not (due). */
export function setPayment(
  db: Database,
  id: string,
  payment: PaymentState,
  change: AdminChange,
): Promise<Registration> {
  return markPayment(db, id, "booking", payment, change);
}

/** An admin marks the balance as received (paid) or not (due). */
export function setBalancePayment(
  db: Database,
  id: string,
  payment: PaymentState,
  change: AdminChange,
): Promise<Registration> {
  return markPayment(db, id, "balance", payment, change);
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
  change: AdminChange,
): Promise<Registration> {
  return byId(
    db,
    id,
    async (command, row, ride) => {
      const registration = await checkInLocked(command, change, row, ride, checkedIn);
      // A completed ride's check-ins count its happy riders (product.md#statistics): one corrected
      // after the ride changes them. A ride to come counts none yet.
      if (ride?.status === "completed") await restateStats(command);
      return registration;
    },
    change,
  );
}

/**
 * setCheckedIn's write, for a command that holds the ride's lock and read `row` under it: the
 * Check-in page's and the ride-day sync's one path (app/features/ride-day/server). `at` is when the
 * captain checked the rider in (a phone offline tapped earlier than it tells); the command's
 * time by default.
 */
export async function checkInLocked(
  command: Command,
  change: AdminChange,
  row: Selectable<RegistrationsTable>,
  ride: Ride | null,
  checkedIn: boolean,
  at: Date = command.now,
): Promise<Registration> {
  const { trx, now } = command;
  let updated: Selectable<RegistrationsTable>;
  if (!checkedIn) {
    updated = await updateRegistrationRow(trx, row.id, { checked_in_at: null }, now).executeTakeFirstOrThrow();
  } else {
    if (row.status !== "confirmed") refuse(CHECK_IN_CONFIRMED_ONLY);
    updated = await updateRegistrationRow(trx, row.id, { checked_in_at: row.checked_in_at ?? at.toISOString() }, now)
      .where("status", "=", "confirmed")
      .executeTakeFirstOrThrow();
  }
  const summary = checkedIn
    ? `Checked in booking ${row.reference}${onRide(ride)}`
    : `Undid the check-in of booking ${row.reference}${onRide(ride)}`;
  await adminChanged(command, change, row, "updated", summary);
  return registrationFromRow(updated);
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
