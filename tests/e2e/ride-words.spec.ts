import type { Browser } from "@playwright/test";
import { toIsoDate } from "~/domain/dates";
import { PREVIOUS_PATH, rideHref } from "~/domain/links";
import { rideWordsHref } from "~/domain/admin-links";
import { setCheckedIn } from "~/features/ride-day/server/check-in.server";
import { setRideStatus } from "~/server/rides/rides.server";
import { riderForm, registerRider } from "../support/registration-fixtures";
import { addRide, testOnOwnAdminServer, uniqueTitle } from "./support/admin-helpers.ts";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";

// Riders' words (docs/features/ride-words.md): a checked-in rider of a completed ride answers
// through their booking link without JavaScript, an admin approves, the words appear on the
// ride page and Past Adventures with the average, and withdrawing takes them off at once.

const test = testOnOwnAdminServer({});

const DAY_MS = 24 * 60 * 60 * 1000;
/** A date `days` from today in India. */
const daysFromNow = (days: number) => toIsoDate(new Date(Date.now() + 5.5 * 60 * 60 * 1000 + days * DAY_MS));
const CAPTAIN = { id: null, email: "captain@roadbook.test" };

/** A visitor without JavaScript or cookies: the public pages as the render cache serves them. */
async function visitor(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  return context.newPage();
}

test("a rider's words become a testimonial after approval and leave when withdrawn", async ({
  adminPage: page,
  db,
  browser,
  baseURL,
}) => {
  // One journey through the rider's page, the admin's, the ride page and Past Adventures, each
  // loaded several times: longer than the default 30 s on a loaded machine.
  const title = uniqueTitle("Chembra Peak Loop");
  const [start, end] = [daysFromNow(-6), daysFromNow(-4)];
  const rideId = await addRide(page, db, title, {
    startDate: start,
    endDate: end,
    lastBookingDate: "",
    registration: { mode: "site", seats: 4 },
  });
  // They registered before the ride; Asha was checked in on its first day, Bela never came.
  const before = new Date(Date.parse(`${start}T00:00:00Z`) - 10 * DAY_MS);
  // Published before they registered: the ride was public then.
  await db.updateTable("rides").set({ published_at: before.toISOString() }).where("id", "=", rideId).execute();
  const asha = await registerRider(db, rideId, riderForm(1, { name: "Asha Rao", mobile: "9876501234" }), before);
  const bela = await registerRider(db, rideId, riderForm(2, { name: "Bela Das", mobile: "9876501235" }), before);
  await setCheckedIn(db, asha.registration.id, true, { actor: CAPTAIN, now: new Date(`${start}T04:00:00Z`) });
  await setRideStatus(db, rideId, "completed");

  const rider = await visitor(browser, baseURL!);
  await rider.goto(`/booking/${bela.token}`);
  await expect(rider.getByTestId("booking-reference")).toBeVisible();
  await expect(rider.getByRole("heading", { name: "How was the ride?" })).toHaveCount(0);

  // Asha answers, then changes her words before any approval.
  await rider.goto(`/booking/${asha.token}`);
  await expect(rider.getByRole("heading", { name: "How was the ride?" })).toBeVisible();
  await rider.getByRole("button", { name: "Send my words" }).click();
  await expect(rider.getByRole("alert").filter({ hasText: "Choose a rating from 1 to 5" })).toBeVisible();
  await rider.getByRole("radio", { name: "4 – Very good" }).check();
  await rider.getByLabel("A few words").fill("Misty trail, a kind captain.");
  await rider.getByRole("button", { name: "Send my words" }).click();
  await expect(rider.getByRole("status").filter({ hasText: "Thank you for your words" })).toBeVisible();
  await expect(rider.getByTestId("ride-words-answer")).toContainText("Waiting for review");
  await expect(rider.getByRole("radio", { name: "4 – Very good" })).toBeChecked();
  await rider.getByLabel("A few words").fill("Misty trail, a kind captain, chai at the top.");
  await rider.getByRole("button", { name: "Save my changes" }).click();
  await expect(rider.getByTestId("ride-words-answer")).toContainText("chai at the top");
  // The section passes axe (run where scripts run: the admin's browser opens the same page).
  await page.goto(`/booking/${asha.token}`);
  await expect(page.getByRole("heading", { name: "How was the ride?" })).toBeVisible();
  await expectNoA11yViolations(page, { include: ['section[aria-labelledby="ride-words-heading"]'] });

  // Nothing public before approval.
  await rider.goto(rideHref(rideId));
  await expect(rider.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(rider.getByRole("heading", { name: "What riders said" })).toHaveCount(0);

  // The admin approves.
  await page.goto(rideWordsHref(rideId));
  const item = page.getByTestId("ride-words-item").filter({ hasText: "Asha" });
  await expect(item).toContainText("chai at the top");
  await expect(item).toContainText("Waiting for review");
  await item.getByRole("button", { name: "Approve Asha's words" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Asha's words approved" })).toBeVisible();
  await expect(item).toContainText("Approved");

  // On the ride page (first name only, the rating in words too) and on Past Adventures.
  await rider.goto(rideHref(rideId));
  const words = rider.getByRole("region", { name: "What riders said" });
  await expect(words.getByTestId("testimonial")).toHaveCount(1);
  await expect(words).toContainText("Misty trail, a kind captain, chai at the top.");
  await expect(words).toContainText("— Asha");
  await expect(words).not.toContainText("Rao");
  await expect(words.getByText("Rated 4 out of 5", { exact: true })).toBeAttached();
  await page.goto(rideHref(rideId));
  await expectNoA11yViolations(page, { include: ["#riders-words"] });
  await rider.goto(PREVIOUS_PATH);
  const card = rider.getByTestId("ride-card").filter({ has: rider.getByRole("heading", { name: title }) });
  await expect(card.getByTestId("rating-summary")).toContainText("4.0 ★ (1)");
  await expect(card.getByTestId("rating-summary")).toContainText("Rated 4.0 out of 5 by 1 rider");

  // Approved words can no longer be edited, only withdrawn: they leave the public pages at once.
  await rider.goto(`/booking/${asha.token}`);
  await expect(rider.getByRole("button", { name: "Save my changes" })).toHaveCount(0);
  await rider.getByRole("button", { name: "Withdraw my words" }).click();
  await expect(rider.getByRole("status").filter({ hasText: "Your words are withdrawn" })).toBeVisible();
  await rider.goto(rideHref(rideId));
  await expect(rider.getByRole("heading", { name: "What riders said" })).toHaveCount(0);
  await rider.goto(PREVIOUS_PATH);
  await expect(card).toBeVisible();
  await expect(card.getByTestId("rating-summary")).toHaveCount(0);
});
