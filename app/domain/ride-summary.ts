import type { Ride } from "./ride";

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
  /**
   * Past Adventures: what the features add to a completed ride's card, by feature (its average
   * rating, its photos: app/features/slots/ride-cards.tsx); a feature with nothing to say is absent.
   */
  facts?: Readonly<Record<string, unknown>>;
};
