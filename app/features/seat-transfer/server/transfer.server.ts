import type { Selectable } from "kysely";
import type { Dues } from "~/domain/registration/dues";
import { duesOfBooking } from "~/server/registrations/ledger.server";
import { RIDER_ACTOR } from "~/domain/audit";
import { bookingHref } from "~/domain/links";
import { registrationSettingsOf } from "~/domain/registration/settings";
import {
  canTransfer,
  seatSettings,
  TRANSFER_NOT_POSSIBLE,
  transferExpiresAt,
} from "~/features/seat-transfer/domain/transfer";
import type { Ride } from "~/domain/ride";
import { hashOfToken, isSecretToken, newSecretToken } from "~/server/auth/secret-token.server";
import { type Command, runCommand } from "~/server/commands/command.server";
import type { Database, Executor, RegistrationsTable } from "~/server/db/schema.server";
import { ridePagesChanged } from "~/server/rides/pages-changed.server";
import { getRide } from "~/server/rides/rides.server";
import { ValidationError } from "~/server/validation/errors.server";
import {
  checkRiderForm,
  DUPLICATE_MOBILE,
  isMobileTaken,
  mailConfirmation,
} from "~/server/registrations/register.server";
import { withRegistrationByToken } from "~/server/registrations/locked-registration.server";
import { eraseWhatFollows } from "~/server/registrations/erasure.server";
import { sealToken } from "~/server/registrations/link-seal.server";
import {
  detailsOf,
  erasedColumns,
  registrationFromRow,
  type Registration,
  updateRegistrationRow,
} from "~/server/registrations/rows.server";
import { accountOfBooking, tellRider } from "~/server/registrations/feature-hooks.server";
import { lockRide } from "~/server/registrations/seats.server";
import { auditRiderChange, onRide } from "~/server/registrations/booking-audit.server";
import { rideOrganiserAddresses, seatHandedOnMail, seatTransferredTeamMail } from "./transfer-mail.server";
import { serverClock } from "~/server/clock.server";

// A confirmed rider hands their seat to a friend (docs/features/seat-transfer.md, decision 039):
// through their private link they make a transfer link (a token stored as its hash, like the
// private link's); the friend opens it, gives their own details, and the booking becomes
// theirs: same seat, place and payments, the friend's data, a new private link. Every write
// runs under the ride's lock, as every seat change does.

async function findByTransferToken(db: Executor, token: unknown) {
  if (!isSecretToken(token)) return undefined;
  return db
    .selectFrom("registrations")
    .selectAll()
    .where("transfer_token_hash", "=", hashOfToken(token))
    .executeTakeFirst();
}

/** The seat's offer as its rider's booking page shows it; null when the seat cannot be handed on now. */
export type SeatTransferState = { offeredUntil: string | null };

/** Whether the booking may be handed on now, and until when its open link (if any) works. */
export async function seatTransferOf(
  db: Executor,
  registration: Pick<Registration, "id" | "status" | "checkedInAt">,
  ride: Ride | null,
  now: Date,
): Promise<SeatTransferState | null> {
  if (!ride || !canTransfer(registration, ride, now)) return null;
  const row = await db
    .selectFrom("registrations")
    .select(["transfer_token_hash", "transfer_created_at"])
    .where("id", "=", registration.id)
    .executeTakeFirst();
  const until = row?.transfer_created_at ? transferExpiresAt(row.transfer_created_at, ride) : null;
  return { offeredUntil: until && until > now ? until.toISOString() : null };
}

function assertTransferable(row: Selectable<RegistrationsTable>, ride: Ride | null, now: Date): void {
  if (!canTransfer(registrationFromRow(row), ride, now)) throw new ValidationError({ "": TRANSFER_NOT_POSSIBLE });
}

/**
 * The rider makes a transfer link through their private link: a new token whose hash replaces
 * any earlier one's (that link stops working). The token is returned here only.
 */
