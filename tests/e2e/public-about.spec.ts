import { ABOUT_ICON_ANIMATION_MS, ABOUT_ICON_INTERVAL_MS } from "~/domain/constants";
import { expect, test } from "./support/fixtures.ts";
import type { Page } from "@playwright/test";

// The About page (product.md#about-page) and its icon timings (#timings). Static content: the shared server will do.

test.describe("About", () => {
  test("has the hero, What We Do, Why Join Us with its three reasons, and the calls to action", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: "Turn Your Weekends Into Adventures" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "What We Do" })).toBeVisible();
    const why = page.getByRole("region", { name: "Why Join Us" });
    for (const reason of ["Experience Adventures", "Build Connections", "Create Memories"]) {
      await expect(why.getByRole("heading", { level: 3, name: reason })).toBeVisible();
    }
    await expect(page.getByRole("main").getByRole("link", { name: "View Upcoming Rides" })).toHaveAttribute(
      "href",
      "/upcoming",
    );
    await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  });

  // CSS animations (decision 057): the icons' animations are read at chosen times through the
  // Web Animations API, paused, rather than waited for.
  const iconsAt = (page: Page, ms: number) =>
    page.getByTestId("vehicle-icon").evaluate((icon, at) => {
      for (const animation of icon.getAnimations({ subtree: true })) {
        animation.pause();
        // An animation's time counts from the page's start, its delay included: one clock for both.
        animation.currentTime = at;
      }
      const shown = [...icon.querySelectorAll<SVGElement>("[data-vehicle]")]
        .filter((svg) => Number(getComputedStyle(svg).opacity) > 0.99)
        .map((svg) => svg.dataset.vehicle);
      return shown.join(",") || "none";
    }, ms);

  test(`the What We Do icon alternates between a motorbike and a jeep every ${ABOUT_ICON_INTERVAL_MS} ms, turning over ${ABOUT_ICON_ANIMATION_MS} ms`, async ({
    page,
  }) => {
    await page.goto("/about");
    const interval = ABOUT_ICON_INTERVAL_MS;
    const turn = ABOUT_ICON_ANIMATION_MS;
    expect(await iconsAt(page, 0)).toBe("motorbike");
    expect(await iconsAt(page, interval - turn - 50)).toBe("motorbike");
    // Mid-turn neither is whole; each turn ends on the interval.
    expect(await iconsAt(page, interval - turn / 2)).toBe("none");
    expect(await iconsAt(page, interval + 10)).toBe("jeep");
    expect(await iconsAt(page, 2 * interval - turn - 50)).toBe("jeep");
    expect(await iconsAt(page, 2 * interval + 10)).toBe("motorbike");
    expect(await iconsAt(page, 3 * interval + 10)).toBe("jeep");
  });

  test("with reduced motion the icons still take turns, at once", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/about");
    expect(await iconsAt(page, 0)).toBe("motorbike");
    expect(await iconsAt(page, ABOUT_ICON_INTERVAL_MS - 10)).toBe("motorbike");
    expect(await iconsAt(page, ABOUT_ICON_INTERVAL_MS + 10)).toBe("jeep");
    expect(await iconsAt(page, 2 * ABOUT_ICON_INTERVAL_MS + 10)).toBe("motorbike");
  });

  test("runs no script for the icon: the page fetches none at load", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/about", { waitUntil: "load" });
    await expect(page.getByTestId("vehicle-icon")).toBeVisible();
    expect(scripts).toEqual([]);
  });
});
