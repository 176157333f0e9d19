import { STATS_MESSAGES } from "~/domain/messages";
import { formatStatNumber, statWithPlus } from "~/domain/stats";
import { listRecentActivity } from "~/server/audit/audit.server";
import { getRideBreakdown, getStats } from "~/server/content/stats.server";
import { testOnOwnAdminServer } from "./support/admin-helpers.ts";
import { expect } from "./support/fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";

// Statistics management and display (product.md#admin-stats, #statistics), messages that clear
// themselves after 3 seconds (#messages). On a server of its own so the figures are exactly the
// database's.

const test = testOnOwnAdminServer({ seedDemo: true });

test("shows the visitors' four cards, the ride summary and performance metrics", async ({
  adminPage: page,
  ownServer,
}) => {
  const stats = await getStats(ownServer.db);
  const breakdown = await getRideBreakdown(ownServer.db);
  await page.goto("/admin/stats");

  await expect(page.getByTestId("stat-card-Completed Rides")).toHaveText(statWithPlus(stats.completedRides));
  await expect(page.getByTestId("stat-card-Happy Riders")).toHaveText(`${stats.happyRiders}+`);
  // Thousands separators on the kilometres (the demo covers more than a thousand).
  expect(stats.kilometersCovered).toBeGreaterThan(999);
  await expect(page.getByTestId("stat-card-Kilometers Covered")).toHaveText(/^\d{1,3}(,\d{3})+\+$/);
  await expect(page.getByTestId("stat-card-Months of Adventure")).toHaveText(String(stats.monthsOfAdventure));

  await expect(page.getByTestId("ride-summary-Total rides")).toHaveText(String(breakdown.totalRides));
  await expect(page.getByTestId("ride-summary-Upcoming")).toHaveText(String(breakdown.upcomingRides));
  await expect(page.getByTestId("ride-summary-Completed")).toHaveText(String(breakdown.completedRides));
  await expect(page.getByTestId("ride-summary-Cancelled")).toHaveText(String(breakdown.cancelledRides));
  await expect(page.getByTestId("performance-metrics-Average participants")).toHaveText(
    formatStatNumber(breakdown.averageParticipants),
  );
  await expect(page.getByTestId("performance-metrics-Average distance")).toHaveText(
    `${formatStatNumber(breakdown.averageDistance)} km`,
  );
  await expect(page.getByTestId("performance-metrics-Total participants")).toHaveText(
    formatStatNumber(breakdown.totalParticipants),
  );
  await expect(page.getByTestId("performance-metrics-Total distance")).toHaveText(
    `${formatStatNumber(breakdown.totalKilometers)} km`,
  );
});

test("Refresh Stats recalculates, says so, and the message clears itself after 3 seconds", async ({
  adminPage: page,
  ownServer,
}) => {
  // Stored figures that disagree with the rides: the refresh must replace them.
  await ownServer.db
    .updateTable("documents")
    .set({
      data: JSON.stringify({
        completedRides: 1,
        happyRiders: 1,
        kilometersCovered: 1,
        monthsOfAdventure: 1,
        isAutoCalculated: false,
        lastUpdated: null,
      }),
    })
    .where("collection", "=", "stats")
    .execute();
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.goto("/admin/stats");
  await waitForHydration(page);
  // From here on the page's time moves only when the test says so.
  await page.clock.pauseAt(start + 60_000);
  await expect(page.getByTestId("stat-card-Completed Rides")).toHaveText("1+");

  await page.getByRole("button", { name: "Refresh Stats" }).click();
  const message = page.getByText(STATS_MESSAGES.refreshed);
  await expect(message).toBeVisible();
  const breakdown = await getRideBreakdown(ownServer.db);
  await expect(page.getByTestId("stat-card-Completed Rides")).toHaveText(statWithPlus(breakdown.completedRides));
  expect((await listRecentActivity(ownServer.db))[0]?.summary).toBe("Refreshed the statistics");

  await page.clock.runFor(2_900);
  await expect(message).toBeVisible();
  await page.clock.runFor(200);
  await expect(message).toBeHidden();
});

test.describe("without a connection", () => {
  test.use({ allowedConsoleErrors: ["net::ERR_INTERNET_DISCONNECTED"] });

  test("a refresh that cannot reach the server shows the error message, styled as an error", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/stats");
    await waitForHydration(page);
    await page.route("**/admin/stats.data*", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Refresh Stats" }).click();
    await expect(page.getByRole("alert")).toHaveText(STATS_MESSAGES.refreshError);
  });
});
