import { mkdtempSync, writeFileSync } from "node:fs";
import path from "node:path";
import { runDir } from "./run-dir.ts";

export type TestClock = {
  /** The file to give a server as TEST_CLOCK_FILE (app/server/clock.server.ts). */
  file: string;
  /** Moves every server reading the file to `offsetMs` past the real clock. */
  set(offsetMs: number): void;
};

/**
 * A clock for the servers a spec starts: they read `file`, the spec moves them by writing it
 * rather than waiting for a time to come. It lives in the run's directory, removed with it.
 */
export function testClock(offsetMs = 0): TestClock {
  const file = path.join(mkdtempSync(path.join(runDir(), "clock-")), "offset-ms");
  const set = (offset: number) => writeFileSync(file, String(offset));
  set(offsetMs);
  return { file, set };
}
