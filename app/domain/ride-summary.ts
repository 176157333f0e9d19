import type { Ride } from "./ride";

/**
 * What a ride card shows of a ride. Listing pages send only this to the browser, not the
 * itinerary, lists and policies of every ride, to keep the page light on a phone.
 */
export type RideSummary = Pick<
  Ride,
  | "id"
  | "title"
  | "startDate"
  | "endDate"
  | "image"
  | "description"
  | "distance"
  | "participants"
  | "tripCost"
  | "price"
  | "instagramUrl"
  | "youtubeUrl"
>;

export function rideSummary(ride: Ride): RideSummary {
  const {
    id,
    title,
    startDate,
    endDate,
    image,
    description,
    distance,
    participants,
    tripCost,
    price,
    instagramUrl,
    youtubeUrl,
  } = ride;
  return {
    id,
    title,
    startDate,
    endDate,
    image,
    description,
    distance,
    participants,
    tripCost,
    price,
    instagramUrl,
    youtubeUrl,
  };
}
