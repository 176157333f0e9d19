import { segment } from "./links";
import type { RevisionCollection } from "./revisions";

// The admin portal's addresses (app/routes.ts's, checked by links.test.ts), apart from the
// visitor pages' in ./links.ts: the visitor pages' shared script (the runtime chunk, decision
// 017) carries links.ts, and the portal's many paths would weigh on every public page.

// ── The admin portal ──

export const ADMIN_PATH = "/admin";
export const ADMIN_RIDES_PATH = "/admin/rides";
export const ADMIN_HERO_PATH = "/admin/hero";
export const ADMIN_FEATURED_PATH = "/admin/featured";
export const ADMIN_CONTACT_PATH = "/admin/contact";
export const ADMIN_STATS_PATH = "/admin/stats";
export const ADMIN_TEAM_PATH = "/admin/team";
/** The riders directory (decision 040): every rider's account. */
export const ADMIN_RIDERS_PATH = "/admin/riders";
export const adminRiderHref = (riderId: string) => `${ADMIN_RIDERS_PATH}/${segment(riderId)}`;
/** An account's credit ledger. */
export const adminRiderCreditHref = (riderId: string) => `${adminRiderHref(riderId)}/credit`;
/** A bank statement's UPI credits matched to the bookings and marked received (docs/features/bank-statements.md). */
export const ADMIN_STATEMENT_PATH = "/admin/payments/statement";
export const ADMIN_REFUNDS_PATH = "/admin/payments/refunds";
/** An admin's own sign-in: where an owner or editor without a second factor is sent to enrol. */
export const ADMIN_ACCOUNT_PATH = "/admin/account";
/** Adding, removing and proving with passkeys from the account page. */
export const ADMIN_ACCOUNT_PASSKEYS_PATH = "/admin/account/passkeys";
/** The image upload endpoint of the admin's forms. */
export const ADMIN_IMAGES_PATH = "/admin/images";
/** The live updates' event stream (product.md#live-updates, decision 011). */
export const ADMIN_EVENTS_PATH = "/admin/events";
/** The featured-ride banner's preview window, outside the admin layout. */
export const ADMIN_FEATURED_PREVIEW_PATH = "/admin/featured/preview";

// Signing in and out, outside the admin layout (decision 012, decision 026).
export const ADMIN_LOGIN_PATH = "/admin/login";
export const ADMIN_LOGOUT_PATH = "/admin/logout";
export const ADMIN_GOOGLE_SIGN_IN_PATH = "/admin/auth/google";
export const ADMIN_GOOGLE_CALLBACK_PATH = "/admin/auth/google/callback";
export const ADMIN_PASSKEY_SIGN_IN_PATH = "/admin/auth/passkey";

/** An invitation's one-time link (decision 026): the invitee has no session yet. */
export function adminInviteHref(token: string): string {
  return `/admin/invite/${segment(token)}`;
}

const adminRide = (rideId: string) => `${ADMIN_RIDES_PATH}/${segment(rideId)}`;

/** The admin's pages of a ride's registrations (decision 022). */
export const ridersHref = (rideId: string) => `${adminRide(rideId)}/riders`;
export const ridersCsvHref = (rideId: string) => `${adminRide(rideId)}/riders.csv`;
export const checkInHref = (rideId: string) => `${adminRide(rideId)}/check-in`;
/** A ride's messages to its riders: broadcasts, their deliveries, the WhatsApp queue. */
export const rideMessagesHref = (rideId: string) => `${adminRide(rideId)}/messages`;

/** A ride's waiver, and the site's default (docs/features/waivers.md). */
export const rideWaiverHref = (rideId: string) => `${adminRide(rideId)}/waiver`;
export const ADMIN_WAIVER_PATH = "/admin/waiver";
/** A ride's gallery in the admin (docs/features/ride-photos.md). */
export const ridePhotosHref = (rideId: string) => `${adminRide(rideId)}/photos`;
/** Ride day (docs/features/ride-day.md): the pack a captain's phone takes offline, its sync, the emergency sheet. */
export const rideDayPackHref = (rideId: string) => `${adminRide(rideId)}/ride-day.json`;
export const rideDaySyncHref = (rideId: string) => `${adminRide(rideId)}/ride-day/sync`;
export const emergencySheetHref = (rideId: string) => `${adminRide(rideId)}/emergency`;

/** Riders' words on a ride, for their moderation (docs/features/ride-words.md). */
export const rideWordsHref = (rideId: string) => `${adminRide(rideId)}/words`;

/** Who leads a ride (decision 026). */
export const captainsHref = (rideId: string) => `${adminRide(rideId)}/captains`;

/** A ride's route page in the admin (decision 024). */
export const adminRouteHref = (rideId: string) => `${adminRide(rideId)}/route`;

/** Where the admin's route field posts a GPX file, named by its `name` query parameter. */
export const routeUploadHref = (rideId: string, fileName: string) =>
  `${adminRouteHref(rideId)}/gpx?${new URLSearchParams({ name: fileName })}`;

/** The contact information's Publishing & history page: a page of its own (decision 025). */
export const ADMIN_CONTACT_HISTORY_PATH = "/admin/contact/history";

/** The admin's Publishing & history page of a record (decision 025). */
export function publishingHref(collection: RevisionCollection, id: string): string {
  if (collection === "config") return ADMIN_CONTACT_HISTORY_PATH;
  return `/admin/publishing/${collection}/${segment(id)}`;
}