export function offerTransferByToken(
  db: Database,
  bookingToken: string,
  now = serverClock(),
): Promise<{ token: string; expiresAt: Date }> {
  return withRegistrationByToken(
    db,
    bookingToken,
    async (command, row, ride) => {
      assertTransferable(row, ride, now);
      const { token, hash } = newSecretToken();
      const at = now.toISOString();
      await writeTransferLink(command, row, ride, { hash, at }, "a transfer link was made", now);
      return { token, expiresAt: transferExpiresAt(at, ride!) };
    },
    now,
  );
}

/** Stores the booking's transfer link (its hash and when it was made), or none, with the trail's line. */
async function writeTransferLink(
  command: Command,
  row: Selectable<RegistrationsTable>,
  ride: Ride | null,
  link: { hash: string; at: string } | null,
  said: string,
  now: Date,
): Promise<void> {
  await updateRegistrationRow(
    command.trx,
    row.id,
    { transfer_token_hash: link?.hash ?? null, transfer_created_at: link?.at ?? null },
    now,
  ).executeTakeFirstOrThrow();
  await command.audit(RIDER_ACTOR, {
    action: "updated",
    collection: "registrations",
    recordId: row.id,
    summary: `Booking ${row.reference}${onRide(ride)}: ${said}`,
  });
}

/** The rider withdraws their offer: the transfer link stops working. Withdrawing twice changes nothing. */
export function withdrawTransferByToken(db: Database, bookingToken: string, now = serverClock()): Promise<void> {
  return withRegistrationByToken(
    db,
    bookingToken,
    async (command, row, ride) => {
      if (row.transfer_token_hash === null) return;
      await writeTransferLink(command, row, ride, null, "the transfer link was withdrawn", now);
    },
    now,
  );
}

/** The row and ride an open link offers, or null: unknown, withdrawn, used, expired, or the seat no longer transferable. */
function openOffer(row: Selectable<RegistrationsTable> | undefined, ride: Ride | null, now: Date) {
  if (!row || !ride || !row.transfer_created_at) return null;
  if (!canTransfer(registrationFromRow(row), ride, now)) return null;
  if (transferExpiresAt(row.transfer_created_at, ride) <= now) return null;
  return { row, ride };
}

/** What the friend sees of the seat: nothing of its rider. */
export type TransferOffer = {
  ride: Ride;
  reference: string;
  option: Registration["option"];
  /** What the seat owes: its ledger stays with it (decision 059). */
  dues: Dues;
  expiresAt: string;
};

/** The seat a transfer link offers now, or null when it opens none. */
export async function getTransferOffer(
  db: Executor,
  token: string,
  now = serverClock(),
): Promise<TransferOffer | null> {
  const row = await findByTransferToken(db, token);
  const offer = openOffer(row, row ? await getRide(db, row.ride_id) : null, now);
  if (!offer) return null;
  const registration = registrationFromRow(offer.row);
  return {
    ride: offer.ride,
    reference: registration.reference,
    option: registration.option,
    dues: await duesOfBooking(db, registration, offer.ride, now),
    expiresAt: transferExpiresAt(offer.row.transfer_created_at!, offer.ride).toISOString(),
  };
}

export type TransferAccepted =
  | { ok: true; registration: Registration; token: string }
  /** The link opens no seat (any reason: the page says one thing). */
  | { ok: false; refused: "gone" }
  /** A field is invalid, or the mobile number is registered for the ride already (400/409). */
  | { ok: false; refused: "invalid"; errors: Record<string, string> }
  | { ok: false; refused: "throttled"; message: string; retryAfterSeconds: number };

export type AcceptTransferOptions = {
  clientIp: string;
  /** The site's origin, for the friend's private link in their confirmation mail. */
  origin: string;
  /** The friend's account when signed in: the booking becomes theirs when the form's email is the account's. */
  riderId?: string | null;
  now?: Date;
};

/**
 * Erases what belonged to the original rider on the seat with the erasures a rider's own
 * erasure runs (cancelLocked): the row is marked erased inside this transaction, so each of
 * them (updates and their deliveries, phones' push subscriptions, ride-day messages, photos,
 * words) finds it, then the caller writes the friend's data over it. No other transaction
 * sees the erased state: the ride's lock and the transaction hold until the friend's data is in.
 */
