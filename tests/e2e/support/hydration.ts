import { expect, type Page } from "@playwright/test";

/**
 * Waits until React has hydrated the page: before that, buttons render but do nothing. It
 * polls from the test side, so it also works while page.clock holds the page's timers.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const main = document.querySelector("main");
        return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
      }),
    )
    .toBe(true);
}
