import { creditCardPart } from "~/features/credit/components/rider-card-part";
import { waiverCardPart } from "~/features/waivers/components/rider-card-part";

/** The features' parts of a rider's card on the Riders page (components/admin/riders/rider-card.tsx), in this order. */
export const riderCardParts = [waiverCardPart, creditCardPart] as const;
