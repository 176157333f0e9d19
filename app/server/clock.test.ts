import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One clock (clock.server.ts): every time-dependent rule reads serverClock, which TEST_CLOCK_FILE
// moves, so an end-to-end test that moves the server a week on moves all of it. A direct
// `new Date()` or `Date.now()` reads the machine's clock instead; it is allowed only here, for a
// reason that is not a rule of the site.

const ROOT = path.resolve(import.meta.dirname, "../..");
const SWEPT = ["app", "server"];

/** Files that may read the machine's clock, and why. */
const ALLOWED: Record<string, string> = {
  "app/server/clock.server.ts": "the clock itself",
  "app/sw/sw.ts": "the visitor's service worker runs on their phone: the phone's clock",
  "app/features/ride-day/components/store.ts": "runs on the captain's phone, offline: the phone's clock",
  "app/features/ride-day/components/use-ride-day.ts": "runs on the captain's phone, offline: the phone's clock",
  "app/components/rider-pocket/ride-pack.ts": "runs in the rider's browser: when they saved the ride",
  "app/server/db/database.server.ts": "how long to wait for a busy SQLite: elapsed time, not a date",
  "app/server/backup/sqlite-backup.server.ts": "when a backup was really made: the operator's record",
};

const DIRECT = /new Date\(\)|Date\.now\(\)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

describe("one clock", () => {
  const readers = SWEPT.flatMap(sourceFiles).flatMap((file) =>
    readFileSync(path.join(ROOT, file), "utf8")
      .split("\n")
      .flatMap((line, index) => (DIRECT.test(line) ? [{ file, line: `${file}:${index + 1}: ${line.trim()}` }] : [])),
  );

  it("no rule reads the machine's clock directly: new Date() and Date.now() only where allowed", () => {
    expect(readers.filter(({ file }) => !(file in ALLOWED)).map(({ line }) => line)).toEqual([]);
  });

  it("every allowed file still reads the machine's clock (the list holds no stale reason)", () => {
    const reading = new Set(readers.map(({ file }) => file));
    expect(Object.keys(ALLOWED).filter((file) => !reading.has(file))).toEqual([]);
  });
});
