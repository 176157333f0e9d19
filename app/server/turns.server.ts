/**
 * Runs at most `limit` tasks at once; the others wait their turn, first come first served.
 * Image processing uses it so a burst of uploads cannot exhaust memory or CPU, the outbox so a
 * batch of mail goes out a few at once; with a limit of 1 it is a mutex (one task at a time), so
 * no module needs a lock of its own.
 */
export function createTurns(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
