import { rideHref } from "./featured-link";

// Where a rider registers, and the private page of a registration (issue 12, decision 020).

/** The private pages of registrations live under this path, followed by the rider's token. */
export const BOOKING_PATH = "/booking/";

export function registerHref(rideId: string): string {
  return `${rideHref(rideId)}/register`;
}

/**
 * Where a rider lands once their registration is erased: the link then opens nothing, so the
 * answer to the erasure is a page of its own, outside the booking links (which logs redact).
 */
export const BOOKING_ERASED_PATH = "/booking-erased";

/** The private page of one registration: whoever holds the link sees and changes it. */
export function bookingHref(token: string): string {
  return BOOKING_PATH + encodeURIComponent(token);
}
