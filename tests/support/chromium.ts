// The one Chromium the end-to-end tests (playwright.config.ts) and the Lighthouse benchmark
// (scripts/bench-web.ts) drive: Debian's, never a downloaded browser, started the same way so a
// benchmark measures the browser the tests exercise. Plain constants: playwright.config.ts and
// the scripts load this file without the app's path aliases.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Headless, no sandbox (the tests and benchmarks run in containers, often as root), and none of
 * the browser's own traffic (updates, sync, QUIC probes) to disturb timings or the servers under test.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
