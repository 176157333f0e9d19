import { BOOKING_PATH } from "./links";
import { ADMIN_PATH } from "./admin-links";

// What the service worker and the pages agree on (decision 023): the caches of saved rides,
// the pages that work offline (OFFLINE_PATH and SAVED_RIDES_PATH, in links.ts), and the paths
// that are never cached.

/** One cache per saved ride, so a ride's size is its cache's and removing it is one delete. */
export const SAVED_RIDE_CACHE_PREFIX = "saved-ride:";

/** The build's scripts (hashed names, never changed) that public pages loaded. */
export const SCRIPTS_CACHE = "scripts";

/** Kept in each saved ride's cache beside its files: what the Saved rides page lists. */
export const SAVED_RIDE_ENTRY = "/saved-ride.json";

export type SavedRideEntry = { id: string; title: string; dates: string; path: string; savedAt: string };

export function savedRideCache(rideId: string): string {
  return `${SAVED_RIDE_CACHE_PREFIX}${rideId}`;
}

export function rideIdOfCache(cacheName: string): string | null {
  return cacheName.startsWith(SAVED_RIDE_CACHE_PREFIX) ? cacheName.slice(SAVED_RIDE_CACHE_PREFIX.length) : null;
}

/**
 * Paths the service worker leaves alone, never cached: the admin portal, a rider's private
 * booking page (its token is its only key, its content personal), the registration form.
 */
export function isPrivatePath(pathname: string): boolean {
  return (
    pathname === ADMIN_PATH ||
    pathname.startsWith(`${ADMIN_PATH}/`) ||
    pathname.startsWith(BOOKING_PATH) ||
    /^\/ride\/[^/]+\/register\/?$/.test(pathname)
  );
}

/** The ride a saved ride's page path names: /ride/{id} → id. */
export function rideIdOfPath(pathname: string): string | null {
  const match = /^\/ride\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}

/**
 * The one file a photo's URL names, whatever its width: /images/w480/k and /images/k are one
 * photo, as are /images/demo/spiti-800.webp and /images/demo/spiti.webp. A saved ride keeps one
 * width; offline, a request for another width gets that one.
 */
export function photoIdentity(pathname: string): string | null {
  const demo = /^\/images\/demo\/([a-z0-9-]+?)(?:-800)?\.webp$/.exec(pathname);
  if (demo) return `demo/${demo[1]}`;
  const upload = /^\/images\/(?:w\d+\/)?(.+)$/.exec(pathname);
  return upload ? upload[1]! : null;
}

/** A size for people: '2.4 MB', '380 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
