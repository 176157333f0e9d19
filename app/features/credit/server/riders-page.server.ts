import { formatRupees } from "~/domain/registration/balance";
import { hasRole } from "~/domain/roles";
import { stringField } from "~/server/admin/respond.server";
import { by, type RiderOperation, withRider } from "~/server/admin/rider-operations.server";
import type { RidersPagePart } from "~/server/registries/riders-page.server";
import { ValidationError } from "~/server/validation/errors.server";
import { type PendingCredit, pendingCreditOf } from "../domain/pending-credit";
import { decideCredit, pendingCreditsOf } from "./commands.server";

/** Confirms ({ decision: "confirm", amount: "8000" }) or declines a cancelled booking's pending credit ({ entryId }). */
function decideCreditOf(body: Record<string, unknown>): RiderOperation {
  return async (context, rider, ride) => {
    const decision = stringField(body, "decision");
    if (decision !== "confirm" && decision !== "decline")
      throw new ValidationError({ decision: "Say whether to confirm or decline the credit" });
    const entryId = stringField(body, "entryId");
    const decided = await decideCredit(
      context.services.db,
      entryId,
      decision === "confirm" ? { confirm: true, amount: body.amount } : { confirm: false },
      by(context, ride),
    );
    return decided.state === "confirmed"
      ? `Credit ${formatRupees(decided.amountPaise)} of ${rider.reference} confirmed`
      : `Credit of ${rider.reference} declined`;
  };
}

/** A cancelled booking's credit on the Riders page (docs/features/credit.md): owners and editors decide it. */
export const creditRidersPage = {
  facts: async (db, { registrations, role }) => {
    // Captains do not see it.
    const credits = hasRole(role, "editor")
      ? await pendingCreditsOf(
          db,
          registrations.filter((registration) => registration.status === "cancelled").map(({ id }) => id),
        )
      : new Map<string, { entryId: string; amountPaise: number }>();
    return (registration): { pendingCredit: PendingCredit | null } => {
      const credit = credits.get(registration.id);
      return { pendingCredit: credit ? pendingCreditOf(registration.id, credit.entryId, credit.amountPaise) : null };
    };
  },
  intents: {
    credit: { role: "editor", run: (context, rideId, body) => withRider(context, rideId, body, decideCreditOf(body)) },
  },
} satisfies RidersPagePart<{ pendingCredit: PendingCredit | null }>;
