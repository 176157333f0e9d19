import type { Ride } from "~/domain/ride";

/** The Riders page's CSV file name: the ride's title in plain letters, digits and dashes, and its start date. */
export function ridersCsvFilename(ride: Pick<Ride, "title" | "startDate">): string {
  const slug = ride.title
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_]+/g, "-")
    .toLowerCase()
    .slice(0, 60);
  return `riders-${slug || "ride"}${ride.startDate ? `-${ride.startDate}` : ""}.csv`;
}
