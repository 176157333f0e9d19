import { readFileSync, statSync } from "node:fs";

/**
 * The one clock every time-dependent rule of the server reads: registration windows, sessions,
 * audit times, erasure, reminders, change notices, the outbox (docs/features/test-suite.md; a
 * sweep, clock.test.ts, finds any other reader of the machine's clock). It is the system's
 * clock, except when `TEST_CLOCK_FILE` names a file: its content, a number of milliseconds, is added to it,
 * so end-to-end tests move the server a week on by writing that file instead of sleeping.
 * The file is read again only when it changes.
 */
export type Clock = () => Date;

const file = process.env.TEST_CLOCK_FILE;
let offsetMs = 0;
let readAtMtime = -1;

function currentOffset(path: string): number {
  try {
    const mtime = statSync(path).mtimeMs;
    if (mtime !== readAtMtime) {
      readAtMtime = mtime;
      const value = Number(readFileSync(path, "utf8").trim());
      offsetMs = Number.isFinite(value) ? value : 0;
    }
  } catch {
    offsetMs = 0;
  }
  return offsetMs;
}

export const serverClock: Clock = file ? () => new Date(Date.now() + currentOffset(file)) : () => new Date();
