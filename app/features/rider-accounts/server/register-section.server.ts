import { USE_CREDIT_FIELD } from "~/features/credit/domain/credit-input";
import { prefillOf, type RegisterAccount, SAVE_DETAILS_FIELD } from "~/features/rider-accounts/domain/saved-details";
import { registerSection } from "~/server/registries/register-section.server";
import { savedDetailsOf } from "./saved-details.server";
import { RIDER_PAGE_HEADERS, signedInRider } from "./sessions.server";

/**
 * A signed-in rider's part of the registration form: their saved details filled in, and the box
 * that keeps them. A visitor has none: their page is the cached public one and holds nothing
 * personal (docs/features/rider-data.md). The form ticks the credit box when given no values (not
 * yet sent) or values ticking it (sent back): a prefill is values, so it ticks the box itself, or
 * saved details would untick it.
 */
export const riderAccountsRegisterSection = registerSection<{ account: RegisterAccount }>({
  load: async ({ services: { db }, shared }) => {
    const rider = await shared(signedInRider);
    if (!rider) return { props: { account: null } };
    const kept = await savedDetailsOf(db, rider.id);
    const values = kept ? { ...prefillOf(kept.details), [SAVE_DETAILS_FIELD]: "on", [USE_CREDIT_FIELD]: "on" } : {};
    return { props: { account: { keeps: kept !== null } }, values, headers: RIDER_PAGE_HEADERS };
  },
});
