import { expect } from "./support/fixtures.ts";
import { testOnOwnServer } from "./support/own-server.ts";
import { visibleStatsStrip } from "./support/stats-strip.ts";

// A site with no content yet: no rides, slides, banner or statistics stored. Listing pages
// say so rather than advertise sample trips nobody can book (decision 007); the statistics
// show the fallback figures, as product.md#statistics says for statistics not stored.

const test = testOnOwnServer({});

test("the upcoming page says there are no upcoming rides, without carousel or banner", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "No upcoming rides right now" })).toBeVisible();
  await expect(page.getByRole("link", { name: "See Past Adventures" })).toHaveAttribute("href", "/previous");
  await expect(page.getByTestId("ride-card")).toHaveCount(0);
  await expect(page.locator('[aria-roledescription="carousel"]')).toHaveCount(0);
  await expect(page.getByTestId("featured-banner")).toHaveCount(0);
});

test("Past Adventures says there are none yet and shows the fallback statistics", async ({ page }) => {
  await page.goto("/previous");
  await expect(page.getByRole("heading", { name: "Our first adventure is on its way" })).toBeVisible();
  await expect(page.getByTestId("ride-card")).toHaveCount(0);
  await expect(visibleStatsStrip(page).getByTestId("stat-completedRides")).toHaveText("47+");
});
