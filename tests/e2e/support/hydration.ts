import { expect, type Page } from "@playwright/test";

/**
 * Brings the page to the state its tests act on: the application hydrated (an admin page), or
 * every island of a content page hydrated but those that wait to be scrolled to. Since decision
 * 057 a content page hydrates nothing at load, so this points at each island as a visitor
 * reaching for it would (a `pointerover` on it; those due at load hydrate by themselves), then
 * waits. It polls from the test side, so it also works while page.clock holds the page's timers.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const islands = [...document.querySelectorAll<HTMLElement>("rb-island[data-island]")];
        if (islands.length > 0) {
          const due = islands.filter((island) => island.dataset.hydrate !== "visible");
          for (const island of due.filter((island) => !island.hasAttribute("data-hydrated"))) {
            (island.firstElementChild ?? island).dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
          }
          return due.every((island) => island.hasAttribute("data-hydrated"));
        }
        const main = document.querySelector("main");
        return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
      }),
    )
    .toBe(true);
}

/**
 * Points at the first island of `name` (a `pointerover` on it, as a visitor's pointer would)
 * and waits until it has hydrated, whatever its strategy.
 */
export async function hydrateIsland(page: Page, name: string): Promise<void> {
  const island = page.locator(`rb-island[data-island="${name}"]`).first();
  await island.evaluate((element) =>
    (element.firstElementChild ?? element).dispatchEvent(new PointerEvent("pointerover", { bubbles: true })),
  );
  await expect(island).toHaveAttribute("data-hydrated");
}
