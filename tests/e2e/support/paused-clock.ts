import type { Page } from "@playwright/test";

/**
 * Takes over the page's timers and stops time, so only page.clock.runFor() moves it: an
 * installed clock otherwise keeps running in real time, and a slow machine would let a
 * timer fire while the test is still looking.
 */
export async function pauseClock(page: Page): Promise<void> {
  const start = new Date("2026-11-22T04:30:00Z").getTime();
  await page.clock.install({ time: start });
  // Some time of the installed clock passes before the pause; a minute later is surely ahead.
  // Called before the page loads, so no page timer is due in that minute.
  await page.clock.pauseAt(start + 60_000);
}