async function eraseOriginalRider(command: Command, row: Selectable<RegistrationsTable>): Promise<void> {
  const { trx, now } = command;
  await updateRegistrationRow(trx, row.id, erasedColumns(now.toISOString()), now).executeTakeFirstOrThrow();
  await eraseWhatFollows(command, { seatHandedOn: true });
}

/**
 * The friend takes the seat: one command under the ride's lock. The booking is read again by
 * the link's hash, and refused ("gone") unless the link is still open and the seat still
 * confirmed on a ride not started; the friend's answers are checked with the registration
 * form's schema (the seat's option only) and the ride's current waiver; a mobile number
 * registered for the ride is refused. Then the original rider's data goes and the friend's takes
 * its place; id, reference, seats, option, status, place in the list (created_at), payments,
 * their UTRs and credit stay with the seat. The organisers, the original rider (when they gave
 * an email) and the friend (likewise) are told through the outbox.
 */
export async function acceptTransfer(
  db: Database,
  transferToken: string,
  input: unknown,
  { clientIp, origin, riderId = null, now = serverClock() }: AcceptTransferOptions,
): Promise<TransferAccepted> {
  const before = await findByTransferToken(db, transferToken);
  if (!before) return { ok: false, refused: "gone" };
  const { token, hash } = newSecretToken();
  return runCommand(
    db,
    async (command): Promise<TransferAccepted> => {
      const { trx } = command;
      const offer = openOffer(await findByTransferToken(trx, transferToken), await lockRide(trx, before.ride_id), now);
      if (!offer) return { ok: false, refused: "gone" };
      const { row, ride } = offer;
      const original = registrationFromRow(row);
      const form = await checkRiderForm(
        trx,
        ride.id,
        seatSettings(registrationSettingsOf(ride), original.option),
        input,
        clientIp,
        now,
      );
      if (!form.ok) return form;
      const { fields } = form;
      if (await isMobileTaken(trx, ride.id, fields.mobile)) {
        return { ok: false, refused: "invalid", errors: { mobile: DUPLICATE_MOBILE } };
      }
      // The friend's account, locked after the ride as a registration locks it (register.server.ts),
      // and theirs only when the form's email is the account's (decision 042).
      const account = await accountOfBooking(trx, riderId, fields.email);
      await eraseOriginalRider(command, row);
      const at = now.toISOString();
      const updated = await updateRegistrationRow(
        trx,
        row.id,
        {
          phone: fields.mobile,
          data: JSON.stringify(detailsOf(fields, at)),
          ...form.columns,
          token_hash: hash,
          token_sealed: sealToken(token),
          // The giver's pending fresh link (Find my booking) dies with their old one.
          pending_token_hash: null,
          pending_token_sealed: null,
          rider_id: account,
          reminders: 1,
          erased_at: null,
        },
        now,
      ).executeTakeFirstOrThrow();
      const registration = registrationFromRow(updated);
      await auditRiderChange(command, row, ride, "transferred to another rider");
      await command.enqueue(ridePagesChanged(ride.id));
      await tellRider(command, {
        rideId: ride.id,
        registrationId: row.id,
        subject: "The seat is yours",
        body: `A seat on "${ride.title}" was handed to you: reference ${row.reference}. Updates about the ride appear here.`,
      });
      const told = { reference: row.reference, rideTitle: ride.title };
      for (const address of await rideOrganiserAddresses(trx, ride.id)) {
        await command.enqueue({ kind: "team-mail", mail: seatTransferredTeamMail(address, told) }, row.reference);
      }
      if (original.email) {
        await command.enqueue(
          { kind: "seat-handed-on-mail", mail: seatHandedOnMail(original.email, told) },
          row.reference,
        );
      }
      await mailConfirmation(command, registration, origin + bookingHref(token));
      return { ok: true, registration, token };
    },
    now,
  );
}
