import { type AuditActor, RIDER_ACTOR } from "~/domain/audit";
import type { FindBooking } from "~/domain/registration/input";
import { bookingHref } from "~/domain/links";
import { type Command, runCommand } from "../commands/command.server";
import type { Database } from "../db/schema.server";
import { getRide } from "../rides/rides.server";
import { NotFoundError, ValidationError } from "../validation/errors.server";
import { hashOfToken, newSecretToken } from "../auth/secret-token.server";
import { getRegistrationByToken } from "./queries.server";
import { REGISTRATION_NOT_FOUND } from "./locked-registration.server";
import { openToken, sealToken } from "./link-seal.server";
import { registrationFromRow, type Registration, updateRegistrationRow } from "./rows.server";
import { serverClock } from "../clock.server";
import { writeWithHolderChanged } from "./feature-hooks.server";

/** How a booking changed hands, in the trail (writeWithHolderChanged). */
const RENEWED_LINK = "with its renewed link";

// A booking that cannot get lost (docs/features/registrations.md): a rider who lost their private link asks for a
// fresh one ("Find my booking", mailed), or an organiser sends one by WhatsApp. An organiser's
// rotates the link at once: a new token, a new hash, and the old link opens nothing any more.
// Find my booking's waits beside the current one (decision 042): anyone who knows a rider's
// mobile number and email (both shared in a ride's WhatsApp group) may ask, so the current link
// keeps working until the fresh one is first opened, which then takes its place. Either way the
// renewed link takes the booking back from any account of another address than the booking's:
// a link that leaked into someone's account leaves it with the old link.

/**
 * Gives a live registration (not cancelled, not erased) a new private link inside `command`'s
 * transaction and returns its token, the one time it exists outside the hash; null when the
 * registration is not live (its link is not renewed). The old link, and any fresh one waiting,
 * stop working at commit.
 */
export async function rotateBookingLink(command: Command, registrationId: string): Promise<string | null> {
  const { token, hash } = newSecretToken();
  const updated = await updateRegistrationRow(
    command.trx,
    registrationId,
    // Sealed too: messages sent from now on carry the new link (link-seal.server.ts).
    {
      token_hash: hash,
      token_sealed: sealToken(token),
      pending_token_hash: null,
      pending_token_sealed: null,
    },
    command.now,
  )
    .where("status", "<>", "cancelled")
    .where("erased_at", "is", null)
    .executeTakeFirst();
  if (!updated) return null;
  await writeWithHolderChanged(command, updated, RENEWED_LINK);
  return token;
}

/**
 * Find my booking's fresh link for a live registration, waiting beside its current one: the one
 * already waiting when it can be read again (so asking again does not kill a link mailed a
 * minute ago), else a new one. Null when the registration is not live.
 */
