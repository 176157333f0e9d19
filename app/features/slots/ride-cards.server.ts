import { photosOnRideCards } from "~/features/ride-photos/server/public-parts.server";
import { ratingsOnRideCards } from "~/features/ride-words/server/public-parts.server";
import type { PartsData } from "~/server/registries/page-part.server";

// What the features read for a page of completed ride cards (Past Adventures,
// routes/public/previous.tsx, decision 050), by ride; the cards' facts are listed in ride-cards.tsx.

export const RIDE_CARD_PARTS = [ratingsOnRideCards, photosOnRideCards] as const;

type RideCardsData = PartsData<typeof RIDE_CARD_PARTS>;

/** One card's facts from the features, by feature; a feature without one for the ride is absent. */
export type RideCardFacts = {
  [Name in keyof RideCardsData]?: NonNullable<RideCardsData[Name]> extends Map<string, infer Fact> ? Fact : never;
};
