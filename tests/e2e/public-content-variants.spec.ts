import { FALLBACK_CONFIG } from "~/domain/defaults";
import { SOCIAL_LINK_MESSAGES } from "~/domain/messages";
import type { Database } from "~/server/db/schema.server";
import { saveConfig } from "~/server/content/config.server";
import { saveFeaturedRide } from "~/server/content/featured.server";
import { createRide } from "~/server/rides/rides.server";
import { expect } from "./support/fixtures.ts";
import { testOnOwnServer } from "./support/own-server.ts";

// Display rules (product.md#ride-cards, #costs, #dates, #featured-banner) on content the demo
// lacks: costs that hide the badge, a ride without dates, a completed ride without social
// links, a banner linking to another site, no hero slides, another company name.

const COMPANY = "Ghat Road Riders";
const ride = {
  startDate: "2027-03-05",
  endDate: "2027-03-07",
  description: "Three days on the ghats.",
  distance: "300 km",
  status: "upcoming",
};

/** A ride of the old app stored without dates (an import of old data can hold one; no form can write it). */
async function storeWithoutDates(db: Database, id: string) {
  const row = await db.selectFrom("rides").select("data").where("id", "=", id).executeTakeFirstOrThrow();
  const { startDate: _start, endDate: _end, ...document } = JSON.parse(row.data) as Record<string, unknown>;
  await db
    .updateTable("rides")
    .set({ data: JSON.stringify(document), start_date: "", end_date: "" })
    .where("id", "=", id)
    .execute();
}

const test = testOnOwnServer({
  prepare: async (db) => {
    await saveConfig(db, { ...FALLBACK_CONFIG, company: { ...FALLBACK_CONFIG.company, name: COMPANY } });
    await createRide(db, { ...ride, title: "No Cost Ride", tripCost: "" });
    await createRide(db, { ...ride, title: "Zero Cost Ride", tripCost: "0" });
    await createRide(db, { ...ride, title: "Rupee Zero Ride", tripCost: "₹0" });
    await createRide(db, { ...ride, title: "Priced Ride", tripCost: "4500" });
    await storeWithoutDates(db, (await createRide(db, { ...ride, title: "Undated Legacy Ride" })).id);
    await createRide(db, {
      ...ride,
      title: "Quiet Ride",
      status: "completed",
      startDate: "2026-03-05",
      endDate: "2026-03-07",
      participants: 1,
    });
    await saveFeaturedRide(db, {
      title: "Partner Tour",
      subtitle: "Desert nights",
      description: "Run by our partners in Jaisalmer.",
      ctaText: "Book with our partner",
      ctaLink: "https://partner.example/tours",
      isActive: true,
    });
  },
});

test.describe("ride card display rules", () => {
  test("the cost badge is hidden for an empty, '0' or '₹0' cost and ₹-prefixed otherwise", async ({ page }) => {
    await page.goto("/");
    const card = (title: string) => page.getByTestId("ride-card").filter({ hasText: title });
    await expect(card("Priced Ride").getByTestId("cost-badge")).toHaveText("₹4500");
    for (const title of ["No Cost Ride", "Zero Cost Ride", "Rupee Zero Ride"]) {
      await expect(card(title)).toBeVisible();
      await expect(card(title).getByTestId("cost-badge")).toHaveCount(0);
    }
  });

  test("a ride without dates says 'Date TBD' and 'Duration TBD'", async ({ page }) => {
    await page.goto("/");
    const card = page.getByTestId("ride-card").filter({ hasText: "Undated Legacy Ride" });
    await expect(card.getByTestId("ride-dates")).toHaveText("Date TBD");
    await expect(card).toContainText("Duration TBD");
  });

  test("a completed ride without Instagram or YouTube link gives both messages, word for word", async ({ page }) => {
    await page.goto("/previous");
    const card = page.getByTestId("ride-card").filter({ hasText: "Quiet Ride" });
    await expect(card.getByTestId("riders-count")).toHaveText("1 rider");
    for (const [name, message] of [
      [/Instagram/, SOCIAL_LINK_MESSAGES.instagramMissing],
      [/YouTube/, SOCIAL_LINK_MESSAGES.youtubeMissing],
    ] as const) {
      await card.getByRole("button", { name }).click();
      const alert = page.getByRole("alert").filter({ hasText: message });
      await expect(alert).toBeVisible();
      await alert.getByRole("button", { name: "OK" }).click();
      await expect(alert).toBeHidden();
    }
  });
});

test.describe("upcoming page without slides, with a banner linking elsewhere", () => {
  test("shows no carousel", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Upcoming Rides" })).toBeVisible();
    await expect(page.locator('[aria-roledescription="carousel"]')).toHaveCount(0);
  });

  test("a banner link starting with http opens a new tab", async ({ page }) => {
    await page.goto("/");
    const button = page.getByTestId("featured-banner").getByRole("link", { name: /Book with our partner/ });
    await expect(button).toHaveAttribute("href", "https://partner.example/tours");
    await expect(button).toHaveAttribute("target", "_blank");
    await expect(button).toHaveAttribute("rel", "noopener noreferrer");
  });
});

test("the footer and the contact page show the configured company", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()} ${COMPANY}`);
});
