import { describe, expect, it } from "vitest";
import { createTurns } from "./turns.server";

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("createTurns", () => {
  it("runs at most `limit` tasks at once and starts the next as one finishes, in order", async () => {
    const inTurn = createTurns(2);
    const tasks = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const done = tasks.map((task, index) =>
      inTurn(async () => {
        started.push(index);
        await task.promise;
        return index;
      }),
    );
    // Observed from the start, so the task that fails is never an unhandled rejection.
    const outcomes = Promise.allSettled(done);
    await settle();
    expect(started).toEqual([0, 1]);
    tasks[1]!.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    tasks[0]!.reject(new Error("failed"));
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    tasks[2]!.resolve();
    tasks[3]!.resolve();
    expect(await outcomes).toMatchObject([{ status: "rejected" }, { value: 1 }, { value: 2 }, { value: 3 }]);
  });

  it("frees its slots again once everything has finished", async () => {
    const inTurn = createTurns(1);
    await inTurn(async () => "first");
    const started: string[] = [];
    await Promise.all(["a", "b"].map((name) => inTurn(async () => started.push(name))));
    expect(started).toEqual(["a", "b"]);
  });
});
