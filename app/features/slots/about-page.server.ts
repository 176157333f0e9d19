import { wordsOnAbout } from "~/features/ride-words/server/public-parts.server";
import type { PartsData } from "~/server/registries/page-part.server";

// What the features read for About (routes/public/about.tsx, decision 050); their sections are
// listed in about-page.tsx.

export const ABOUT_PAGE_PARTS = [wordsOnAbout] as const;

export type AboutPageData = PartsData<typeof ABOUT_PAGE_PARTS>;
