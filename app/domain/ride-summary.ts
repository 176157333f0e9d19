import type { Ride } from "./ride";
import type { RatingSummary } from "~/features/ride-words/domain/feedback";

/** The fields of a ride a ride card shows, named once for both the type and the copy. */
const RIDE_SUMMARY_FIELDS = [
  "id",
  "title",
  "startDate",
  "endDate",
  "image",
  "description",
  "distance",
  "participants",
  "tripCost",
  "price",
  "instagramUrl",
  "youtubeUrl",
] as const satisfies readonly (keyof Ride)[];

/**
 * What a ride card shows of a ride. Listing pages send only this to the browser, not the
 * itinerary, lists and policies of every ride, to keep the page light on a phone.
 */
export type RideSummary = Pick<Ride, (typeof RIDE_SUMMARY_FIELDS)[number]>;

export function rideSummary(ride: Ride): RideSummary {
  // Object.fromEntries cannot type its result; it holds exactly RIDE_SUMMARY_FIELDS.
  return Object.fromEntries(RIDE_SUMMARY_FIELDS.map((field) => [field, ride[field]])) as RideSummary;
}

/** A ride card's data: the summary, and for a ride taking registrations here its seats text (decision 020). */
export type RideCardData = RideSummary & {
  seats?: string | null;
  /** A completed ride's average approved rating (docs/features/ride-words.md), on Past Adventures. */
  rating?: RatingSummary | null;
  /** Past Adventures: how many approved photos the ride's gallery has (docs/features/ride-photos.md). */
  photos?: number;
};
