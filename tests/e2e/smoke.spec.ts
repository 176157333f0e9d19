import { expect, test } from "./fixtures.ts";

// The production server started by playwright.config.ts seeds the demo content into its new
// database, so the home page lists the demo's upcoming rides.

test.describe("smoke", () => {
  test("the home page is server-rendered with the upcoming rides in the first response", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    // Content, not a loading shell: at least one ride card heading, with its title, is in the HTML.
    const headings = [...html.matchAll(/<h[23][^>]*>([^<]+)<\/h[23]>/g)].map((match) => match[1]);
    expect(headings.length).toBeGreaterThan(0);
  });

  test("the home page shows ride cards in the browser @mobile", async ({ page }) => {
    await page.goto("/");
    const cards = page.getByRole("main").getByRole("listitem");
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(0);
  });
});
