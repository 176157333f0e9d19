import { expect, type Page } from "@playwright/test";

/**
 * Waits until React has hydrated the page: before that, buttons render but do nothing. On a
 * content page that is every island due at load (those due when visible hydrate as they are
 * scrolled to); on an admin page, the application. It polls from the test side, so it also
 * works while page.clock holds the page's timers.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const islands = [...document.querySelectorAll<HTMLElement>("rb-island[data-island]")];
        if (islands.length > 0) {
          return islands.every(
            (island) => island.dataset.hydrate === "visible" || island.hasAttribute("data-hydrated"),
          );
        }
        const main = document.querySelector("main");
        return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
      }),
    )
    .toBe(true);
}
