import { describe, expect, it } from "vitest";
import type { Database } from "../db/schema.server";
import { MAX_BATCH, rideBatches } from "./ride-batches.server";

const db = {} as Database;

/** A decideAll that records each batch it is given and answers each request with its double, until `release`. */
function recorder() {
  const batches: { rideId: string; requests: number[] }[] = [];
  let release: () => void = () => {};
  let held = new Promise<void>((resolve) => (release = resolve));
  const decide = rideBatches(async (_db, rideId, requests: number[]) => {
    batches.push({ rideId, requests });
    await held;
    if (requests.includes(-1)) throw new Error("a request that breaks its batch");
    return requests.map((request) => request * 2);
  });
  return {
    batches,
    decide,
    release() {
      release();
      held = Promise.resolve();
    },
  };
}

describe("a ride's registrations decided in batches", () => {
  it("decides the first at once, and those that wait meanwhile together, each answered with its own result", async () => {
    const { batches, decide, release } = recorder();
    const first = decide(db, "ride", 1);
    const waiting = [2, 3, 4].map((n) => decide(db, "ride", n));
    release();
    expect(await first).toBe(2);
    expect(await Promise.all(waiting)).toEqual([4, 6, 8]);
    expect(batches).toEqual([
      { rideId: "ride", requests: [1] },
      { rideId: "ride", requests: [2, 3, 4] },
    ]);
  });

  it(`takes at most ${MAX_BATCH} in one batch`, async () => {
    const { batches, decide, release } = recorder();
    const all = Array.from({ length: 2 * MAX_BATCH + 2 }, (_, n) => decide(db, "ride", n));
    release();
    await Promise.all(all);
    expect(batches.map((batch) => batch.requests.length)).toEqual([1, MAX_BATCH, MAX_BATCH, 1]);
  });

  it("keeps each ride's queue apart", async () => {
    const { batches, decide, release } = recorder();
    const answers = Promise.all([decide(db, "a", 1), decide(db, "b", 2), decide(db, "a", 3)]);
    release();
    expect(await answers).toEqual([2, 4, 6]);
    expect(batches).toEqual([
      { rideId: "a", requests: [1] },
      { rideId: "b", requests: [2] },
      { rideId: "a", requests: [3] },
    ]);
  });

  it("decides each request of a failed batch again alone: only the one that breaks it fails", async () => {
    const { batches, decide, release } = recorder();
    const first = decide(db, "ride", 1);
    const waiting = [2, -1, 3].map((n) => decide(db, "ride", n).catch((error: Error) => error.message));
    release();
    await first;
    expect(await Promise.all(waiting)).toEqual([4, "a request that breaks its batch", 6]);
    expect(batches.slice(1).map((batch) => batch.requests)).toEqual([[2, -1, 3], [2], [-1], [3]]);
  });

  it("starts a new batch for a request that comes once the queue has emptied", async () => {
    const { batches, decide, release } = recorder();
    release();
    expect(await decide(db, "ride", 1)).toBe(2);
    expect(await decide(db, "ride", 2)).toBe(4);
    expect(batches.map((batch) => batch.requests)).toEqual([[1], [2]]);
  });
});
