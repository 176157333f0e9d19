import type { SectionsOf } from "~/components/page-section";
import { GalleryCount } from "~/features/ride-photos/components/gallery-count";
import { RatingSummaryBadge } from "~/features/ride-words/components/ride-words";
import type { RideCardFacts } from "./ride-cards.server";

// The features' facts on a completed ride's card (components/ride-card.tsx, decision 050), each
// an item of its list of facts, in order; what they show is read by ride-cards.server.ts.

export const RIDE_CARD_FACTS: readonly SectionsOf<RideCardFacts, { rideId: string }>[] = [
  {
    name: "ride-words",
    Section: ({ data }) => (
      <li className="inline-flex items-center gap-1.5">
        <RatingSummaryBadge summary={data} />
      </li>
    ),
  },
  { name: "ride-photos", Section: ({ rideId, data }) => <GalleryCount rideId={rideId} count={data} /> },
];
