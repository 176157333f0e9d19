import { NO_SLIDES } from "~/domain/messages";
import { testOnOwnAdminServer } from "./support/admin-helpers.ts";
import { expect } from "./support/fixtures.ts";

// Empty states (product.md#admin-rides, #admin-hero, #admin-dashboard), on a server of its own
// whose database holds no content at all.

const test = testOnOwnAdminServer({ seedDemo: false });

test("each empty ride section says so", async ({ adminPage: page }) => {
  await page.goto("/admin/rides");
  for (const [label, status] of [
    ["Upcoming", "upcoming"],
    ["Completed", "completed"],
    ["Cancelled", "cancelled"],
  ]) {
    const section = page.getByRole("region", { name: `${label} Rides (0)` });
    await expect(section).toContainText(`No ${status} rides found.`);
  }
});

test("the hero section without slides invites the first one", async ({ adminPage: page }) => {
  await page.goto("/admin/hero");
  await expect(page.getByRole("heading", { name: "Slides (0)" })).toBeVisible();
  await expect(page.getByText(NO_SLIDES)).toBeVisible();
});

test("the dashboard of a new site counts no rides and has no activity yet", async ({ adminPage: page }) => {
  await page.goto("/admin");
  await expect(page.getByTestId("count-Total Rides")).toHaveText("0");
  await expect(page.getByText("No changes yet.")).toBeVisible();
});
