import type { RidePagePlace, SectionsOf } from "~/components/page-section";
import { RideGallery } from "~/features/ride-photos/components/ride-gallery";
import { RideWords } from "~/features/ride-words/components/ride-words";
import type { RidePageData } from "./ride-page.server";

// The features' sections of a ride's page (routes/public/ride.tsx, decision 050), in order, each
// after the page's own section it follows; what they show is read by ride-page.server.ts.

export const RIDE_PAGE_SECTIONS: readonly SectionsOf<RidePageData, object, RidePagePlace>[] = [
  { name: "ride-photos", after: "overview", Section: ({ data }) => <RideGallery photos={data} /> },
  { name: "ride-words", after: "policy", Section: ({ data }) => <RideWords words={data} /> },
];
