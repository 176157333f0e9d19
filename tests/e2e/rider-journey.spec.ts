import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { findOrCreateRider } from "~/features/rider-accounts/server/riders.server";
import { createOrPromoteAdmin } from "~/server/team/users.server";
import { siteRide } from "../support/fixtures";
import { riddenSiteRide } from "../support/passport-fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";
import { signInAs } from "./support/admin-fixtures.ts";
import { statusLine } from "./support/admin-helpers.ts";
import { expect } from "./support/fixtures.ts";
import { fillLadakhForm, fillRegistration } from "./support/registration-form.ts";
import { publicRide, ridePath } from "./support/ride-helpers.ts";
import { newBrowser } from "./support/new-browser.ts";
import { testOnOwnMailingServer } from "./support/own-server.ts";
import { askForSignInLink, mailedSignInLink } from "./support/sign-in-mail.ts";
import { virtualAuthenticator } from "./support/virtual-authenticator.ts";
import { freshMobile } from "./support/fresh-mobile.ts";

// Issue 25 end to end: one rider's whole journey with their account, in order, on one server of
// its own (the demo content, whose Leh–Ladakh ride takes registrations on the site, plus two more
// such rides), mailing through a local SMTP server. Each piece has its own spec with the details
// (rider-sign-in, rider-data, rider-credit, seat-transfer, ride-passport); this one shows they
// hold together for one person. WebAuthn refuses an IP address as relying party, so the server
// is addressed as http://localhost:<port>.

const LADAKH = "Leh–Ladakh Expedition";
const COORG = "Coorg Coffee Trail";
const KABINI = "Kabini Backwaters Loop";
const RIDDEN = "Western Ghats Monsoon Run";
// The demo's UPI payee (app/server/seed/demo-content.server.ts).
const UPI = "upi://pay?pa=roadbookriders@demo&pn=Roadbook%20Riders";

const test = testOnOwnMailingServer({
  seedDemo: true,
  localhost: true,
  prepare: async (db) => {
    const upcoming = { lastBookingDate: "", bookingFormUrl: "" };
    const solo = { seats: 10, options: { solo: { offered: true } } };
    await siteRide(db, solo, {
      ...upcoming,
      title: COORG,
      startDate: "2099-02-10",
      endDate: "2099-02-12",
      bookingCost: "₹5,000",
    });
    await siteRide(db, solo, {
      ...upcoming,
      title: KABINI,
      startDate: "2099-03-10",
      endDate: "2099-03-18",
      bookingCost: "₹12,000",
    });
  },
});
// The rider's old booking link answers 404 once the seat is handed on.
test.use({ allowedConsoleErrors: [/the server responded with a status of 404/] });

/** The rider's booking page after Register: its address and reference. */
async function booked(page: Page) {
  await expect(page).toHaveURL(/\/booking\/[\w-]{43}$/);
  await expect(page.getByTestId("booking-status")).toHaveText("Confirmed");
  return { url: page.url(), reference: (await page.getByTestId("booking-reference").textContent())!.trim() };
}

