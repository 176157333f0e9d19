import { RIDER_ACTOR } from "~/domain/audit";
import { accountEmail } from "~/features/rider-accounts/domain/account";
import type { Joined } from "~/features/rider-accounts/domain/my-rides";
import { runCommand } from "~/server/commands/command.server";
import type { Database } from "~/server/db/schema.server";
import { registrationFromRow, type Registration, updateRegistrationRow } from "~/server/registrations/rows.server";
import { lockRiderOfEmail } from "./riders.server";
import { serverClock } from "~/server/clock.server";

/**
 * An older booking joins the account of a signed-in rider who presses "Add it to My rides" on its
 * page (decision 042): one command that sets its account when it has none, and only when the
 * account's address is the booking's, and brings along its credit entries in no account (a
 * cancellation's credit follows the booking). A booking in another account stays there; an
 * erased one joins nothing.
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
      const row = await trx.selectFrom("registrations").selectAll().where("id", "=", registrationId).executeTakeFirst();
      if (!row || row.erased_at !== null) return "elsewhere";
      if (row.rider_id !== null) return row.rider_id === riderId ? "yours" : "elsewhere";
      if (!(await lockRiderOfEmail(trx, riderId, registrationFromRow(row).email))) return "other-email";
      const joined = await updateRegistrationRow(trx, registrationId, { rider_id: riderId }, command.now)
        .where("rider_id", "is", null)
        .where("erased_at", "is", null)
        // Its address as checked: a change of contact meanwhile joins nothing.
        .where("data", "=", row.data)
        .executeTakeFirst();
      if (!joined) return "elsewhere";
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
 * Where a booking stands with the signed-in rider who opened its page. Opening writes nothing
 * (decision 042): a booking of the account's address in none is offered, with a button.
 */
export function bookingAccountOf(
  rider: { id: string; email: string },
  registration: Pick<Registration, "riderId" | "email">,
): Joined {
  if (registration.riderId === rider.id) return "yours";
  if (registration.riderId !== null) return "elsewhere";
  return accountEmail(registration.email) === rider.email ? "offered" : "other-email";
}
