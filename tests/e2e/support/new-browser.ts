import type { Browser } from "@playwright/test";
import { guardContext } from "./fixtures.ts";

/**
 * A browser of its own (no cookie: another rider, a friend, the organiser), guarded like the
 * test's own; expect its `problems` to be empty at the end.
 */
export async function newBrowser(browser: Browser, baseURL: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  // An old booking link answers 404; a form sent back answers 400: the browser reports both in its console.
  const problems = await guardContext(context, [/status of (400|404)/]);
  return { page: await context.newPage(), context, problems };
}
