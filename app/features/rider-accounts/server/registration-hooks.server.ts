import { z } from "zod";
import { RIDER_ACTOR } from "~/domain/audit";
import { accountEmail } from "~/features/rider-accounts/domain/account";
import { SAVE_DETAILS_FIELD } from "~/features/rider-accounts/domain/saved-details";
import type { RegistrationHooks } from "~/server/registries/registration-hooks.server";
import { registrationFromRow, updateRegistrationRow } from "~/server/registrations/rows.server";
import { lockRiderOfEmail } from "./riders.server";
import { keepRegistrationDetails } from "./saved-details.server";

/** The form's box that keeps its answers as the rider's saved details, ticked. */
const keepsDetails = z.object({ [SAVE_DETAILS_FIELD]: z.literal("on") });

/** Riders' accounts in a booking's own command (docs/features/rider-accounts.md, decision 042). */
export const riderAccountsRegistrationHooks: RegistrationHooks = {
  takesBooking: lockRiderOfEmail,
  // Only a booking of the account keeps saved details: one made for a friend keeps none.
  registered: async (command, { row, input, fields }) => {
    if (row.rider_id && keepsDetails.safeParse(input).success) {
      await keepRegistrationDetails(command, row.rider_id, fields);
    }
    return row;
  },
  /**
   * The booking leaves its account when that account's address is not the booking's: whoever
   * holds a renewed link, or changed its email, is the booking's rider, and an account of
   * another address keeps nothing (decision 042).
   */
  holderChanged: async (command, row, how) => {
    if (row.rider_id === null) return row;
    const account = await command.trx
      .selectFrom("riders")
      .select("email")
      .where("id", "=", row.rider_id)
      .executeTakeFirst();
    const registration = registrationFromRow(row);
    if (account?.email === accountEmail(registration.email)) return row;
    const left = await updateRegistrationRow(
      command.trx,
      row.id,
      { rider_id: null },
      command.now,
    ).executeTakeFirstOrThrow();
    await command.audit(RIDER_ACTOR, {
      action: "updated",
      collection: "riders",
      recordId: row.id,
      summary: `Booking ${registration.reference} left an account of another address ${how}`,
    });
    return left;
  },
};
