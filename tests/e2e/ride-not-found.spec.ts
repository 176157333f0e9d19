import type { Page } from "@playwright/test";
import { RIDE_DETAIL_MESSAGES } from "~/domain/messages";
import { expect, test } from "./support/admin-fixtures.ts";
import { cancelledRide, ridePath } from "./support/ride-helpers.ts";

// product.md#ride-errors: a ride id that is not found gives the alert 'Ride not found!' with the id and the
// number of available rides, then the upcoming rides. Crawlers get a real 404 (not a redirect).
// Cancelled rides are admin-only (product.md#ride-status): to visitors they do not exist.

// Chromium reports the 404 document response on the console; it is the point of these tests.
test.use({ allowedConsoleErrors: ["the server responded with a status of 404"] });

/** Opens a ride page and returns the alert it shows, once the browser has moved on to /upcoming. */
async function alertOnOpening(page: Page, path: string): Promise<string> {
  const alert = page.waitForEvent("dialog").then(async (dialog) => {
    expect(dialog.type()).toBe("alert");
    const message = dialog.message();
    await dialog.accept();
    return message;
  });
  await page.goto(path);
  const message = await alert;
  await expect(page).toHaveURL("/upcoming");
  await expect(page.getByRole("heading", { name: "Upcoming Rides", level: 1 })).toBeVisible();
  return message;
}

const notFoundAlert = (id: string) => new RegExp(`^Ride not found!\\nRide ID: ${id}\\nAvailable rides: [1-9]\\d*$`);

test.describe("ride details: unknown and cancelled rides", () => {
  test("an unknown ride id answers HTTP 404 with a page that says so and is not indexed", async ({ request }) => {
    const response = await request.get("/ride/no-such-ride", { maxRedirects: 0 });
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain(`>${RIDE_DETAIL_MESSAGES.notFound}</h1>`);
    expect(html).toContain("Ride ID: no-such-ride");
    expect(html).toContain("<title>Ride not found! · Roadbook</title>");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  test("an unknown ride id alerts 'Ride not found!' with the id and the number of rides, then shows the upcoming rides", async ({
    page,
  }) => {
    expect(await alertOnOpening(page, "/ride/no-such-ride")).toMatch(notFoundAlert("no-such-ride"));
  });

  test("a cancelled ride is not found: HTTP 404, the same alert, then the upcoming rides", async ({
    page,
    request,
    e2eDb,
  }) => {
    const ride = await cancelledRide(e2eDb);
    expect((await request.get(ridePath(ride), { maxRedirects: 0 })).status()).toBe(404);
    expect(await alertOnOpening(page, ridePath(ride))).toMatch(notFoundAlert(ride.id));
  });
});
