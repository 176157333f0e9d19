import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { saveConfig } from "~/server/content/config.server";

import { configInput, siteRide } from "../support/fixtures";
import { riderForm, registerRider } from "../support/registration-fixtures";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { fillRegistration } from "./support/registration-form.ts";
import { type OwnServer, testOnOwnMailingServer } from "./support/own-server.ts";
import { waitForHydration } from "./support/hydration.ts";
import { freshMobile } from "./support/fresh-mobile.ts";
import { readMail } from "../support/mail-text.ts";

// Decision 020, the rider's side: seats on cards and the ride page, the registration form (with
// and without JavaScript), the private booking page with its UPI QR code, cancellation with the
// waitlist's first rider promoted and mailed, and the cut-off. A server of its own, mailing
// through a local SMTP server, with rides each test makes for itself.

const UPI_ID = "hillriders@okaxis";

const test = testOnOwnMailingServer({
  // Access lines logged, to show a booking page's token is not among them.
  env: { LOG_LEVEL: "info" },
  prepare: async (db) => {
    const company = { ...(configInput().company as object), upiId: UPI_ID, upiName: "Hill Riders" };
    await saveConfig(db, configInput({ company }));
  },
});

/** A ride taking registrations on the site, far enough ahead to be open; each test makes its own. */
function openRide(server: OwnServer, registration: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  return siteRide(
    server.db,
    { waitlist: true, ...registration },
    {
      title: `Coorg Coffee Trail ${randomInt(1e6)}`,
      startDate: "2099-02-10",
      endDate: "2099-02-12",
      lastBookingDate: "",
      bookingFormUrl: "",
      bookingCost: "₹2,000",
      ...overrides,
    },
  );
}

const bookingCard = (page: Page) => page.getByRole("region", { name: "Book This Ride" });

