import type { Ride } from "~/domain/ride";
import { titleSlug } from "~/domain/slug";

/** The Riders page's CSV file name: the ride's title in plain letters, digits and dashes, and its start date. */
export function ridersCsvFilename(ride: Pick<Ride, "title" | "startDate">): string {
  return `riders-${titleSlug(ride.title)}${ride.startDate ? `-${ride.startDate}` : ""}.csv`;
}
