import {
  SAVED_RIDE_CACHE_PREFIX,
  SAVED_RIDE_ENTRY,
  SCRIPTS_CACHE,
  type SavedRideEntry,
  rideIdOfCache,
  savedRideCache,
} from "~/domain/offline";
import { rideHref } from "~/domain/links";

// A ride kept for the road (decision 023): its page, its photos at one phone width, the files
// it links to (calendar, GPX) and a note of what it is, in a cache of its own. The page
// saves it from the browser; the service worker answers from it offline and refreshes it online.

/** Phones are about 400 CSS pixels wide at 2× or more: the first photo file at least this wide. */
const PHONE_PHOTO_WIDTH = 800;

export function canKeepRides(): boolean {
  return typeof caches !== "undefined" && "serviceWorker" in navigator;
}

/** From an <img>: the srcset's first candidate at least a phone's width wide, else its widest, else src. */
export function phonePhoto(image: HTMLImageElement): string {
  const candidates = image.srcset
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/))
    .map(([url, width]) => ({ url: url!, width: Number.parseInt(width ?? "", 10) || 0 }))
    .filter((candidate) => candidate.url)
    .sort((a, b) => a.width - b.width);
  const chosen = candidates.find((candidate) => candidate.width >= PHONE_PHOTO_WIDTH) ?? candidates.at(-1);
  return chosen?.url ?? image.getAttribute("src") ?? "";
}

/** What a saved ride keeps, read from its page as the rider sees it (similar rides left out). */
export function rideFiles(rideId: string, page: ParentNode = document): string[] {
  const article = page.querySelector("article") ?? page;
  const similar = article.querySelector('[aria-labelledby="similar-rides-heading"]');
  const inRide = (element: Element) => !similar?.contains(element);
  const photos = [...article.querySelectorAll("img")].filter(inRide).map(phonePhoto);
  const files = [...article.querySelectorAll<HTMLAnchorElement>('a[href$=".ics"], a[href*="/gpx/"]')]
    .filter(inRide)
    .map((link) => link.getAttribute("href") ?? "");
  const sameOrigin = (url: string) => new URL(url, location.href).origin === location.origin;
  return [...new Set([rideHref(rideId), ...photos, ...files])].filter((url) => url && sameOrigin(url));
}

/**
 * The build's scripts this page loaded: the page was fetched before the service worker took
 * it over, so they are kept now, for its islands (and the Saved rides page's) to work offline.
 */
function loadedScripts(): string[] {
  return performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter(
      (url) => url.origin === location.origin && url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"),
    )
    .map((url) => url.pathname);
}

/** Saves the ride: every file or none (a failed download leaves no half-saved ride). */
export async function keepRide(entry: Omit<SavedRideEntry, "savedAt">, files: string[]): Promise<void> {
  const name = savedRideCache(entry.id);
  const cache = await caches.open(name);
  try {
    await cache.addAll(files);
    await (await caches.open(SCRIPTS_CACHE)).addAll(loadedScripts());
    const saved: SavedRideEntry = { ...entry, savedAt: new Date().toISOString() };
    await cache.put(
      SAVED_RIDE_ENTRY,
      new Response(JSON.stringify(saved), { headers: { "Content-Type": "application/json" } }),
    );
  } catch (error) {
    await caches.delete(name);
    throw error;
  }
}

export function forgetRide(rideId: string): Promise<boolean> {
  return caches.delete(savedRideCache(rideId));
}

async function cacheSize(cache: Cache): Promise<number> {
  let bytes = 0;
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (response) bytes += (await response.blob()).size;
  }
  return bytes;
}

export type KeptRide = SavedRideEntry & { bytes: number };

export async function keptRide(rideId: string): Promise<KeptRide | null> {
  if (!(await caches.has(savedRideCache(rideId)))) return null;
  const cache = await caches.open(savedRideCache(rideId));
  const entry = await cache.match(SAVED_RIDE_ENTRY);
  if (!entry) return null;
  return { ...((await entry.json()) as SavedRideEntry), bytes: await cacheSize(cache) };
}

/** Every saved ride, newest first. */
export async function keptRides(): Promise<KeptRide[]> {
  const ids = (await caches.keys())
    .filter((name) => name.startsWith(SAVED_RIDE_CACHE_PREFIX))
    .map((name) => rideIdOfCache(name)!);
  const rides = await Promise.all(ids.map(keptRide));
  return rides.filter((ride) => ride !== null).sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}
