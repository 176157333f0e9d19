/** A job a running server repeats; stop() before the database it uses closes. */
export type PeriodicJob = {
  /** No more runs; resolves once a run under way has finished. */
  stop(): Promise<void>;
};

/**
 * Runs `job` now and then every `intervalMs`, one run at a time: a tick that finds a run under
 * way joins it instead of starting a second. Never throws: a failed run goes to `failed` and
 * the job runs again at the next tick. The timer does not keep the process alive.
 */
export function runPeriodically(
  intervalMs: number,
  job: () => Promise<void>,
  failed: (error: unknown) => void,
): PeriodicJob {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= job()
      .catch(failed)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
