import { ABOUT_ICON_ANIMATION_MS, ABOUT_ICON_INTERVAL_MS } from "~/domain/constants";
import { expect, test } from "./support/fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";
import { pauseClock } from "./support/paused-clock.ts";

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

  test(`the What We Do icon alternates between a motorbike and a jeep every ${ABOUT_ICON_INTERVAL_MS} ms`, async ({
    page,
  }) => {
    await pauseClock(page);
    await page.goto("/about");
    await waitForHydration(page);
    const icon = page.getByTestId("vehicle-icon");
    await expect(icon).toHaveAttribute("data-vehicle", "motorbike");
    await page.clock.runFor(ABOUT_ICON_INTERVAL_MS - 100);
    await expect(icon).toHaveAttribute("data-vehicle", "motorbike");
    await page.clock.runFor(100);
    await expect(icon).toHaveAttribute("data-vehicle", "jeep");
    await page.clock.runFor(ABOUT_ICON_INTERVAL_MS);
    await expect(icon).toHaveAttribute("data-vehicle", "motorbike");
  });

  test(`the icons change over ${ABOUT_ICON_ANIMATION_MS} ms, and at once with reduced motion`, async ({ page }) => {
    await page.goto("/about");
    const durations = () =>
      page
        .getByTestId("vehicle-icon")
        .locator("svg")
        .evaluateAll((icons) => icons.map((icon) => getComputedStyle(icon).transitionDuration));
    expect(await durations()).toEqual([`${ABOUT_ICON_ANIMATION_MS / 1000}s`, `${ABOUT_ICON_ANIMATION_MS / 1000}s`]);
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const duration of await durations()) expect(Number.parseFloat(duration)).toBeLessThan(0.001);
  });
});
