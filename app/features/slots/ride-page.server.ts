import { galleryOnRidePage } from "~/features/ride-photos/server/public-parts.server";
import { wordsOnRidePage } from "~/features/ride-words/server/public-parts.server";
import type { PartsData } from "~/server/registries/page-part.server";

// What the features read for a ride's page (routes/public/ride.tsx, decision 050); their
// sections are listed, with their places, in ride-page.tsx.

export const RIDE_PAGE_PARTS = [galleryOnRidePage, wordsOnRidePage] as const;

export type RidePageData = PartsData<typeof RIDE_PAGE_PARTS>;
