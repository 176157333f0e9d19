import type { Database } from "../db/schema.server";

// Group commit for a ride's seats (decision 058). In a booking rush every registration waits
// for the ride's lock; taken once per registration, the lock passes from transaction to
// transaction (and instance to instance) hundreds of times, each hand-over waiting on a busy
// event loop, and nobody is answered until nearly everybody is. Here the registrations waiting
// for one ride in this process are decided together: one transaction, one lock, each rider
// answered as soon as their batch commits. The first rider of a quiet ride is a batch of one.

/** The most registrations one transaction decides: a batch holds the lock only so long. */
export const MAX_BATCH = 25;

type Waiting<Request, Result> = { request: Request; resolve(result: Result): void; reject(error: unknown): void };

/**
 * A function that decides `request` with the other requests for the same ride waiting in this
 * process. `decideAll` decides a batch in one transaction and returns each request's result in
 * order. When a batch fails as a whole (a request that breaks it, a lost connection), each of its
 * requests is decided again alone, so one rider's failure is never another's.
 */
export function rideBatches<Request, Result>(
  decideAll: (db: Database, rideId: string, requests: Request[]) => Promise<Result[]>,
): (db: Database, rideId: string, request: Request) => Promise<Result> {
  const queues = new WeakMap<Database, Map<string, Waiting<Request, Result>[]>>();

  async function decide(db: Database, rideId: string, batch: Waiting<Request, Result>[]): Promise<void> {
    try {
      const results = await decideAll(
        db,
        rideId,
        batch.map((each) => each.request),
      );
      batch.forEach((each, index) => each.resolve(results[index]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const each of batch) await decide(db, rideId, [each]);
    }
  }

  /** Decides the ride's waiting requests, a batch at a time, until none is left. */
  async function lead(db: Database, rideId: string, rides: Map<string, Waiting<Request, Result>[]>): Promise<void> {
    const waiting = rides.get(rideId)!;
    while (waiting.length > 0) await decide(db, rideId, waiting.splice(0, MAX_BATCH));
    rides.delete(rideId);
  }

  return (db, rideId, request) =>
    new Promise<Result>((resolve, reject) => {
      let rides = queues.get(db);
      if (!rides) queues.set(db, (rides = new Map()));
      const waiting = rides.get(rideId);
      // A batch under way for this ride: the next one takes this request.
      if (waiting) return void waiting.push({ request, resolve, reject });
      rides.set(rideId, [{ request, resolve, reject }]);
      void lead(db, rideId, rides);
    });
}
