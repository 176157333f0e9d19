import { type AuditActor, RIDER_ACTOR } from "~/domain/audit";
import type { FindBooking } from "~/domain/registration/input";
import { bookingHref } from "~/domain/links";
import { type Command, runCommand } from "../commands/command.server";
import type { Database } from "../db/schema.server";
import { getRide } from "../rides/rides.server";
import { NotFoundError, ValidationError } from "../validation/errors.server";
import { newBookingToken, REGISTRATION_NOT_FOUND, tokenHashOf } from "./commands.server";
import { sealToken } from "./link-seal.server";
import { registrationFromRow, type Registration } from "./rows.server";
import { updateRegistrationRow } from "./seats.server";
import { serverClock } from "../clock.server";

// A booking that cannot get lost (docs/features/registrations.md): a rider who lost their private link asks for a
// fresh one ("Find my booking", mailed), or an organiser sends one by WhatsApp. Either way the
// link is rotated: a new token, a new hash, and the old link opens nothing any more.

/**
 * Gives a live registration (not cancelled, not erased) a new private link inside `command`'s
 * transaction and returns its token, the one time it exists outside the hash; null when the
 * registration is not live (its link is not renewed). The old link stops working at commit.
 */
export async function rotateBookingLink(command: Command, registrationId: string): Promise<string | null> {
  const token = newBookingToken();
  const updated = await updateRegistrationRow(
    command.trx,
    registrationId,
    // Sealed too: messages sent from now on carry the new link (link-seal.server.ts).
    { token_hash: tokenHashOf(token), token_sealed: sealToken(token) },
    command.now,
  )
    .where("status", "<>", "cancelled")
    .where("erased_at", "is", null)
    .executeTakeFirst();
  return updated ? token : null;
}

/**
 * "Find my booking": every live registration with this mobile number on an upcoming ride whose
 * email is the one given (in any case) gets a new link, mailed from the outbox. Answers how
 * many were sent, for tests: the page says the same whatever it is, and nothing else changes
 * when none matches.
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
        const token = await rotateBookingLink(command, registration.id);
        if (!token) continue;
        await command.audit(RIDER_ACTOR, {
          action: "updated",
          collection: "registrations",
          recordId: registration.id,
          summary: `Booking ${registration.reference}: a fresh private link was mailed to the rider`,
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
