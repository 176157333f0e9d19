// The blocking time a public page's scripts add on a slow phone, measured in the browser itself
// (issue 39): Chromium's CPU slowed 4× (DevTools' throttling, as a cheap Android phone), the Long
// Tasks API from the navigation's start for WINDOW_MS, each task's time over 50 ms summed (the
// definition of total blocking time, without the wait for quiet that Lighthouse adds). Lighthouse
// simulates a phone from an unthrottled trace and cannot see a 50 ms budget on this machine:
// this is the budget's figure (decision 017, note of 2026-11-28).
import { type Browser, chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../tests/support/chromium.ts";
import type { BlockingPair } from "./page-budgets.ts";

/** How slow the phone is: DevTools' "4× slowdown". */
export const CPU_SLOWDOWN = 4;
/** How long after the navigation's start the tasks are counted. */
export const WINDOW_MS = 6_000;
const LONG_TASK_MS = 50;

/** Records every long task from the document's start, before any of the page's scripts runs. */
const RECORD_LONG_TASKS = `
  window.roadbookLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.roadbookLongTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: "longtask", buffered: true });
`;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
}

/** The sum of each long task's time over 50 ms in the window: one load of the page, cold. */
export async function blockingTime(
  browser: Browser,
  url: string,
  { withoutScripts = false, headers }: { withoutScripts?: boolean; headers?: Record<string, string> } = {},
): Promise<number> {
  // A new context each time: a cold cache and no service worker, as on a first visit.
  const context = await browser.newContext({ extraHTTPHeaders: headers, serviceWorkers: "block" });
  try {
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    if (withoutScripts) await page.route("**/*.js", (route) => route.abort());
    await page.addInitScript(RECORD_LONG_TASKS);
    await page.goto(url, { waitUntil: "load" });
    const elapsed = await page.evaluate(() => performance.now());
    if (elapsed < WINDOW_MS) await page.waitForTimeout(WINDOW_MS - elapsed);
    const tasks = await page.evaluate(
      () => (window as unknown as { roadbookLongTasks: [number, number][] }).roadbookLongTasks,
    );
    return tasks
      .filter(([start]) => start < WINDOW_MS)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - LONG_TASK_MS), 0);
  } finally {
    await context.close();
  }
}

/** `pairs` loads of the page as shipped and with every `*.js` blocked, alternately, in one browser. */
export async function blockingPairs(
  browser: Browser,
  url: string,
  pairs: number,
  headers?: Record<string, string>,
): Promise<BlockingPair[]> {
  const measured: BlockingPair[] = [];
  for (let index = 0; index < pairs; index += 1) {
    const shippedMs = await blockingTime(browser, url, { headers });
    const blockedMs = await blockingTime(browser, url, { headers, withoutScripts: true });
    measured.push({ shippedMs, blockedMs });
  }
  return measured;
}
