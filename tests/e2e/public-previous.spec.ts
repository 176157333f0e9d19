import { SOCIAL_LINK_MESSAGES } from "~/domain/messages";
import { expect } from "./support/fixtures.ts";
import { testOnOwnServer } from "./support/own-server.ts";
import { visibleStatsStrip } from "./support/stats-strip.ts";

// 'Past Adventures' (product.md#previous-page) on the demo content: four completed rides with 16, 22, 14 and
// 18 riders over 610, 640, 770 and 985 km; the Nilgiris ride has no YouTube video.

const test = testOnOwnServer({ seedDemo: true, readOnly: true });

test.describe("Past Adventures", () => {
  test("shows the statistics with thousands separators and a trailing plus", async ({ page }) => {
    await page.goto("/previous");
    await expect(page.getByRole("heading", { level: 1, name: "Past Adventures" })).toBeVisible();
    const stats = visibleStatsStrip(page);
    await expect(stats.getByTestId("stat-completedRides")).toHaveText("4+");
    await expect(stats.getByTestId("stat-happyRiders")).toHaveText("70+");
    await expect(stats.getByTestId("stat-kilometersCovered")).toHaveText("3,005+");
    for (const label of ["Completed Rides", "Happy Riders", "Kilometers Covered"])
      await expect(stats).toContainText(label);
  });

  test("lists the completed rides only, each with its badge, duration, distance, title, dates, description and riders", async ({
    page,
  }) => {
    await page.goto("/previous");
    const cards = page.getByTestId("ride-card");
    await expect(cards).toHaveCount(4);
    await expect(page.getByText("Royal Rajasthan Desert Loop")).toHaveCount(0);
    const nilgiris = cards.filter({ hasText: "Nilgiris Hairpin Challenge" });
    await expect(nilgiris).toContainText("Completed");
    await expect(nilgiris).toContainText("3D 2N");
    await expect(nilgiris).toContainText("610 km");
    await expect(nilgiris.getByTestId("riders-count")).toHaveText("16 riders");
    await expect(nilgiris.getByTestId("ride-dates")).toHaveText(
      /^\d{1,2}(st|nd|rd|th) - \d{1,2}(st|nd|rd|th) \w+ \d{4}$/,
    );
    await expect(nilgiris).toContainText("Kalhatti");
    await expect(nilgiris.getByTestId("cost-badge")).toHaveCount(0);
  });

  test("a missing YouTube video gives its alert, which OK closes", async ({ page }) => {
    await page.goto("/previous");
    const nilgiris = page.getByTestId("ride-card").filter({ hasText: "Nilgiris Hairpin Challenge" });
    await nilgiris.getByRole("button", { name: /YouTube/ }).click();
    const alert = page.getByRole("alert").filter({ hasText: SOCIAL_LINK_MESSAGES.youtubeMissing });
    await expect(alert).toBeVisible();
    await alert.getByRole("button", { name: "OK" }).click();
    await expect(alert).toBeHidden();
  });

  test("present Instagram and YouTube links open in a new tab", async ({ page }) => {
    await page.goto("/previous");
    const coorg = page.getByTestId("ride-card").filter({ hasText: "Coorg and Kabini Forest Trail" });
    for (const [name, href] of [
      [/Instagram/, "https://www.instagram.com/roadbookriders"],
      [/YouTube/, "https://www.youtube.com/@roadbookriders"],
    ] as const) {
      const link = coorg.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });
});
