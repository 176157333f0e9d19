import { testOnOwnAdminServer } from "./support/admin-helpers.ts";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";

// Every admin content page, and its forms, for keyboard and screen-reader users (axe-core),
// on a desktop and (tagged @mobile) on a phone, where nothing may overflow sideways.

const test = testOnOwnAdminServer({ seedDemo: true });

const PAGES = [
  ["Dashboard", "/admin"],
  ["Ride Management", "/admin/rides"],
  ["Add New Ride form", "/admin/rides?new"],
  ["Hero Section Management", "/admin/hero"],
  ["Add New Slide form", "/admin/hero?new"],
  ["Featured Ride Management", "/admin/featured"],
  ["Contact Information Management", "/admin/contact"],
  ["Statistics Management", "/admin/stats"],
] as const;

// One test walks every page: a page load each, not a browser context and a sign-in each.
test("every admin content page has no serious accessibility violations and fits a phone's width @mobile", async ({
  adminPage: page,
}) => {
  for (const [name, path] of PAGES) {
    await test.step(name, async () => {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoA11yViolations(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} (${path}) scrolls sideways`).toBeLessThanOrEqual(0);
    });
  }
});

test("the ride form showing its errors has no serious accessibility violations @mobile", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/rides?new");
  await waitForHydration(page);
  await page.getByLabel("Start date").fill("2027-01-01");
  await page.getByLabel("End date").fill("2027-01-03");
  await page.getByLabel("Booking form URL").fill("nope");
  await page.getByRole("button", { name: "Add Ride" }).click();
  await expect(page.getByLabel("Title", { exact: true })).toBeFocused();
  await expectNoA11yViolations(page);
});

test("an edit form of a stored ride has no serious accessibility violations", async ({ adminPage: page }) => {
  await page.goto("/admin/rides");
  await page.getByTestId("admin-ride-card").first().getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByRole("heading", { name: "Edit Ride" })).toBeVisible();
  await expectNoA11yViolations(page);
});
