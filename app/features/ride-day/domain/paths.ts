import { ADMIN_RIDES_PATH } from "~/domain/admin-links";

// Where ride day lives (docs/features/ride-day.md). The phone's page and its service worker sit
// under a folder of their own, which is the worker's whole scope: no other admin page is ever
// answered or kept by it, and the public site's worker never answers for /admin.

export const RIDE_DAY_SCOPE = "/admin/ride-day/";
export const RIDE_DAY_WORKER_PATH = `${RIDE_DAY_SCOPE}sw.js`;
/** The worker's one cache: the ride-day page and the build's files it loads; sign-out deletes it. */
export const RIDE_DAY_CACHE = "roadbook-ride-day";

/** The phone's page of a ride, which opens offline from the pack stored on the phone. */
export const rideDayHref = (rideId: string) => `${RIDE_DAY_SCOPE}${encodeURIComponent(rideId)}`;

const adminRide = (rideId: string) => `${ADMIN_RIDES_PATH}/${encodeURIComponent(rideId)}`;
/** The server's pack of a ride (JSON, never cached) and where the phone sends its queued changes. */
export const rideDayPackHref = (rideId: string) => `${adminRide(rideId)}/ride-day.json`;
export const rideDaySyncHref = (rideId: string) => `${adminRide(rideId)}/ride-day/sync`;
/** The printable emergency sheet for the support vehicle. */
export const emergencySheetHref = (rideId: string) => `${adminRide(rideId)}/emergency`;
