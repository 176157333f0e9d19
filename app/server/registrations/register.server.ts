import { randomInt, randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import {
  notEnoughSeats,
  REFUSALS,
  registrationAvailability,
  seatsLeft,
  type Availability,
} from "~/domain/registration/availability";
import { policySnapshot } from "~/domain/registration/cancellation-policy";
import {
  cancellationPolicyOf,
  OPTION_SEATS,
  registrationSettingsOf,
  type RegistrationSettings,
  type RegistrationStatus,
} from "~/domain/registration/settings";
import { registrationInputSchema, type RegistrationInput } from "~/domain/registration/input";
import { REFERENCE_ALPHABET, REFERENCE_LENGTH, referenceFrom } from "~/domain/registration/payment";
import { RIDER_ACTOR } from "~/domain/audit";
import { bookingHref } from "~/domain/links";
import { parseOrErrors } from "~/domain/validation";
import { type Command, runCommand } from "../commands/command.server";
import type { Database, Executor, RegistrationsTable, RidesTable } from "../db/schema.server";
import { FORM } from "../validation/errors.server";
import { bookedSeats, lockRideRow } from "./seats.server";
import { rideBatches } from "./ride-batches.server";
import { beginRegistration, tooManyRegistrationsMessage } from "./throttle.server";
import { sealToken } from "./link-seal.server";
import { newSecretToken } from "../auth/secret-token.server";
import { detailsOf, registrationFromRow, type Registration } from "./rows.server";
import { chargeConfirmed } from "./ledger.server";
import { rideFromRow } from "../rides/ride-rows.server";
import { ridePagesChanged } from "../rides/pages-changed.server";
import { serverClock } from "../clock.server";
import { accountOfBooking, checkFormWithFeatures, tellRider, writeWithRegistered } from "./feature-hooks.server";

// A rider registers (decision 019): the form checked under the ride's lock, the seat confirmed
// or waitlisted, and the private link returned once; in a rush, a batch of riders at a time
// (decision 058). The checks of a rider's form and the confirmation mail serve a seat handed
// to a friend too (app/features/seat-transfer).

export const DUPLICATE_MOBILE = "This mobile number is already registered for this ride";

/** A four-character reference collides within one ride about once in 900,000 tries; ten misses in a row mean a bug. */
const REFERENCE_ATTEMPTS = 10;

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
  | { ok: true; fields: RegistrationInput; columns: Partial<Selectable<RegistrationsTable>> }
  | Extract<Registered, { refused: "invalid" | "throttled" }>;

/**
 * The checks of a rider's form, for a registration and a seat handed to a friend alike: its
 * fields against the ride's settings, the features' under the ride's lock (the waiver against
 * its current version), then the per-network limit, which counts the attempt. The columns are
 * what the features keep of the form.
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
  const features = await checkFormWithFeatures(trx, { rideId, input, fields: checked.data, now });
  if (!features.ok) return { ok: false, refused: "invalid", errors: features.errors };
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
  return { ok: true, fields: checked.data, columns: features.columns };
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
  now?: Date;
};

/** One rider's registration, as it waits for its ride's batch. */
type RegistrationRequest = Required<Omit<RegisterOptions, "now">> & {
  input: unknown;
  now: Date;
  token: string;
  tokenHash: string;
};

/**
 * A rider registers: decided under the ride's lock, with the other registrations waiting for
 * the same ride in this process (ride-batches.server.ts), in one transaction.
 * Refused with a message, writing nothing, when the ride does not take registrations here
 * (external form, closed, completed, cancelled, past its cut-off) or a field is invalid; when
 * the rider's network is over its limit; or, with the attempt counted, when the ride is full
 * without a waitlist, the option does not fit, or the mobile number is registered for the ride
 * already. Confirmed when the option's seats are free, else waitlisted when the ride has a
 * waitlist. The booking, its audit row, the content event and the confirmation mail's outbox
 * entry commit together. The private-link token is returned here only; the database keeps its hash.
 */
export function register(
  db: Database,
  rideId: string,
  input: unknown,
  { clientIp, origin, riderId = null, now = serverClock() }: RegisterOptions,
): Promise<Registered> {
  const { token, hash: tokenHash } = newSecretToken();
  return inRideBatch(db, rideId, { input, clientIp, origin, riderId, now, token, tokenHash });
}

const inRideBatch = rideBatches(
  (db: Database, rideId: string, requests: RegistrationRequest[]): Promise<Registered[]> =>
    runCommand(
      db,
      async (command) => {
        // One read of the ride under its lock for the batch; the seats its riders take are counted as they go.
        const stored = await lockRideRow(command.trx, rideId);
        const seats = { booked: stored ? await bookedSeats(command.trx, rideId) : 0 };
        const results: Registered[] = [];
        for (const request of requests) results.push(await decide(command, stored, seats, request));
        if (results.some((result) => result.ok)) await command.enqueue(ridePagesChanged(rideId));
        return results;
      },
      // The batch's one time is its first rider's; each booking keeps its own (decide).
      requests[0]!.now,
    ),
);

/** One rider's registration in a batch holding the ride's lock; `seats.booked` counts the seats it confirms. */
async function decide(
  command: Command,
  stored: Selectable<RidesTable> | undefined,
  seats: { booked: number },
  { input, clientIp, origin, riderId, now, token, tokenHash }: RegistrationRequest,
): Promise<Registered> {
  const { trx } = command;
  // Visitors see no draft, no ride published later and no cancelled ride (getPublicRide): none
  // is found, as its pages are not.
  const published = stored?.published_at != null && stored.published_at <= now.toISOString();
  if (!stored || !published || stored.status === "cancelled") return { ok: false, refused: "not-found" };
  const ride = rideFromRow(stored);
  const settings = registrationSettingsOf(ride);
  const closed = closedMessage(registrationAvailability(ride, seats.booked, now));
  if (closed) return { ok: false, refused: "closed", message: closed };
  const form = await checkRiderForm(trx, ride.id, settings, input, clientIp, now);
  if (!form.ok) return form;
  const { fields } = form;
  // From here a refusal commits the attempt's count: a script cannot probe for free.
  const refusal = (errors: Record<string, string>): Refusal => ({ ok: false, refused: "seats", errors });
  if (!settings.options[fields.option].offered) return refusal({ option: "Choose one of the ride's options" });
  if (await isMobileTaken(trx, ride.id, fields.mobile)) return refusal({ mobile: DUPLICATE_MOBILE });
  const optionSeats = OPTION_SEATS[fields.option];
  const left = seatsLeft(settings, seats.booked);
  let status: RegistrationStatus = "confirmed";
  if (optionSeats > left) {
    if (!settings.waitlist)
      return refusal({ [FORM]: left === 0 ? REFUSALS.full : notEnoughSeats(left, fields.option) });
    status = "waitlisted";
  }
  // The rider's lock, after the ride's (one order for every command): an account being erased
  // meanwhile is gone once it is ours, and the booking is then made without it. Only a booking
  // of the account's own address joins it (decision 042): one made for a friend is made in no
  // account, keeps no saved details and spends no credit; its rider adds it from its link.
  const account = await accountOfBooking(trx, riderId, fields.email);
  const at = now.toISOString();
  const row: Selectable<RegistrationsTable> = {
    id: randomUUID(),
    ride_id: ride.id,
    reference: await newReference(trx, ride.id),
    token_hash: tokenHash,
    token_sealed: sealToken(token),
    reminders: 1,
    waiver_id: null,
    waiver_name: null,
    waiver_accepted_at: null,
    status,
    seats: optionSeats,
    option: fields.option,
    phone: fields.mobile,
    checked_in_at: null,
    data: JSON.stringify(detailsOf(fields, at)),
    created_at: at,
    updated_at: at,
    erased_at: null,
    rider_id: account,
    transfer_token_hash: null,
    transfer_created_at: null,
    pending_token_hash: null,
    pending_token_sealed: null,
    // The policy it is booked under: a later edit of the ride's changes nothing of this booking.
    cancellation_policy: policySnapshot(cancellationPolicyOf(ride)),
    ...form.columns,
  };
  await trx.insertInto("registrations").values(row).execute();
  if (status === "confirmed") {
    seats.booked += optionSeats;
    await chargeConfirmed(command, row, ride, fields.option, true);
  }
  // What the features write with it (saved details, credit spent), as the form asked.
  const registration = registrationFromRow(await writeWithRegistered(command, { row, ride, input, fields }));
  const how = status === "confirmed" ? "registered" : "joined the waitlist";
  await command.audit(RIDER_ACTOR, {
    action: "created",
    collection: "registrations",
    recordId: registration.id,
    summary: `Booking ${registration.reference} ${how} for "${ride.title}"`,
  });
  await tellRider(command, {
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
}

/**
 * The confirmation mail with the rider's private link, from the outbox (the link is a secret,
 * emptied from the entry once sent): a new registration's, or a seat taken over (transfer.server.ts).
 */
export async function mailConfirmation(command: Command, registration: Registration, link: string): Promise<void> {
  if (!registration.email) return;
  await command.enqueue({ kind: "registered-mail", registrationId: registration.id, link }, registration.reference);
}
