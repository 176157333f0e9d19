// What a Playwright worker stops when it ends (its own servers: own-server.ts), run by an
// automatic worker fixture of fixtures.ts. A registry rather than worker fixtures of each file's
// own: Playwright restarts a worker for every file whose worker fixtures differ (decision 055).

const steps = new Set<() => Promise<void>>();

/** Runs `step` when this worker ends; registering the same function twice runs it once. */
export function atWorkerEnd(step: () => Promise<void>): void {
  steps.add(step);
}

export async function endWorker(): Promise<void> {
  for (const step of steps) await step();
}
