import { rideHref } from "./featured-link";

// Where a rider registers, and the private page of a registration (issue 12, decision 020).

/** The private pages of registrations live under this path, followed by the rider's token. */
export const BOOKING_PATH = "/booking/";

export function registerHref(rideId: string): string {
  return `${rideHref(rideId)}/register`;
}

/** The private page of one registration: whoever holds the link sees and changes it. */
export function bookingHref(token: string): string {
  return BOOKING_PATH + encodeURIComponent(token);
}
