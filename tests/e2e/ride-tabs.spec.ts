import type { Page } from "@playwright/test";
import { SCROLL_OFFSET_PX } from "~/domain/constants";
import { expect, test } from "./support/admin-fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";
import { publicRide, ridePath } from "./support/ride-helpers.ts";

// product.md#ride-page: tabs Overview, Itinerary, Inclusions, Things to Carry, Policy scroll to their
// sections; the active tab follows scrolling with an offset of 200 px.

const tabs = (page: Page) => page.getByRole("navigation", { name: "Ride sections" }).getByRole("link");
const tab = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Ride sections" }).getByRole("link", { name, exact: true });
const currentTab = (page: Page) =>
  page.getByRole("navigation", { name: "Ride sections" }).locator('[aria-current="true"]');

/** Where the top of a section is, in CSS pixels from the top of the viewport. */
const sectionTop = (page: Page, id: string) =>
  page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, id);

/**
 * Where the top of a section is once the page has stopped scrolling (the same scrollY for a
 * few frames). A smooth scroll takes several hundred milliseconds; reading positions before it
 * ends measures a frame on the way, not where the visitor ends up.
 */
const settledSectionTop = (page: Page, id: string) =>
  page.evaluate(async (id) => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let lastY = Number.NaN;
    for (let stillFrames = 0; stillFrames < 5;) {
      await nextFrame();
      stillFrames = window.scrollY === lastY ? stillFrames + 1 : 0;
      lastY = window.scrollY;
    }
    return document.getElementById(id)!.getBoundingClientRect().top;
  }, id);

/** Scrolls the page at once so that the top of a section sits `top` pixels below the top of the viewport. */
async function scrollSectionTo(page: Page, id: string, top: number): Promise<void> {
  await page.evaluate(
    ({ id, top }) =>
      window.scrollBy({ top: document.getElementById(id)!.getBoundingClientRect().top - top, behavior: "instant" }),
    { id, top },
  );
}

test.describe("ride details: section tabs", () => {
  test.beforeEach(async ({ page, e2eDb }) => {
    await page.goto(ridePath(await publicRide(e2eDb, "Royal Rajasthan Desert Loop")));
    await waitForHydration(page);
  });

  test("lists the five sections and marks Overview current at the top of the page", async ({ page }) => {
    await expect(tabs(page)).toHaveText(["Overview", "Itinerary", "Inclusions", "Things to Carry", "Policy"]);
    await expect(currentTab(page)).toHaveText("Overview");
  });

  test("a tab scrolls its section to the top, below the sticky bars, and becomes current @mobile", async ({ page }) => {
    for (const [name, id] of [
      ["Inclusions", "inclusions"],
      ["Policy", "policy"],
      ["Itinerary", "itinerary"],
    ] as const) {
      await tab(page, name).click();
      await expect(currentTab(page)).toHaveText(name);
      // Not sectionTop: scrolling up (Policy to Itinerary) the section's top is already under
      // 200 px (far above the viewport) when the scroll starts, and the tab turns current
      // while the page is still moving, so both checks pass mid-scroll.
      await expect.poll(() => settledSectionTop(page, id)).toBeLessThanOrEqual(SCROLL_OFFSET_PX);
      // The heading is not hidden under the navigation or the tab bar.
      const tabBar = await page.getByRole("navigation", { name: "Ride sections" }).boundingBox();
      const heading = await page.locator(`#${id}-heading`).boundingBox();
      expect(heading!.y).toBeGreaterThanOrEqual(tabBar!.y + tabBar!.height);
      await expect(page.locator(`#${id}`)).toBeFocused();
    }
  });

  test("the current tab follows scrolling, switching when a section's top reaches 200 px", async ({ page }) => {
    await scrollSectionTo(page, "things-to-carry", SCROLL_OFFSET_PX + 1);
    await expect(currentTab(page)).toHaveText("Inclusions");
    await scrollSectionTo(page, "things-to-carry", SCROLL_OFFSET_PX);
    await expect(currentTab(page)).toHaveText("Things to Carry");
    await scrollSectionTo(page, "itinerary", SCROLL_OFFSET_PX - 50);
    await expect(currentTab(page)).toHaveText("Itinerary");
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expect(currentTab(page)).toHaveText("Overview");
  });

  test("the tab bar stays under the navigation while the page scrolls", async ({ page }) => {
    const before = await page.getByRole("navigation", { name: "Ride sections" }).boundingBox();
    await scrollSectionTo(page, "policy", 150);
    const bar = await page.getByRole("navigation", { name: "Ride sections" }).boundingBox();
    const siteNav = await page.getByRole("banner").first().boundingBox();
    expect(before!.y).toBeGreaterThan(siteNav!.height);
    // Under the navigation's bottom border, which overlaps it by that 1 px line.
    expect(Math.abs(bar!.y - (siteNav!.y + siteNav!.height))).toBeLessThanOrEqual(1);
  });

  test("scrolls smoothly by default", async ({ page }) => {
    // Right after the click a smooth scroll has only begun.
    const topRightAfterClick = await page.evaluate(() => {
      document.querySelector<HTMLAnchorElement>('a[href="#policy"]')!.click();
      return document.getElementById("policy")!.getBoundingClientRect().top;
    });
    expect(topRightAfterClick).toBeGreaterThan(SCROLL_OFFSET_PX);
    await expect.poll(() => sectionTop(page, "policy")).toBeLessThanOrEqual(SCROLL_OFFSET_PX);
  });

  test("jumps at once for visitors who prefer reduced motion", async ({ page, e2eDb }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(ridePath(await publicRide(e2eDb, "Royal Rajasthan Desert Loop")));
    await waitForHydration(page);
    const topRightAfterClick = await page.evaluate(() => {
      document.querySelector<HTMLAnchorElement>('a[href="#policy"]')!.click();
      return document.getElementById("policy")!.getBoundingClientRect().top;
    });
    expect(topRightAfterClick).toBeLessThanOrEqual(SCROLL_OFFSET_PX);
    expect(topRightAfterClick).toBeGreaterThan(0);
  });
});
