import type { AboutPageArgs, PagePart, RideCardsArgs, RidePageArgs } from "~/server/registries/page-part.server";
import type { PublicRideWords, RatingSummary, RideTestimonial } from "../domain/feedback";
import { aboutTestimonials, publicRideWords, ratingSummariesOf } from "./queries.server";

// Riders' words on the public pages (docs/features/ride-words.md#public-pages), as the core's
// lists in app/features/slots/ name them (decision 050).

/** A ride page's words: its own with their average, and the route's for an upcoming ride. */
export const wordsOnRidePage = {
  name: "ride-words",
  label: "riders' words",
  load: ({ db, ride, now }) => publicRideWords(db, ride, now),
} as const satisfies PagePart<RidePageArgs, PublicRideWords>;

/** About's words, a few a day (docs/features/ride-words.md#about). */
export const wordsOnAbout = {
  name: "ride-words",
  label: "riders' words",
  load: ({ db, now }) => aboutTestimonials(db, now),
} as const satisfies PagePart<AboutPageArgs, RideTestimonial[]>;

/** A completed ride card's average rating; a ride without approved ratings is left out. */
export const ratingsOnRideCards = {
  name: "ride-words",
  label: "ride ratings",
  load: async ({ db, rideIds }) => new Map(Object.entries(await ratingSummariesOf(db, rideIds))),
} as const satisfies PagePart<RideCardsArgs, Map<string, RatingSummary>>;
