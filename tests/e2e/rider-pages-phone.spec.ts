import { makePassportPublic } from "~/features/rider-accounts/server/passport.server";
import { findOrCreateRider } from "~/features/rider-accounts/server/riders.server";
import { register } from "~/server/registrations/register.server";
import { offerTransferByToken } from "~/features/seat-transfer/server/transfer.server";
import { siteRide } from "../support/fixtures.ts";
import { riddenSiteRide } from "../support/passport-fixtures.ts";
import { riderForm } from "../support/registration-fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";
import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { testOnOwnServer } from "./support/own-server.ts";
import { signInRiderDirectly } from "./support/rider-session.ts";

// A rider's own pages on a small phone (docs/features/rider-accounts.md): every one of them at 360 px,
// filled as a returning rider's are (a ride to come, one ridden, saved details, a public
// passport, a seat offered to a friend), scrolls only down and has no accessibility violations.

const EMAIL = "meera.phone@example.com";
let paths: { booking: string; transfer: string; passport: string };

const test = testOnOwnServer({
  prepare: async (db) => {
    const rider = await findOrCreateRider(db, EMAIL);
    await riddenSiteRide(db, [{ n: 41, riderId: rider.id }], {
      overrides: { title: "Spiti Valley Circuit with a rather long name for a small screen", distance: "1,250 km" },
    });
    const ride = await siteRide(
      db,
      { seats: 10 },
      { title: "Coorg Coffee Trail", startDate: "2099-02-10", endDate: "2099-02-12" },
    );
    const booked = await register(db, ride.id, riderForm(42, { email: EMAIL, saveDetails: "on" }), {
      clientIp: "10.42.0.1",
      origin: "http://localhost",
      riderId: rider.id,
    });
    if (!booked.ok) throw new Error(`the booking was refused: ${booked.refused}`);
    const { token: transfer } = await offerTransferByToken(db, booked.token);
    const slug = await makePassportPublic(db, rider.id);
    paths = { booking: `/booking/${booked.token}`, transfer: `/transfer/${transfer}`, passport: `/passport/${slug}` };
  },
});

/** At 360 px: one h1, nothing wider than the screen, no accessibility violations. */
async function expectFitsAPhone(page: Page, path: string): Promise<void> {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 }), path).toHaveCount(1);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, path).toBe(0);
  await expectNoA11yViolations(page);
}

test("signed out, /me fits a 360 px phone and has no accessibility violations", async ({ page }) => {
  await expectFitsAPhone(page, "/me");
});

// One test per page, each with its own ceiling: eight pages with an axe scan each are a long
// test on a loaded machine.
for (const [name, path] of [
  ["/me", () => "/me"],
  ["/me/details", () => "/me/details"],
  ["/me/data", () => "/me/data"],
  ["/me/passport", () => "/me/passport"],
  ["the booking page", () => paths.booking],
  ["the public passport", () => paths.passport],
  ["the transfer page", () => paths.transfer],
] as const) {
  test(`signed in, ${name} fits a 360 px phone and has no accessibility violations`, async ({ page, ownServer }) => {
    await signInRiderDirectly(page.context(), ownServer.db, ownServer.baseURL, EMAIL);
    await expectFitsAPhone(page, path());
  });
}
