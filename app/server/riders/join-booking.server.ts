import { RIDER_ACTOR } from "~/domain/audit";
import type { Joined } from "~/domain/riders/my-rides";
import { runCommand } from "../commands/command.server";
import type { Database } from "../db/schema.server";
import type { Registration } from "../registrations/rows.server";
import { updateRegistrationRow } from "../registrations/seats.server";
import { lockRider } from "./riders.server";
import { serverClock } from "../clock.server";

/**
 * An older booking joins the account of the rider who opens its private link signed in: one
 * command that sets its account when it has none and brings along its credit entries in no
 * account (a cancellation's credit follows the booking). A booking in another account stays
 * there; an erased one joins nothing.
 */
export async function joinBooking(
  db: Database,
  riderId: string,
  registrationId: string,
  now = serverClock(),
): Promise<Joined> {
  return runCommand(
    db,
    async (command) => {
      const { trx } = command;
      if (!(await lockRider(trx, riderId))) return "elsewhere";
      const joined = await updateRegistrationRow(trx, registrationId, { rider_id: riderId }, command.now)
        .where("rider_id", "is", null)
        .where("erased_at", "is", null)
        .executeTakeFirst();
      if (!joined) {
        const row = await trx
          .selectFrom("registrations")
          .select("rider_id")
          .where("id", "=", registrationId)
          .executeTakeFirst();
        return row?.rider_id === riderId ? "yours" : "elsewhere";
      }
      await trx
        .updateTable("credit_entries")
        .set({ rider_id: riderId })
        .where("registration_id", "=", registrationId)
        .where("rider_id", "is", null)
        .execute();
      await command.audit(RIDER_ACTOR, {
        action: "updated",
        collection: "riders",
        recordId: registrationId,
        summary: `Booking ${joined.reference} joined a rider's account`,
      });
      return "joined";
    },
    now,
  );
}

/**
 * Whether the browser says another site sent it here (Fetch Metadata). A page elsewhere could
 * send a signed-in rider to a link of its own choosing, so such an opening only offers to join.
 * A link opened from a mail app, typed or bookmarked says "none"; an old browser says nothing.
 */
export function openedFromAnotherSite(request: Request): boolean {
  return request.headers.get("sec-fetch-site") === "cross-site";
}

/**
 * The booking page's half: a booking already in an account is answered from the row read, one
 * opened from another site is offered to join (a button), and only then one in none runs the command.
 */
export async function joinOnOpen(
  db: Database,
  riderId: string,
  registration: Pick<Registration, "id" | "riderId">,
  fromAnotherSite = false,
): Promise<Joined> {
  if (registration.riderId === riderId) return "yours";
  if (registration.riderId !== null) return "elsewhere";
  if (fromAnotherSite) return "offered";
  return joinBooking(db, riderId, registration.id);
}
