import { z } from "zod";
import { USE_CREDIT_FIELD } from "~/features/credit/domain/credit-input";
import { chargesFor } from "~/server/registrations/ledger.server";
import type { RegistrationHooks } from "~/server/registries/registration-hooks.server";
import { keepRefundAsCredit, spendCreditOn } from "./booking-credit.server";

/** The form's box that spends the signed-in rider's credit, ticked. */
const spendsCredit = z.object({ [USE_CREDIT_FIELD]: z.literal("on") });

/** Credit in a booking's own commands (docs/features/credit.md): spent when it is made, kept when a cancelled booking's rider chooses it. */
export const creditRegistrationHooks: RegistrationHooks = {
  // A booking of the rider's account only: spendCreditOn spends nothing on one made for a friend.
  registered: async (command, { row, ride, input, fields }) => {
    if (spendsCredit.safeParse(input).success) {
      await spendCreditOn(command, row, ride, chargesFor(ride, fields.option).booking ?? 0);
    }
    return row;
  },
  refundedInCredit: keepRefundAsCredit,
};