test.describe("ride registration", () => {
  test("a rider registers: seats left drop, the booking page shows the UPI QR code, the mail its links and a Reply-To @mobile", async ({
    page,
    ownServer,
    smtp,
  }) => {
    // From the cards to the form, the booking page and back: two accessibility scans, six pages.
    const ride = await openRide(ownServer, { seats: 12 });
    await page.goto("/upcoming");
    const card = page.getByTestId("ride-card").filter({ hasText: ride.title });
    await expect(card.getByTestId("seats-left")).toHaveText("12 seats left");

    await page.goto(`/ride/${ride.id}`);
    await expect(bookingCard(page).getByTestId("seats-left")).toHaveText("12 seats left");
    await expect(bookingCard(page).getByTestId("last-booking-date")).toHaveCount(0);
    await bookingCard(page).getByRole("link", { name: "Register Now" }).click();
    await expect(page).toHaveURL(`/ride/${ride.id}/register`);
    await expectNoA11yViolations(page);

    const email = `asha-${randomInt(1e9)}@example.com`;
    await fillRegistration(page, { name: "Asha Rao", mobile: freshMobile(), email });
    await page.getByRole("button", { name: "Register" }).click();

    await expect(page).toHaveURL(/\/booking\/[\w-]{43}$/);
    await expect(page.getByTestId("booking-reference")).toHaveText(/^RB-[2-9A-HJ-NP-Z]{4}$/);
    await expect(page.getByTestId("booking-status")).toHaveText("Confirmed");
    const reference = await page.getByTestId("booking-reference").textContent();
    const qr = page.getByRole("img", { name: /^UPI QR code: pay ₹2,000 to Hill Riders/ });
    await expect(qr).toBeVisible();
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(200);
    await expect(page.getByRole("link", { name: "Pay by UPI app" })).toHaveAttribute(
      "href",
      `upi://pay?pa=${UPI_ID}&pn=Hill%20Riders&am=2000.00&cu=INR&tn=${reference}`,
    );
    await expectNoA11yViolations(page);

    // The mail: replies go to the Contact page's email (no MAIL_REPLY_TO here), and it carries
    // the links themselves, never a QR code "below".
    await expect.poll(() => smtp.mails.filter((mail) => mail.to.includes(email)).length).toBe(1);
    const mail = smtp.mails.find((received) => received.to.includes(email))!;
    expect(mail.raw.split(/\r?\n\r?\n/)[0]).toMatch(/^Reply-To: hello@hillriders\.in$/im);
    const { text } = readMail(mail.raw);
    expect(text).toContain(`upi://pay?pa=${UPI_ID}&pn=Hill%20Riders&am=2000.00&cu=INR&tn=${reference}`);
    expect(text).toContain(page.url());
    expect(text).toContain(`Find your booking at ${new URL(page.url()).origin}/booking`);
    expect(text).not.toMatch(/\bbelow\b/);

    await page.goto(`/ride/${ride.id}`);
    await expect(bookingCard(page).getByTestId("seats-left")).toHaveText("11 seats left");
    await page.goto("/upcoming");
    await expect(card.getByTestId("seats-left")).toHaveText("11 seats left");
  });

  test("a rider saves the UPI transaction id of their payment on the booking page @mobile", async ({
    page,
    ownServer,
  }) => {
    const ride = await openRide(ownServer, { seats: 12 });
    const { token } = await registerRider(ownServer.db, ride.id, riderForm(4, { mobile: freshMobile() }));
    await page.goto(`/booking/${token}`);
    await page.getByLabel("UPI transaction id (UTR)").fill("4123 5678 9012");
    await page.getByRole("button", { name: "Save the UTR" }).click();
    await expect(page.getByRole("status")).toHaveText(/your UPI transaction id is saved/);
    await expect(page.getByLabel("UPI transaction id (UTR)")).toHaveValue("412356789012");
  });

  test("a rider cancels and the first waitlisted rider is confirmed and mailed @mobile", async ({
    page,
    ownServer,
    smtp,
  }) => {
    const ride = await openRide(ownServer, { seats: 1 });
    const first = await registerRider(ownServer.db, ride.id, riderForm(1, { mobile: freshMobile() }));
    const email = `waiting-${randomInt(1e9)}@example.com`;
    const second = await registerRider(ownServer.db, ride.id, riderForm(2, { mobile: freshMobile(), email }));
    expect(second.registration.status).toBe("waitlisted");

    await page.goto(`/ride/${ride.id}`);
    await expect(bookingCard(page).getByTestId("seats-left")).toHaveText("Full — join the waitlist");

    await page.goto(`/booking/${first.token}`);
    await page.getByRole("button", { name: "Cancel my registration" }).click();
    await expect(page.getByRole("alert")).toHaveText("Are you sure? This cannot be undone.");
    await expect(page.getByRole("alert")).toBeFocused();
    await page.getByRole("button", { name: "Yes, cancel my registration" }).click();
    await expect(page.getByRole("status")).toHaveText("Your registration is cancelled.");
    await expect(page.getByTestId("booking-status")).toHaveText("Cancelled");

    await page.goto(`/booking/${second.token}`);
    await expect(page.getByTestId("booking-status")).toHaveText("Confirmed");
    await expect(page.getByRole("img", { name: /^UPI QR code: pay ₹2,000 to/ })).toBeVisible();
    await expect
      .poll(() => smtp.mails.filter((mail) => mail.to.includes(email)).map((mail) => mail.raw.replace(/=\r?\n/g, "")))
      .toEqual([expect.stringContaining(`your registration ${second.registration.reference} is now confirmed`)]);

    await page.goto(`/ride/${ride.id}`);
    await expect(bookingCard(page).getByTestId("seats-left")).toHaveText("Full — join the waitlist");
  });

  test("with JavaScript, the form gives the server's messages as the rider goes, and sends nothing until they are fixed @mobile", async ({
    page,
    ownServer,
  }) => {
    const ride = await openRide(ownServer, { seats: 12 });
    await page.goto(`/ride/${ride.id}/register`);
    await waitForHydration(page);
    const mobile = page.getByLabel("Mobile number", { exact: true });
    await mobile.fill("12345");
    await mobile.blur();
    await expect(mobile).toHaveAccessibleDescription(
      "+91 is assumed without a country code Enter a valid mobile number (+91 is assumed without a country code)",
    );
    await mobile.fill("98765 43210");
    await mobile.blur();
    await expect(mobile).toHaveAccessibleDescription("+91 is assumed without a country code");

    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.getByRole("button", { name: "Register" }).click();
    const summary = page.getByRole("alert");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link", { name: "Name is required", exact: true })).toHaveAttribute("href", "#name");
    expect(posts).toEqual([]);

    await fillRegistration(page, { name: "Meera Iyer", mobile: freshMobile() });
    await expect(summary.getByRole("link")).toHaveCount(0);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/booking\/[\w-]{43}$/);
  });

  test("a ride past its last booking date refuses registrations @mobile", async ({ page, ownServer }) => {
    const ride = await openRide(ownServer, { seats: 12 }, { lastBookingDate: "2026-01-01" });
    await page.goto(`/ride/${ride.id}`);
    await expect(bookingCard(page).getByTestId("seats-left")).toHaveText("Registration closed");
    await expect(bookingCard(page).getByRole("link", { name: "Register Now" })).toHaveCount(0);
    await expect(bookingCard(page).getByTestId("last-booking-date")).toHaveText("Last booking date: 1 Jan 2026");

    await page.goto(`/ride/${ride.id}/register`);
    await expect(page.getByRole("alert")).toContainText("Registration closed: the last booking date has passed.");
    await expect(page.getByRole("form", { name: "Registration" })).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    // The refused form comes back as a 400 page, which Chromium reports on the console.
    test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

    test("the form answers with a message per field, keeps what was typed, then registers @mobile", async ({
      page,
      ownServer,
    }) => {
      const ride = await openRide(ownServer, { seats: 12 });
      await page.goto(`/ride/${ride.id}/register`);
      await page.getByLabel("Full name").fill("Kiran");
      await page.getByLabel("Mobile number", { exact: true }).fill("12345");
      await page.getByRole("button", { name: "Register" }).click();

      const summary = page.getByRole("alert");
      await expect(summary).toBeFocused();
      await expect(summary.getByRole("heading")).toHaveText("Please correct the highlighted fields");
      await expect(summary.getByRole("link", { name: /valid mobile number \(\+91/ })).toHaveAttribute(
        "href",
        "#mobile",
      );
      await expect(page.getByLabel("Mobile number", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Mobile number", { exact: true })).toHaveAccessibleDescription(
        /\+91 is assumed without a country code Enter a valid mobile number/,
      );
      await expect(page.getByLabel("Full name")).toHaveValue("Kiran");

      await fillRegistration(page, { name: "Kiran Shetty", mobile: freshMobile() });
      await page.getByRole("button", { name: "Register" }).click();
      await expect(page).toHaveURL(/\/booking\/[\w-]{43}$/);
      await expect(page.getByTestId("booking-status")).toHaveText("Confirmed");
      await expect(page.getByRole("img", { name: /^UPI QR code: pay ₹2,000 to/ })).toBeVisible();
    });
  });

  test("the private page is private: no-store, noindex, never a referrer elsewhere, its token not logged", async ({
    request,
    ownServer,
  }) => {
    const ride = await openRide(ownServer, { seats: 12 });
    const { token } = await registerRider(ownServer.db, ride.id, riderForm(3, { mobile: freshMobile() }));
    const response = await request.get(`/booking/${token}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect(response.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    expect(response.headers()["referrer-policy"]).toMatch(/(^|, )same-origin$/);
    expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/booking/");
    expect((await request.get(`/booking/${"A".repeat(43)}`)).status()).toBe(404);
    expect(ownServer.logs()).toContain('"path":"/booking/[token]"');
    expect(ownServer.logs()).not.toContain(token);
  });
});
