import { WAIVER_NAME_FIELD, waiverAnswerOf, waiverRefusal } from "~/features/waivers/domain/waiver";
import type { RegistrationHooks } from "~/server/registries/registration-hooks.server";
import { currentWaiver } from "./current-waiver.server";

/**
 * The ride's waiver on a rider's form (docs/features/waivers.md), checked under the ride's lock
 * against its current version: a rider who read an earlier text reads the new one first.
 */
export const waiversRegistrationHooks: RegistrationHooks = {
  checkForm: async (trx, { rideId, input, fields, now }) => {
    const waiver = await currentWaiver(trx, rideId);
    const answer = waiverAnswerOf(input);
    const refused = waiverRefusal(waiver, answer, fields.name);
    if (refused) return { ok: false, errors: { [WAIVER_NAME_FIELD]: refused } };
    return {
      ok: true,
      columns: {
        waiver_id: waiver?.id ?? null,
        waiver_name: waiver ? answer.name : null,
        waiver_accepted_at: waiver ? now.toISOString() : null,
      },
    };
  },
};
