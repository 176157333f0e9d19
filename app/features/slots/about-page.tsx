import type { SectionsOf } from "~/components/page-section";
import { AboutWords } from "~/features/ride-words/components/about-words";
import type { AboutPageData } from "./about-page.server";

// The features' sections of About (routes/public/about.tsx, decision 050), before its call to
// ride; what they show is read by about-page.server.ts.

export const ABOUT_PAGE_SECTIONS: readonly SectionsOf<AboutPageData>[] = [
  { name: "ride-words", Section: ({ data }) => <AboutWords testimonials={data} /> },
];
