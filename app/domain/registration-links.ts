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

/** Routes match without regard to case, and a path may arrive percent-encoded. */
const BOOKING_PAGE = /^\/+booking\//i;

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * A path as logs may show it: a private booking page's token is its only key, so the whole
 * rest of such a path is replaced; every other path is kept.
 */
export function loggablePath(path: string): string {
  return BOOKING_PAGE.test(decoded(path)) ? `${BOOKING_PATH}[token]` : path;
}
