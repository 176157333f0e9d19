import { createRide } from "~/server/rides/rides.server";
import { rideInput } from "../support/fixtures";
import { expect } from "./support/fixtures.ts";
import { testOnOwnServer } from "./support/own-server.ts";

// product.md#previous-page: past rides by year, 24 a page, with page links that work without
// JavaScript.

const test = testOnOwnServer({
  prepare: async (db) => {
    for (let index = 0; index < 30; index += 1) {
      const year = index < 20 ? 2026 : 2025;
      await createRide(
        db,
        rideInput({
          title: `Past ride ${index}`,
          status: "completed",
          startDate: `${year}-03-01`,
          endDate: `${year}-03-02`,
        }),
      );
    }
  },
});

test.describe("previous rides in pages", () => {
  test.use({ javaScriptEnabled: false });

  test("show 24 cards under their years, and the rest on page 2, by plain links", async ({ page }) => {
    await page.goto("/previous");
    const rides = page.getByRole("region", { name: "Completed rides" });
    await expect(rides.getByTestId("ride-card")).toHaveCount(24);
    await expect(rides.getByRole("heading", { level: 2 })).toHaveText(["2026", "2025"]);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/previous$/);
    await expect(page.locator('link[rel="next"]')).toHaveAttribute("href", /\/previous\?page=2$/);

    await pagination.getByRole("link", { name: "Older rides" }).click();
    await expect(page).toHaveURL(/\/previous\?page=2$/);
    await expect(rides.getByTestId("ride-card")).toHaveCount(6);
    await expect(rides.getByRole("heading", { level: 2 })).toHaveText(["2025"]);
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(page.locator('link[rel="prev"]')).toHaveAttribute("href", /\/previous$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/previous\?page=2$/);

    await pagination.getByRole("link", { name: "Newer rides" }).click();
    await expect(page).toHaveURL(/\/previous$/);
  });

  test("a page that does not exist leads to the first page", async ({ page }) => {
    await page.goto("/previous?page=7");
    await expect(page).toHaveURL(/\/previous$/);
  });

  test("the sitemap still lists every past ride", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap.match(/\/ride\//g)).toHaveLength(30);
  });
});
