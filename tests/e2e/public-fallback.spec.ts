import { sql } from "kysely";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { FALLBACK_SLIDES, fallbackRides } from "~/domain/fallback-content";
import { saveConfig } from "~/server/content/config.server";
import { expect } from "./support/fixtures.ts";
import { testOnOwnServer } from "./support/own-server.ts";
import { visibleStatsStrip } from "./support/stats-strip.ts";

// product.md#public-fallbacks: public pages whose data fails to load log it and show fallback sample content.
// The server starts on a database holding a configuration of its own; the test drops the
// content tables under the running server, as a broken database would. The pages are opened
// for the first time after that: the page cache would otherwise answer with its last good copy.

const test = testOnOwnServer({
  prepare: async (db) => {
    await saveConfig(db, { ...FALLBACK_CONFIG, company: { ...FALLBACK_CONFIG.company, name: "Ghat Road Riders" } });
  },
});

test("when the database fails, the pages log it and show sample rides, slides, statistics and company data", async ({
  page,
  ownServer,
}) => {
  for (const table of ["rides", "hero_slides", "documents"])
    await sql`drop table ${sql.table(table)}`.execute(ownServer.db);

  await page.goto("/");
  for (const sample of fallbackRides("upcoming"))
    await expect(page.getByRole("heading", { name: sample.title })).toBeVisible();
  await expect(page.getByRole("heading", { name: FALLBACK_SLIDES[0]!.title })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(FALLBACK_CONFIG.company.name);

  await page.goto("/previous");
  for (const sample of fallbackRides("completed"))
    await expect(page.getByRole("heading", { name: sample.title })).toBeVisible();
  await expect(visibleStatsStrip(page).getByTestId("stat-completedRides")).toHaveText("47+");
  await expect(visibleStatsStrip(page).getByTestId("stat-happyRiders")).toHaveText("320+");
  await expect(visibleStatsStrip(page).getByTestId("stat-kilometersCovered")).toHaveText("18,500+");

  await page.goto("/contact");
  await expect(page.getByTestId("contact-email")).toContainText(FALLBACK_CONFIG.company.email);
  await expect(page.getByTestId("contact-phone")).toContainText(FALLBACK_CONFIG.company.phone);

  for (const what of ["configuration", "upcoming rides", "hero slides", "completed rides", "statistics"]) {
    expect(ownServer.logs()).toContain(`failed to load ${what}; showing fallback content`);
  }
});
