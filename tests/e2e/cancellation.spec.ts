import { indianDateOf } from "~/domain/indian-time";
import { setPayment } from "~/server/registrations/admin-changes.server";
import { setRideStatus } from "~/server/rides/rides.server";
import { registerRider, riderForm } from "../support/registration-fixtures";
import { addRide, statusLine, testOnOwnAdminServer, uniqueTitle } from "./support/admin-helpers.ts";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import type { Database } from "~/server/db/schema.server";
import type { Page } from "@playwright/test";

// Cancelling by the ride's policy (docs/features/cancellation.md), at phone size: a rider
// cancels 20 days before the start, reads the quote the ride's tiers give and takes credit; an
// organiser cancels a ride, and each rider's booking page offers refund or credit (or the admin
// records the rider's choice).

const test = testOnOwnAdminServer({});
const ADMIN = { id: null, email: "admin@e2e.test" };

/** The tiers Indian tour operators publish: under a week before the start, everything is kept. */
const TIERS = {
  tiers: [
    { daysBefore: 61, keepPercent: 0 },
    { daysBefore: 30, keepPercent: 10 },
    { daysBefore: 15, keepPercent: 25 },
    { daysBefore: 7, keepPercent: 35 },
  ],
};

/** 'YYYY-MM-DD' `days` after today in India, the calendar the quote counts in. */
function daysFromToday(days: number): string {
  const today = new Date(`${indianDateOf(new Date())}T00:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A ride starting 20 days from today, ₹5,000 the whole trip, with the tiers; two riders who paid it. */
async function rideWithPaidRiders(page: Page, db: Database, prefix: string) {
  const rideId = await addRide(page, db, uniqueTitle(prefix), {
    startDate: daysFromToday(20),
    endDate: daysFromToday(24),
    lastBookingDate: daysFromToday(19),
    tripCost: "₹5,000",
    bookingCost: "₹5,000",
    registration: { mode: "site", seats: 5, options: { solo: { offered: true } }, cancellation: TIERS },
  });
  const paid = async (n: number) => {
    const booked = await registerRider(db, rideId, riderForm(n));
    await setPayment(db, booked.registration.id, "paid", { actor: ADMIN });
    return booked;
  };
  return { rideId, riders: [await paid(1), await paid(2)] as const };
}

test("a rider cancels 20 days before the start, reads the tiers' quote and takes credit @mobile", async ({
  adminPage: page,
  db,
}) => {
  const { rideId, riders } = await rideWithPaidRiders(page, db, "Nilgiri Loop");
  const [{ token }] = riders;

  // The ride page says the tiers, before the policy in words.
  await page.goto(`/ride/${rideId}`);
  await expect(page.getByTestId("policy-rules")).toContainText("29–15 days: 25 % kept");
  await expect(page.getByTestId("policy-rules")).toContainText("Fewer than 7 days before the start: nothing refunded");

  await page.goto(`/booking/${token}`);
  await page.getByRole("button", { name: "Cancel my registration" }).click();
  await expect(page.getByTestId("cancel-quote")).toHaveText(
    "You paid ₹5,000. Cancelling today, 20 days before the start, we keep 25 % (₹1,250): ₹3,750 comes back.",
  );
  await expect(page.getByRole("radio", { name: "Refund to how I paid" })).toBeVisible();
  await page.getByRole("radio", { name: "Keep as credit for a future ride" }).check();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Yes, cancel my registration" }).click();

  await expect(page.getByTestId("booking-status")).toHaveText("Cancelled");
  await expect(page.getByText("Your registration is cancelled.")).toBeVisible();
  await expect(page.getByText(/Under the cancellation policy the organisers keep ₹1,250\./)).toBeVisible();
  await expect(page.getByText(/₹3,750 is yours as credit for a future ride\./)).toBeVisible();
  // Each step's money document: the payment's receipt, and the credit given back's.
  const receipts = page.getByRole("region", { name: "Receipts" });
  await expect(receipts.getByRole("link", { name: /^Payment receipt PR\d{4}-\d{6}$/ })).toBeVisible();
  await expect(receipts.getByRole("link", { name: /^Refund receipt RR\d{4}-\d{6}$/ })).toBeVisible();
  await expect(receipts).toContainText("₹3,750.00");
  await expectNoA11yViolations(page);
});

test("an organiser cancels a ride: a rider chooses a refund on their booking page, the admin records another's credit @mobile", async ({
  adminPage: page,
  db,
}) => {
  const { rideId, riders } = await rideWithPaidRiders(page, db, "Konkan Coast");
  const [first, second] = riders;
  await setRideStatus(db, rideId, "cancelled");

  await page.goto(`/booking/${first.token}`);
  const back = page.getByRole("region", { name: "Your money back" });
  await expect(back.getByTestId("refund-to-choose")).toHaveText(
    "The ride is cancelled: everything you paid, ₹5,000, is yours back.",
  );
  await back.getByRole("radio", { name: "Refund to how I paid" }).check();
  await expectNoA11yViolations(page);
  await back.getByRole("button", { name: "Cancel my booking and send my choice" }).click();
  await expect(page.getByText("Your choice is saved: your money is on its way back as you chose.")).toBeVisible();
  await expect(page.getByTestId("booking-status")).toHaveText("Cancelled");
  const pending = page.getByRole("region", { name: "Refunds" }).getByTestId("refund");
  await expect(pending).toContainText("₹5,000");
  await expect(pending).toContainText("Pending");

  // The other rider's choice, recorded by the admin from the Riders page.
  await page.goto(`/admin/rides/${rideId}/riders`);
  const card = page.locator(`[data-testid="rider"][data-reference="${second.registration.reference}"]`);
  await expect(card.getByTestId("refund-to-choose")).toContainText("₹5,000 owed back, no way chosen yet");
  await card.getByRole("button", { name: `Keep as credit ${second.registration.reference}` }).click();
  await expect(statusLine(page)).toHaveText(`${second.registration.reference}: kept as credit for a future ride`);
  await expect(card.getByTestId("refund-to-choose")).toHaveCount(0);
  await expect(card).toContainText("Cancelled");
});

test("an owner cancels keeping less than the quote, with a reason; the rider chooses credit on their booking page @mobile", async ({
  adminPage: page,
  db,
}) => {
  const { rideId, riders } = await rideWithPaidRiders(page, db, "Hampi Ruins");
  const { registration, token } = riders[0];
  await page.goto(`/admin/rides/${rideId}/riders`);
  const card = page.locator(`[data-testid="rider"][data-reference="${registration.reference}"]`);
  await card.getByRole("button", { name: `Cancel registration ${registration.reference}` }).click();
  const panel = card.getByTestId("cancel-panel");
  await expect(panel).toContainText("Paid ₹5,000: the policy keeps ₹1,250, ₹3,750 goes back.");
  await panel.getByLabel(/^Amount kept/).fill("500");
  await panel.getByLabel(/^Why another amount/).fill("Medical emergency");
  await expectNoA11yViolations(page);
  await panel.getByRole("button", { name: `Yes, cancel ${registration.reference}` }).click();
  await expect(statusLine(page)).toContainText("cancelled successfully");
  await expect(card.getByTestId("owed-back")).toHaveText("₹4,500");
  await expect(card.getByTestId("refund-to-choose")).toContainText("₹4,500 owed back, no way chosen yet");

  await page.goto(`/booking/${token}`);
  const back = page.getByRole("region", { name: "Your money back" });
  await expect(back.getByTestId("refund-to-choose")).toHaveText("₹4,500 is yours back.");
  await back.getByRole("radio", { name: "Keep as credit for a future ride" }).check();
  await back.getByRole("button", { name: "Send my choice" }).click();
  await expect(page.getByText("Your choice is saved: your money is on its way back as you chose.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your money back" })).toHaveCount(0);
  await expect(page.getByText(/₹4,500 is yours as credit for a future ride\./)).toBeVisible();
});

test.describe("without JavaScript", () => {
  // A confirm sent without a choice comes back as a 400 page, which Chromium reports on the console.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test("a rider cancels with the quote on a plain page and a refund to how they paid @mobile", async ({
    adminPage,
    page,
    db,
  }) => {
    const { riders } = await rideWithPaidRiders(adminPage, db, "Western Ghats");
    await page.goto(`/booking/${riders[0].token}`);
    await page.getByRole("button", { name: "Cancel my registration" }).click();
    await expect(page).toHaveURL(/\?confirm=cancel$/);
    await expect(page.getByTestId("cancel-quote")).toContainText("we keep 25 % (₹1,250): ₹3,750 comes back.");
    await page.getByRole("radio", { name: "Refund to how I paid" }).check();
    await page.getByRole("button", { name: "Yes, cancel my registration" }).click();
    await expect(page.getByTestId("booking-status")).toHaveText("Cancelled");
    const pending = page.getByRole("region", { name: "Refunds" }).getByTestId("refund");
    await expect(pending).toContainText("₹3,750");
    await expect(pending).toContainText("Pending");
  });
});
