import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { OFFLINE_PATH } from "../domain/links";
import { WORKER_PARTS } from "~/features/slots/service-worker";
import type { WorkerEvent, WorkerScope } from "./worker-part";
import {
  SAVED_RIDE_CACHE_PREFIX,
  SAVED_RIDE_ENTRY,
  SCRIPTS_CACHE,
  isPrivatePath,
  photoIdentity,
  rideIdOfPath,
  savedRideCache,
} from "../domain/offline";

// The service worker of the public pages (decision 023), built by vite-plugin-pwa into
// /sw.js. Pages come from the network first; offline, a saved ride's copy answers, else the
// offline page. It never answers for the admin portal or a rider's private pages, never
// caches what they load, and keeps nothing the rider did not save but the build's styles and
// pictures, the offline and Saved rides pages, and the public pages' scripts.

type FetchEvent = WorkerEvent & { request: Request; clientId: string; respondWith(response: Promise<Response>): void };
const worker = self as unknown as WorkerScope;
type PrecacheEntries = { url: string; revision: string | null }[];

void worker.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
// Styles, SVG pictures, and the offline and Saved rides pages, as the build named them.
// The build writes the list where workbox finds the words `self.__WB_MANIFEST`.
// oxlint-disable-next-line eslint/no-underscore-dangle -- workbox's name for it
precacheAndRoute((self as unknown as { __WB_MANIFEST: PrecacheEntries }).__WB_MANIFEST);

const sameOrigin = (url: URL) => url.origin === worker.location.origin;

/** The saved rides' caches, newest name order aside: each holds one ride. */
async function savedCaches(): Promise<Cache[]> {
  const names = (await caches.keys()).filter((name) => name.startsWith(SAVED_RIDE_CACHE_PREFIX));
  return Promise.all(names.map((name) => caches.open(name)));
}

async function savedCopy(request: Request): Promise<Response | undefined> {
  for (const cache of await savedCaches()) {
    const found = await cache.match(request, { ignoreVary: true, ignoreSearch: true });
    if (found) return found;
  }
  return undefined;
}

/** Offline, a photo at any width answers with the width the ride was saved with. */
async function savedPhoto(url: URL): Promise<Response | undefined> {
  const identity = photoIdentity(url.pathname);
  if (!identity) return undefined;
  for (const cache of await savedCaches()) {
    for (const request of await cache.keys()) {
      if (photoIdentity(new URL(request.url).pathname) === identity) return cache.match(request);
    }
  }
  return undefined;
}

const REFRESH_EVERY_MS = 60 * 60 * 1000;
let lastRefresh = 0;
let missedNetwork = false;

/**
 * A page just came from the network: when the one before could not (online again), or at
 * most once an hour, every saved ride fetches its files anew. A file that fails (the ride is
 * gone, the network drops again) keeps its copy.
 */
async function refreshSavedRides(): Promise<void> {
  if (!missedNetwork && Date.now() - lastRefresh < REFRESH_EVERY_MS) return;
  missedNetwork = false;
  lastRefresh = Date.now();
  for (const cache of await savedCaches()) {
    for (const request of await cache.keys()) {
      if (new URL(request.url).pathname === SAVED_RIDE_ENTRY) continue;
      const response = await fetch(request.url, { cache: "no-cache" }).catch(() => null);
      if (response?.ok) await cache.put(request, response);
    }
  }
}

async function page(event: FetchEvent, url: URL): Promise<Response> {
  try {
    const response = await fetch(event.request);
    const rideId = rideIdOfPath(url.pathname);
    if (response.ok && rideId && (await caches.has(savedRideCache(rideId)))) {
      await (await caches.open(savedRideCache(rideId))).put(url.pathname, response.clone());
    }
    event.waitUntil(refreshSavedRides());
    return response;
  } catch {
    missedNetwork = true;
    return (await savedCopy(event.request)) ?? (await matchPrecache(OFFLINE_PATH)) ?? Response.error();
  }
}

async function file(event: FetchEvent, url: URL): Promise<Response> {
  try {
    return await fetch(event.request);
  } catch {
    const copy = (await savedCopy(event.request)) ?? (await savedPhoto(url));
    return copy ?? Response.error();
  }
}

// The build's scripts have hashed names and never change: kept once a public page loaded them.
const scripts = new CacheFirst({ cacheName: SCRIPTS_CACHE });
registerRoute(
  ({ url, request }) => sameOrigin(url) && url.pathname.startsWith("/assets/") && request.destination === "script",
  async (options) => {
    const client = await worker.clients.get((options.event as FetchEvent).clientId);
    // The portal's code stays out of the cache, as the portal does.
    if (client && isPrivatePath(new URL(client.url).pathname)) return fetch(options.request);
    return scripts.handle(options);
  },
);

// Everything else of the site's own GET requests, except what is private. Routes are tried in
// the order they were registered: the precache's first.
const ours = (url: URL, request: Request) =>
  request.method === "GET" && sameOrigin(url) && !isPrivatePath(url.pathname) && !url.pathname.startsWith("/assets/");
registerRoute(
  ({ url, request }) => ours(url, request) && request.mode === "navigate",
  ({ event, url }) => page(event as FetchEvent, url),
);
registerRoute(
  ({ url, request }) => ours(url, request),
  ({ event, url }) => file(event as FetchEvent, url),
);

// What the features add (app/features/slots/service-worker.ts): Web Push's notifications.
for (const part of WORKER_PARTS) part(worker);
