// The ride-day service worker (docs/features/ride-day.md#on-the-phone), served at
// /admin/ride-day/sw.js so that its scope is that folder only: it controls the phone's ride-day
// pages and nothing else of the admin portal, and is apart from the public site's worker
// (app/sw/sw.ts, decision 023), which never answers for /admin.
//
// It keeps the ride-day page as last loaded online and the build's files that page loaded, so
// the page opens at once, without signal or on one that stalls. It never keeps the pack or the sync's answers (those are
// JSON the page reads and stores in IndexedDB) nor any other admin page. Sign-out deletes its
// cache and unregisters it (../components/store.ts).
// scripts/vite/ride-day-worker.ts bundles it into one script of its own.

import { RIDE_DAY_CACHE, RIDE_DAY_SCOPE, RIDE_DAY_WORKER_PATH } from "../domain/paths";

/** The build's hashed files: a name never changes content, so a kept copy is always right. */
const ASSETS = "/assets/";

// The service worker's own globals, which the DOM library the project compiles with lacks.
type WorkerEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = WorkerEvent & { request: Request; respondWith(response: Promise<Response>): void };
type WorkerScope = {
  location: Location;
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: WorkerEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
};
const worker = self as unknown as WorkerScope;

// Take over at once: the page that registered it opens the ride-day page next, which must be
// answered (and kept) by this worker.
worker.addEventListener("install", (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener("activate", (event) => event.waitUntil(worker.clients.claim()));

const OFFLINE_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Ride day</title><body style="font-family:system-ui,sans-serif;padding:1.5rem;max-width:32rem"><h1>This ride is not on this phone</h1><p>You are offline, and this ride's page was not opened on this phone while online. Connect, open the ride's Check-in page and choose "Take this ride offline".</p></body></html>`;

/**
 * Refreshes the kept copy from the network. A refusal (403: the captain's access ended) or a ride
 * that is gone (404) removes it; a sign-in screen or a redirect (a session that lapsed), an error
 * or no answer keeps it: the captain's ride stays readable until sign-out, refusal or expiry.
 */
async function refresh(request: Request, cache: Cache): Promise<Response> {
  const response = await fetch(request);
  if (response.status === 200 && response.type === "basic") await cache.put(request, response.clone());
  else if (response.status === 403 || response.status === 404) await cache.delete(request, { ignoreSearch: true });
  return response;
}

/**
 * The kept copy at once, refreshed from the network behind it: on a connection that connects but
 * stalls the captain still sees the ride at once (the page then draws it from the phone's store
 * and syncs). Without a kept copy, the network; offline, a page saying the ride is not here.
 */
async function page(event: FetchEvent): Promise<Response> {
  const { request } = event;
  const cache = await caches.open(RIDE_DAY_CACHE);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) {
    event.waitUntil(refresh(request, cache).catch(() => undefined));
    return kept;
  }
  try {
    return await refresh(request, cache);
  } catch {
    return new Response(OFFLINE_PAGE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}

async function asset(request: Request): Promise<Response> {
  const cache = await caches.open(RIDE_DAY_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.status === 200) await cache.put(request, response.clone());
  return response;
}

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== worker.location.origin) return;
  if (request.mode === "navigate" && url.pathname.startsWith(RIDE_DAY_SCOPE) && url.pathname !== RIDE_DAY_WORKER_PATH) {
    event.respondWith(page(event));
  } else if (url.pathname.startsWith(ASSETS)) {
    event.respondWith(asset(request));
  }
  // Anything else (the pack, the sync, other admin pages) goes to the network untouched.
});
