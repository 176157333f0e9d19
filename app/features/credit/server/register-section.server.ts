import { signedInRider, RIDER_PAGE_HEADERS } from "~/features/rider-accounts/server/sessions.server";
import { registerSection } from "~/server/registries/register-section.server";
import { creditOffer } from "./offer.server";

/**
 * The signed-in rider's credit, offered on the registration form: theirs alone, never a cached
 * public page (docs/features/credit.md).
 */
export const creditRegisterSection = registerSection<{ credit: string | null }>({
  load: async ({ services: { db }, shared, ride }) => {
    const rider = await shared(signedInRider);
    if (!rider) return { props: { credit: null } };
    return { props: { credit: await creditOffer(db, rider.id, ride) }, headers: RIDER_PAGE_HEADERS };
  },
});
