import { expect, type Page } from "@playwright/test";

/**
 * Brings the page to the state its tests act on: the application hydrated (an admin page), or
 * every island of a content page hydrated. Since decision 057 a content page hydrates nothing at
 * load, so this points at each island as a visitor reaching for it would (a `pointerover` on it,
 * which makes an island of any strategy due, without scrolling the page), then waits. When each
 * hydrates by itself is `tests/e2e/islands.spec.ts`'s to check. It polls from the test side, so
 * it also works while page.clock holds the page's timers.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const islands = [...document.querySelectorAll<HTMLElement>("rb-island[data-island]")];
        if (islands.length > 0) {
          for (const island of islands.filter((island) => !island.hasAttribute("data-hydrated"))) {
            (island.firstElementChild ?? island).dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
          }
          return islands.every((island) => island.hasAttribute("data-hydrated"));
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
