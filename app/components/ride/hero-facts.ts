import { formatDateRange } from "~/domain/dates";
import { PLACEHOLDERS } from "~/domain/messages";
import type { Ride } from "~/domain/ride";

export type HeroFact = { label: "Dates" | "Duration" | "Distance"; value: string };

/** product.md#ride-page: the hero's dates, duration and distance, each with its 'TBD' text when the ride has none. */
export function heroFacts(ride: Pick<Ride, "startDate" | "endDate" | "duration" | "distance">): HeroFact[] {
  return [
    { label: "Dates", value: formatDateRange(ride.startDate, ride.endDate) },
    { label: "Duration", value: ride.duration?.trim() || PLACEHOLDERS.durationTbd },
    { label: "Distance", value: ride.distance?.trim() || PLACEHOLDERS.distanceTbd },
  ];
}
