import { type DBSchema, type IDBPDatabase, deleteDB, openDB } from "idb";
import { type RideDayConflict, isExpired, mergeSync, nothingWaiting } from "~/features/ride-day/domain/offline-ops";
import {
  RIDE_DAY_SYNC_MAX_OPS,
  type RideDayOp,
  type RideDayPack,
  type RideDaySyncResponse,
} from "~/features/ride-day/domain/pack";
import { RIDE_DAY_CACHE, RIDE_DAY_SCOPE, rideDayPackHref, rideDaySyncHref } from "~/features/ride-day/domain/paths";

// The phone's ride-day store (docs/features/ride-day.md#on-the-phone), in the browser only:
// IndexedDB holds, per ride, the pack the server gave, the changes made since and not yet
// synced, and the conflicts the captain has not dismissed. One record per ride, so a change and
// a sync's merge each rewrite it in one transaction.

export const RIDE_DAY_DB = "roadbook-ride-day";

export type HeldRide = { pack: RideDayPack; queue: RideDayOp[]; conflicts: RideDayConflict[] };

interface RideDaySchema extends DBSchema {
  rides: { key: string; value: HeldRide };
}

/**
 * Opened for each use and closed after, so nothing holds the database open when sign-out
 * deletes it from another tab.
 */
async function withDb<T>(work: (db: IDBPDatabase<RideDaySchema>) => Promise<T>): Promise<T> {
  const db = await openDB<RideDaySchema>(RIDE_DAY_DB, 1, {
    upgrade(database) {
      database.createObjectStore("rides");
    },
  });
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

/**
 * The ride as held, or undefined. An expired pack is deleted instead of returned, unless changes
 * are still waiting to be sent or conflicts to be read: those outlive expiry until sent (or
 * read) or discarded (the page shows only them then).
 */
export async function heldRide(rideId: string, now = new Date()): Promise<HeldRide | undefined> {
  const held = await withDb((db) => db.get("rides", rideId));
  if (held && isExpired(held.pack, now) && nothingWaiting(held)) {
    await forgetRide(rideId);
    return undefined;
  }
  return held;
}

/** A fresh pack replaces the stored one; the changes still waiting and the conflicts stay. */
export async function storePack(pack: RideDayPack): Promise<void> {
  await withDb(async (db) => {
    const tx = db.transaction("rides", "readwrite");
    const held = await tx.store.get(pack.rideId);
    await tx.store.put({ pack, queue: held?.queue ?? [], conflicts: held?.conflicts ?? [] }, pack.rideId);
    await tx.done;
  });
}

export async function queueOp(rideId: string, op: RideDayOp): Promise<HeldRide | undefined> {
  return update(rideId, (held) => ({ ...held, queue: [...held.queue, op] }));
}

export async function dismissConflict(rideId: string, id: string): Promise<HeldRide | undefined> {
  return update(rideId, (held) => ({ ...held, conflicts: held.conflicts.filter((conflict) => conflict.id !== id) }));
}

async function update(rideId: string, change: (held: HeldRide) => HeldRide): Promise<HeldRide | undefined> {
  return withDb(async (db) => {
    const tx = db.transaction("rides", "readwrite");
    const held = await tx.store.get(rideId);
    const next = held ? change(held) : undefined;
    if (next) await tx.store.put(next, rideId);
    await tx.done;
    return next;
  });
}

export async function forgetRide(rideId: string): Promise<void> {
  await withDb((db) => db.delete("rides", rideId));
}

/** Access ended (403) or the ride is gone (404): the phone keeps nothing of it. */
function accessEnded(status: number): boolean {
  return status === 403 || status === 404;
}

async function errorOf(response: Response, fallback: string): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  return typeof body === "object" && body !== null && "error" in body && typeof body.error === "string"
    ? body.error
    : fallback;
}

export type TakeResult = { ok: true } | { ok: false; message: string };

/** Fetches the ride's pack from the server and stores it on the phone. */
export async function takeRideOffline(rideId: string): Promise<TakeResult> {
  let response: Response;
  try {
    response = await fetch(rideDayPackHref(rideId), { headers: { Accept: "application/json" } });
  } catch {
    return { ok: false, message: "Could not reach the server: check your connection and try again." };
  }
  if (accessEnded(response.status)) await forgetRide(rideId);
  if (!response.ok) {
    return { ok: false, message: await errorOf(response, `The server refused the ride's pack (${response.status}).`) };
  }
  await storePack((await response.json()) as RideDayPack);
  return { ok: true };
}

/** How long a sync may take before the phone gives up on a connection that stalls (and may try again). */
const SYNC_TIMEOUT_MS = 30_000;

export type SyncResult =
  | { kind: "synced"; held: HeldRide }
  | { kind: "offline" }
  | { kind: "signed-out" }
  | { kind: "gone"; message: string }
  | { kind: "failed"; message: string };

/**
 * Sends the queued changes (none: just a fresh pack), at most RIDE_DAY_SYNC_MAX_OPS a request and
 * oldest first, and merges each answer. Each change carries its id, so sending one twice (an
 * answer lost on the way back) applies it once.
 */
export async function syncRide(rideId: string, now = () => new Date()): Promise<SyncResult> {
  for (;;) {
    const held = await heldRide(rideId, now());
    if (!held) return { kind: "gone", message: "This ride is no longer on this phone." };
    let response: Response;
    try {
      response = await fetch(rideDaySyncHref(rideId), {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ ops: held.queue.slice(0, RIDE_DAY_SYNC_MAX_OPS) }),
        signal: AbortSignal.timeout(SYNC_TIMEOUT_MS),
      });
    } catch {
      return { kind: "offline" };
    }
    // The session ended: the ride and its changes wait for the captain to sign in again.
    if (response.status === 401) return { kind: "signed-out" };
    if (accessEnded(response.status)) {
      await forgetRide(rideId);
      return { kind: "gone", message: await errorOf(response, "You no longer have access to this ride.") };
    }
    if (!response.ok) {
      return { kind: "failed", message: await errorOf(response, `The sync failed (${response.status}); try again.`) };
    }
    const answer = (await response.json()) as RideDaySyncResponse;
    const merged = await update(rideId, (current) => mergeSync(current, answer));
    if (!merged) return { kind: "gone", message: "This ride is no longer on this phone." };
    // An expired pack stayed only for what was waiting: once all is sent and read, it goes.
    if (isExpired(merged.pack, now()) && nothingWaiting(merged)) {
      await forgetRide(rideId);
      return { kind: "gone", message: "Every change was sent. This ride's pack has expired." };
    }
    // The rest of a long queue next; an answer that settled nothing ends the round.
    const sentAll = held.queue.length <= RIDE_DAY_SYNC_MAX_OPS;
    if (sentAll || merged.queue.length >= held.queue.length) return { kind: "synced", held: merged };
  }
}

/**
 * Sign-out: every pack, queued change and conflict, the worker's cache and the worker itself
 * leave the phone.
 */
export async function forgetAllRideDays(): Promise<void> {
  await Promise.all([
    deleteDB(RIDE_DAY_DB),
    "caches" in window ? caches.delete(RIDE_DAY_CACHE) : undefined,
    "serviceWorker" in navigator
      ? navigator.serviceWorker
          .getRegistrations()
          .then((registrations) =>
            Promise.all(
              registrations
                .filter((registration) => new URL(registration.scope).pathname === RIDE_DAY_SCOPE)
                .map((registration) => registration.unregister()),
            ),
          )
      : undefined,
  ]);
}
