import type { Ride } from "~/domain/ride";

// How the trail names a booking: by its reference only (the trail outlives the riders' personal
// data), with its ride's title while the ride exists.

/** ` on "<the ride's title>"`, or nothing for a registration that outlived its ride. */
export const onRide = (ride: Ride | null) => (ride ? ` on "${ride.title}"` : "");
