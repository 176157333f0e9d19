import { expect, test } from "./support/fixtures.ts";

// The production server started by playwright.config.ts seeds the demo content into its new
// database (app/server/seed/demo-rides.server.ts), so the home page lists the demo's upcoming rides.
const DEMO_UPCOMING_TITLES = ["Royal Rajasthan Desert Loop", "Spiti Valley Circuit", "Konkan Coastal Trail"];
const DEMO_COMPLETED_TITLE = "Nilgiris Hairpin Challenge";

test.describe("smoke", () => {
  test("the home page is server-rendered with the upcoming rides in the first response", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    // Content, not a loading shell: each ride's card, with its title in a heading, is in the HTML.
    for (const title of DEMO_UPCOMING_TITLES) {
      expect(html).toMatch(new RegExp(`<h[23][^>]*>${title}</h[23]>`));
    }
    expect(html).not.toContain(DEMO_COMPLETED_TITLE);
  });

  test("the home page shows the upcoming ride cards in the browser", async ({ page }) => {
    await page.goto("/");
    const cards = page.getByRole("region", { name: "Upcoming Rides" }).getByRole("article");
    const first = cards.filter({ hasText: DEMO_UPCOMING_TITLES[0] });
    await first.scrollIntoViewIfNeeded();
    await expect(first).toBeVisible();
    await expect(first.getByRole("link", { name: /^View Details/ })).toHaveAttribute("href", /^\/ride\/.+/);
    expect(await cards.count()).toBeGreaterThanOrEqual(DEMO_UPCOMING_TITLES.length);
    for (const title of DEMO_UPCOMING_TITLES) {
      await expect(cards.getByRole("heading", { name: title })).toHaveCount(1);
    }
  });
});