async function waitingBookingLink(command: Command, registrationId: string): Promise<string | null> {
  const row = await command.trx
    .selectFrom("registrations")
    .select(["pending_token_hash", "pending_token_sealed"])
    .where("id", "=", registrationId)
    .where("status", "<>", "cancelled")
    .where("erased_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const waiting = openToken(row.pending_token_sealed);
  if (waiting !== null && hashOfToken(waiting) === row.pending_token_hash) return waiting;
  const { token, hash } = newSecretToken();
  await updateRegistrationRow(
    command.trx,
    registrationId,
    { pending_token_hash: hash, pending_token_sealed: sealToken(token) },
    command.now,
  ).execute();
  return token;
}

/**
 * The registration a private link opens, as the booking page asks for it: by its current link,
 * or by Find my booking's fresh one, which this first use makes the booking's link (the old one
 * stops working, the booking leaves an account of another address) in one command. Null for a
 * token that opens nothing.
 */
export async function openBookingLink(db: Database, token: string, now = serverClock()): Promise<Registration | null> {
  const current = await getRegistrationByToken(db, token);
  if (current) return current;
  const hash = hashOfToken(token);
  const waiting = await db
    .selectFrom("registrations")
    .select("id")
    .where("pending_token_hash", "=", hash)
    .executeTakeFirst();
  // Not waiting (any more): a request racing with this one may have just made it the booking's
  // link, between the two reads above.
  if (!waiting) return getRegistrationByToken(db, token);
  return runCommand(
    db,
    async (command) => {
      const row = await command.trx
        .selectFrom("registrations")
        .select("pending_token_sealed")
        .where("id", "=", waiting.id)
        .where("pending_token_hash", "=", hash)
        .executeTakeFirst();
      // Conditional: of two requests racing with the fresh link, one makes it the booking's and
      // the other finds it the booking's already (PostgreSQL re-reads the row once it is free).
      const updated =
        row &&
        (await updateRegistrationRow(
          command.trx,
          waiting.id,
          {
            token_hash: hash,
            token_sealed: row.pending_token_sealed,
            pending_token_hash: null,
            pending_token_sealed: null,
          },
          command.now,
        )
          .where("pending_token_hash", "=", hash)
          .executeTakeFirst());
      if (!updated) return getRegistrationByToken(command.trx, token);
      await command.audit(RIDER_ACTOR, {
        action: "updated",
        collection: "registrations",
        recordId: waiting.id,
        summary: `Booking ${updated.reference}: the fresh private link was first used; the one before stopped working`,
      });
      return registrationFromRow(await writeWithHolderChanged(command, updated, RENEWED_LINK));
    },
    now,
  );
}

/**
 * "Find my booking": every live registration with this mobile number on an upcoming ride whose
 * email is the one given (in any case) gets a fresh link, waiting beside its current one
 * (waitingBookingLink), mailed from the outbox. Answers how many were sent, for tests: the page
 * says the same whatever it is, and nothing else changes when none matches.
 */
export async function mailFreshLinks(
  db: Database,
  { mobile, email }: FindBooking,
  { origin, now = serverClock() }: { origin: string; now?: Date },
): Promise<number> {
  const rows = await db
    .selectFrom("registrations")
    .innerJoin("rides", "rides.id", "registrations.ride_id")
    .selectAll("registrations")
    .where("registrations.phone", "=", mobile)
    .where("registrations.status", "<>", "cancelled")
    .where("registrations.erased_at", "is", null)
    .where("rides.status", "=", "upcoming")
    .execute();
  const wanted = email.toLowerCase();
  const matches = rows.map(registrationFromRow).filter((registration) => registration.email.toLowerCase() === wanted);
  if (matches.length === 0) return 0;
  return runCommand(
    db,
    async (command) => {
      let sent = 0;
      for (const registration of matches) {
        const token = await waitingBookingLink(command, registration.id);
        if (!token) continue;
        await command.audit(RIDER_ACTOR, {
          action: "updated",
          collection: "registrations",
          recordId: registration.id,
          summary: `Booking ${registration.reference}: a fresh private link was mailed to the rider; the current one works until it is used`,
        });
        const link = origin + bookingHref(token);
        await command.enqueue(
          { kind: "booking-link-mail", registrationId: registration.id, link },
          registration.reference,
        );
        sent += 1;
      }
      return sent;
    },
    now,
  );
}

export const NO_LINK_FOR_CANCELLED = "A cancelled or erased registration has no link to send";

/**
 * An organiser sends a rider a fresh link by WhatsApp (mail off, or lost): the link is rotated
 * and the trail says who did it. A registration of another ride than `rideId` is not found.
 */
export async function freshLinkForRider(
  db: Database,
  registrationId: string,
  { actor, rideId, now = serverClock() }: { actor: AuditActor; rideId: string; now?: Date },
): Promise<{ registration: Registration; token: string }> {
  return runCommand(
    db,
    async (command) => {
      const row = await command.trx
        .selectFrom("registrations")
        .selectAll()
        .where("id", "=", registrationId)
        .where("ride_id", "=", rideId)
        .executeTakeFirst();
      if (!row) throw new NotFoundError(REGISTRATION_NOT_FOUND);
      const token = await rotateBookingLink(command, row.id);
      if (!token) throw new ValidationError({ "": NO_LINK_FOR_CANCELLED });
      const ride = await getRide(command.trx, rideId);
      await command.audit(actor, {
        action: "updated",
        collection: "registrations",
        recordId: row.id,
        summary: `Sent booking ${row.reference}${ride ? ` on "${ride.title}"` : ""} a fresh private link by WhatsApp`,
      });
      return { registration: registrationFromRow(row), token };
    },
    now,
  );
}
