import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { runPeriodically } from "./periodic-job.server";

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("runPeriodically", () => {
  it("runs at once and at every interval, one run at a time; stop waits for the run under way", async () => {
    let runs = 0;
    let finish = () => {};
    const job = () =>
      new Promise<void>((resolve) => {
        runs += 1;
        finish = resolve;
      });
    const periodic = runPeriodically(1000, job, () => {});
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    let stopped = false;
    const stopping = periodic.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });

  it("gives a failed run to `failed` and runs again at the next tick", async () => {
    const failures: unknown[] = [];
    let runs = 0;
    const periodic = runPeriodically(
      1000,
      () => {
        runs += 1;
        return Promise.reject(new Error(`run ${runs}`));
      },
      (error) => failures.push(error),
    );
    await vi.advanceTimersByTimeAsync(1000);
    await periodic.stop();
    expect(runs).toBe(2);
    expect(failures.map((error) => (error as Error).message)).toEqual(["run 1", "run 2"]);
  });
});