test("one rider: books signed out, signs in by mail, saved details, credit, a seat handed on, a passkey, a public passport", async ({
  page,
  browser,
  baseURL,
  ownServer,
  smtp,
}) => {
  const { db } = ownServer;
  const email = `asha-${randomInt(1e9)}@example.com`;
  const mobile = freshMobile();
  const [ladakh, coorg, kabini] = await Promise.all([
    publicRide(db, LADAKH),
    publicRide(db, COORG),
    publicRide(db, KABINI),
  ]);
  const myRides = () => page.getByRole("region", { name: "Upcoming rides" });

  // The organiser, in a browser of their own.
  const { user } = await createOrPromoteAdmin(db, {
    email: "journey-owner@roadbook.test",
    password: "journey-password-2027",
  });
  const admin = await newBrowser(browser, baseURL!);
  await signInAs(admin.page, db, user.id, baseURL!);
  /** The organiser's card of a booking on the ride's Riders page. */
  const riderCard = async (rideId: string, reference: string) => {
    await admin.page.goto(`/admin/rides/${rideId}/riders`);
    return admin.page.locator(`[data-testid="rider"][data-reference="${reference}"]`);
  };

  const ladakhBooking = await test.step("1. books the Leh–Ladakh ride signed out, with an email", async () => {
    await page.goto(`${ridePath(ladakh)}/register`);
    await expect(page.getByRole("link", { name: "Sign in to fill this in from your saved details" })).toBeVisible();
    await fillLadakhForm(page, { name: "Asha Rao", mobile, email });
    await page.getByLabel(/^Solo rider/).check();
    await page.getByRole("button", { name: "Register" }).click();
    const booking = await booked(page);
    await expect(page.getByTestId("booking-account")).toHaveCount(0);
    return booking;
  });

  await test.step("2. signs in at /me by the mailed link; the booking joins the account on a press", async () => {
    await askForSignInLink(page, "/me", email);
    await page.goto(await mailedSignInLink(smtp, email));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("rider-email")).toHaveText(email);
    await expect(myRides()).toContainText("No upcoming rides");

    await page.goto(ladakhBooking.url);
    await page.getByRole("button", { name: "Add it to My rides" }).click();
    await expect(page.getByTestId("booking-account")).toContainText("This booking is in your account");
    await page.goto("/me");
    await expect(myRides()).toContainText(LADAKH);
    await expect(myRides()).toContainText(`Booking ${ladakhBooking.reference} · Confirmed`);
  });

  // Details are saved only with consent, at a registration made signed in (docs/features/rider-data.md):
  // the Ladakh booking, made signed out, saved nothing, so the first form signed in is still empty
  // and its box unticked; ticked, it saves them, and the next form (step 4) is filled in.
  const coorgBooking = await test.step("3. books a second ride signed in, saving the details", async () => {
    await page.goto(`${ridePath(coorg)}/register`);
    await expect(page.getByLabel("Full name", { exact: true })).toHaveValue("");
    const save = page.getByLabel("Save these details to my account for my next registration");
    await expect(save).not.toBeChecked();
    await fillRegistration(page, { name: "Asha Rao", mobile, email });
    await save.check();
    await page.getByRole("button", { name: "Register" }).click();
    return booked(page);
  });

  await test.step("4. a paid booking cancelled becomes credit; the next booking's UPI link asks for the rest", async () => {
    const card = await riderCard(coorg.id, coorgBooking.reference);
    await card.getByRole("button", { name: `Mark paid ${coorgBooking.reference}` }).click();
    await expect(statusLine(admin.page)).toHaveText(`${coorgBooking.reference} marked as paid successfully`);

    await page.goto(coorgBooking.url);
    await page.getByRole("button", { name: "Cancel my registration" }).click();
    await page.getByRole("button", { name: "Yes, cancel my registration" }).click();
    await expect(page.getByTestId("booking-status")).toHaveText("Cancelled");
    // A ride without cancellation rules gives it all back as credit, at once (docs/features/cancellation.md).
    await expect(page.getByText(/₹5,000 is yours as credit for a future ride/)).toBeVisible();
    await page.goto("/me");
    const credit = page.getByRole("region", { name: "Credit" });
    await expect(credit).toContainText("₹5,000 to use on your next booking");

    // The saved details fill the form in; the credit is offered, ticked.
    await page.goto(`${ridePath(kabini)}/register`);
    await expect(page.getByLabel("Full name", { exact: true })).toHaveValue("Asha Rao");
    await expect(page.getByLabel("Mobile number", { exact: true })).toHaveValue(`+91${mobile}`);
    await expect(page.getByLabel("Emergency contact name")).toHaveValue("Ravi Rao");
    await expect(page.getByLabel(/^Update the details saved on my account/)).toBeChecked();
    await expect(page.getByLabel("Use my credit: ₹5,000 available")).toBeChecked();
    await page.getByLabel("I will carry the mandatory things listed above.").check();
    await page.getByLabel("I accept the cancellation policy.").check();
    await page.getByLabel(/^I agree that the organisers use my details/).check();
    await page.getByRole("button", { name: "Register" }).click();
    const { reference } = await booked(page);
    await expect(page.getByRole("region", { name: "Booking amount" })).toContainText("₹5,000 paid with credit");
    await expect(page.getByRole("link", { name: "Pay by UPI app" })).toHaveAttribute(
      "href",
      `${UPI}&am=7000.00&cu=INR&tn=${reference}`,
    );
  });

  await test.step("5. hands the Ladakh seat to a friend, who takes it in a browser of their own", async () => {
    await page.goto(ladakhBooking.url);
    await page
      .getByRole("region", { name: "Hand your seat to a friend" })
      .getByRole("button", { name: "Make a transfer link" })
      .click();
    const link = await page.getByTestId("transfer-link").inputValue();

    const friend = await newBrowser(browser, baseURL!);
    await friend.page.goto(link);
    await expect(friend.page.getByTestId("transfer-seat")).toContainText(ladakhBooking.reference);
    await expect(friend.page.getByText("Asha Rao")).toHaveCount(0);
    await waitForHydration(friend.page);
    await fillLadakhForm(friend.page, { name: "Farah Friend", mobile: freshMobile() });
    await friend.page.getByRole("button", { name: "Take the seat" }).click();
    await expect(friend.page.getByRole("status").filter({ hasText: "The seat is yours" })).toBeVisible();
    await expect(friend.page.getByTestId("booking-reference")).toHaveText(ladakhBooking.reference);
    expect(friend.problems).toEqual([]);
    await friend.context.close();

    const old = await page.goto(ladakhBooking.url);
    expect(old?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Booking not found" })).toBeVisible();
    await page.goto("/me");
    await expect(myRides()).toContainText(KABINI);
    await expect(myRides()).not.toContainText(LADAKH);
  });

  await test.step("6. adds a passkey, signs out, and signs in with it", async () => {
    await virtualAuthenticator(page);
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Your passkey is added" })).toBeVisible();
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page.getByRole("button", { name: "Email me a sign-in link" })).toBeVisible();
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByTestId("rider-email")).toHaveText(email);
    await expect(myRides()).toContainText(KABINI);
  });

  await test.step("7. checked in on a completed ride, makes the passport public: a first name and figures, nothing private", async () => {
    // The ride took place: a booking of the account, checked in, the ride completed (through the db).
    const rider = await findOrCreateRider(db, email);
    await riddenSiteRide(db, [{ n: 71, riderId: rider.id }], {
      overrides: { title: RIDDEN, startDate: "2027-05-01", endDate: "2027-05-02", distance: "420 km" },
    });

    await page.goto("/me/passport");
    await expect(page.getByTestId("passport-ride-list").getByRole("link")).toHaveText([RIDDEN]);
    await expect(page.getByTestId("passport-rides")).toHaveText("1");
    await expect(page.getByTestId("passport-kilometres")).toHaveText("420 km");
    await page.getByRole("button", { name: "Make my passport public" }).click();
    const publicPath = (await page.getByTestId("passport-public-link").getAttribute("href"))!;

    const visitor = await newBrowser(browser, baseURL!);
    const shown = await visitor.page.goto(publicPath);
    await expect(visitor.page.getByTestId("passport-title")).toHaveText("Asha's ride passport");
    await expect(visitor.page.getByTestId("passport-kilometres")).toHaveText("420 km");
    const html = await shown!.text();
    // Email, phones (as typed and as stored), the emergency contact, the surname; the ridden
    // booking's own answers (riderForm(71)) too.
    for (const text of [email, mobile, "Asha Rao", "Ravi Rao", "9123456789", "91234 56789", "9800000071"]) {
      expect(html, `the public passport shows ${text}`).not.toContain(text);
    }
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });

  expect(admin.problems).toEqual([]);
  await admin.context.close();
});
