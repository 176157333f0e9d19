import { FEATURED_MESSAGES } from "~/domain/messages";
import { PREVIEW_FALLBACKS } from "~/components/admin/featured/preview";
import { listRecentActivity } from "~/server/audit/audit.server";
import { postAction, testOnOwnAdminServer, uniqueTitle } from "./support/admin-helpers.ts";
import { expect } from "./support/fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";

// Featured ride management and its rules (product.md#admin-featured), its messages
// (product.md#messages). The banner is on every visitor's home page: on a server of its own.

const test = testOnOwnAdminServer({ seedDemo: true });
test.describe.configure({ mode: "serial" });

test("saves the banner ('Saving...' meanwhile) and the home page shows it", async ({ adminPage: page, ownServer }) => {
  const title = uniqueTitle("Monsoon Special");
  await page.goto("/admin/featured");
  await waitForHydration(page);
  await page.getByLabel("Banner title", { exact: true }).fill(title);
  await page.getByLabel("Ride title").fill("Western Ghats in the rain");
  await page.getByLabel("Button link").fill("https://example.org/monsoon");

  // Hold the request until the busy state has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/admin/featured.data*", async (route) => {
    await held;
    await route.fallback();
  });
  await page.getByRole("button", { name: "Save Featured Ride" }).click();
  await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
  release();
  await expect(page.getByText(FEATURED_MESSAGES.updated)).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Featured Ride" })).toBeEnabled();
  expect((await listRecentActivity(ownServer.db))[0]?.summary).toBe(`Updated the featured ride banner "${title}"`);

  await page.goto("/");
  const banner = page.getByTestId("featured-banner");
  await expect(banner.getByRole("heading", { name: title })).toBeVisible();
  await expect(banner).toContainText("Western Ghats in the rain");
  await expect(banner.getByRole("link", { name: /Know More/ })).toHaveAttribute("href", "https://example.org/monsoon");
});

test("the live preview follows the form and shows fallback texts for empty fields", async ({ adminPage: page }) => {
  await page.goto("/admin/featured");
  await waitForHydration(page);
  const preview = page.getByTestId("featured-live-preview");
  await page.getByLabel("Banner title", { exact: true }).fill("");
  await page.getByLabel("Description").fill("");
  await expect(preview).toContainText(PREVIEW_FALLBACKS.title);
  await expect(preview).toContainText(PREVIEW_FALLBACKS.description);
  await page.getByLabel("Banner title", { exact: true }).fill("Typed just now");
  await expect(preview).toContainText("Typed just now");
});

test("Preview Banner opens a pop-up rendering the form's current values, unsaved", async ({
  adminPage: page,
  context,
}) => {
  await page.goto("/admin/featured");
  await waitForHydration(page);
  await page.getByLabel("Banner title", { exact: true }).fill("Unsaved banner title");

  const popupOpened = context.waitForEvent("page");
  await page.getByRole("button", { name: /^Preview Banner/ }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  await expect(popup).toHaveURL(/\/admin\/featured\/preview$/);
  const banner = popup.getByTestId("featured-banner");
  await expect(banner.getByRole("heading", { name: "Unsaved banner title" })).toBeVisible();

  await page.getByLabel("Banner title", { exact: true }).fill("Changed while open");
  await expect(banner.getByRole("heading", { name: "Changed while open" })).toBeVisible();
  await popup.close();
});

test("required fields and a bad link are refused, in the form and by the action", async ({
  adminPage: page,
  ownServer,
}) => {
  await page.goto("/admin/featured");
  await waitForHydration(page);
  await page.getByLabel("Banner title", { exact: true }).fill("");
  await page.getByLabel("Button text").fill("");
  await page.getByLabel("Button link").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save Featured Ride" }).click();
  await expect(page.getByLabel("Banner title", { exact: true })).toBeFocused();
  await expect(page.getByLabel("Banner title", { exact: true })).toHaveAccessibleDescription(
    "Banner title is required",
  );
  await expect(page.getByLabel("Button text")).toHaveAccessibleDescription("Button text is required");
  await expect(page.getByLabel("Button link")).toHaveAccessibleDescription(/Button link must be a valid URL/);

  const before = await ownServer.db
    .selectFrom("documents")
    .selectAll()
    .where("collection", "=", "featuredRide")
    .execute();
  const response = await postAction(page, "/admin/featured", {
    featured: { title: "", subtitle: "x", description: "y", ctaLink: "//evil.example" },
  });
  expect(response.status()).toBe(400);
  const text = await response.text();
  expect(text).toContain(FEATURED_MESSAGES.saveError);
  expect(text).toContain("Banner title is required");
  expect(
    await ownServer.db.selectFrom("documents").selectAll().where("collection", "=", "featuredRide").execute(),
  ).toEqual(before);
});

test("an inactive banner is saved and leaves the home page", async ({ adminPage: page }) => {
  await page.goto("/admin/featured");
  await waitForHydration(page);
  await page.getByLabel("Active (shown on the home page)").uncheck();
  await expect(page.getByText("The banner is not active: visitors do not see it.")).toBeVisible();
  await page.getByRole("button", { name: "Save Featured Ride" }).click();
  await expect(page.getByText(FEATURED_MESSAGES.updated)).toBeVisible();
  await page.goto("/");
  await expect(page.getByTestId("featured-banner")).toHaveCount(0);
});
