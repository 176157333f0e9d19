// Every address the app links to, redirects to or fetches, built in one place. The patterns
// these fill are app/routes.ts's (links.test.ts checks each builder against them); a path
// segment taken from data is always encoded, so an id or token can never add a segment.

/** A path segment from data, encoded: an id or token never adds a segment. */
export const segment = encodeURIComponent;

// ── Public pages (product.md#navigation) ──

export const HOME_PATH = "/";
export const UPCOMING_PATH = "/upcoming";
export const PREVIOUS_PATH = "/previous";
export const ABOUT_PATH = "/about";
export const CONTACT_PATH = "/contact";

/** A page of past rides: the first page is /previous itself. */
export function previousPageHref(page: number): string {
  return page === 1 ? PREVIOUS_PATH : `${PREVIOUS_PATH}?page=${page}`;
}

/** The pages that must open offline (decision 023): the offline notice and the list of saved rides. */
export const OFFLINE_PATH = "/offline";
export const SAVED_RIDES_PATH = "/saved";

// ── A ride and what hangs from it ──

export function rideHref(id: string): string {
  return `/ride/${segment(id)}`;
}

/** The registration form of a ride taking registrations on this site (decision 020). */
export function registerHref(rideId: string): string {
  return `${rideHref(rideId)}/register`;
}

/** The ride's days as an all-day calendar event. */
export function rideCalendarHref(rideId: string): string {
  return `${rideHref(rideId)}/calendar.ics`;
}

/** Every upcoming published ride as one calendar, to subscribe to. */
export const RIDES_CALENDAR_PATH = "/rides.ics";

/** A calendar feed of this site as calendar apps subscribe to it: webcal://host/path. */
export function webcalHref(origin: string, path: string): string {
  return origin.replace(/^https?:/, "webcal:") + path;
}

/** The whole ride's GPX as uploaded (decision 024). */
export const routeGpxHref = (rideId: string) => `${rideHref(rideId)}/gpx/route.gpx`;

/** One day's GPX, cut from the original. */
export const dayGpxHref = (rideId: string, day: number) => `${rideHref(rideId)}/gpx/day-${day}.gpx`;

/** The drawn route as GeoJSON, fetched by the interactive map when a visitor opens it. */
export const routeGeoJsonHref = (rideId: string) => `${rideHref(rideId)}/gpx/route.geojson`;

// ── A rider's private page (decision 020): the token in its path is its only key ──

/** The private pages of registrations live under this path, followed by the rider's token. */
export const BOOKING_PATH = "/booking/";

/** The private page of one registration: whoever holds the link sees and changes it. */
export function bookingHref(token: string): string {
  return BOOKING_PATH + segment(token);
}

/** A rider's own calendar feed: their ride as one event, kept up to date; `token` is the feed's own (decision 042). */
export function bookingCalendarHref(token: string): string {
  return `${bookingHref(token)}/calendar.ics`;
}

/** A seat's transfer link (docs/features/seat-transfer.md): whoever holds it may take the seat. */
export function transferHref(token: string): string {
  return `/transfer/${segment(token)}`;
}

/** "Find my booking": a fresh link mailed to a rider who lost theirs. */
export const FIND_BOOKING_PATH = "/booking";

/** Where a rider who lost their link finds it again, in the texts they are sent: Find my booking at `origin`. */
export function findBookingLine(origin: string): string {
  return `Lost this link? Find your booking at ${origin}${FIND_BOOKING_PATH}`;
}

/** The query flag of the page after a request, the same whether or not a booking matched. */
export const FIND_BOOKING_SENT = "sent";

/**
 * Where a rider lands once their registration is erased: the link then opens nothing, so the
 * answer to the erasure is a page of its own, outside the booking links (which logs redact).
 */
export const BOOKING_ERASED_PATH = "/booking-erased";

// ── A rider's account (docs/features/rider-accounts.md) ──

/** The rider's own place: sign-in when signed out, My rides when signed in. */
export const ME_PATH = "/me";

/** A mailed one-time sign-in link: its token is the only key, spent by a POST. */
export function meLinkHref(token: string): string {
  return `${ME_PATH}/link/${segment(token)}`;
}

/** The rider's passkeys, in JSON steps (options, verify) for the browser's WebAuthn calls. */
export const ME_PASSKEYS_PATH = "/me/passkeys";

/** The query flag of the sign-in page after a request, the same whether or not the address is known. */
export const ME_LINK_SENT = "sent";

/** Their saved details (docs/features/rider-data.md): seen, edited, forgotten. */
export const ME_DETAILS_PATH = "/me/details";
/** "Your data": what the site holds and for how long, the export and the account's erasure. */
export const ME_DATA_PATH = "/me/data";
/** The export, as a file to download. */
export const ME_DATA_EXPORT_PATH = "/me/data.json";
/** Where an erased account's browser ends: the page says it is done. */
export const ME_ERASED_PATH = "/me/data?erased";

// ── Share cards (decision 023): a stamp of the card's content names the image ──

/** /share/ride/{id}/{stamp}.jpg */
export function rideShareCardHref(rideId: string, stamp: string): string {
  return `/share/ride/${segment(rideId)}/${stamp}.jpg`;
}

/** /share/page/{page}/{stamp}.jpg */
export function pageShareCardHref(page: string, stamp: string): string {
  return `/share/page/${segment(page)}/${stamp}.jpg`;
}

/** /share/passport/{slug}/{stamp}.jpg: a public ride passport's card. */
export function passportShareCardHref(slug: string, stamp: string): string {
  return `/share/passport/${segment(slug)}/${stamp}.jpg`;
}

// ── The ride passport (docs/features/ride-passport.md) ──

/** The signed-in rider's own passport. */
export const ME_PASSPORT_PATH = "/me/passport";

/** A passport the rider made public: its address is its slug. */
export function passportHref(slug: string): string {
  return `/passport/${segment(slug)}`;
}
