import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { listRecentActivity } from "~/server/audit/audit.server";
import { type Registration } from "~/server/registrations/rows.server";
import { getRide } from "~/server/rides/rides.server";
import { riderForm, registerRider } from "../support/registration-fixtures";
import {
  addRide,
  adminCard,
  postAction,
  statusLine,
  testOnOwnAdminServer,
  uniqueTitle,
} from "./support/admin-helpers.ts";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { ADMIN_EVENTS_PATH } from "~/domain/admin-links";
import { freshMobile } from "./support/fresh-mobile.ts";

// Decision 022, the admin's side, at phone size: from Ride Management to a ride's Riders page,
// where the admin marks a booking paid, filters, cancels a rider (the first waitlisted one is
// confirmed and named), exports the CSV (parsed here); then the check-in page, where riders are
// checked in and the ride's participants set to their count; the dashboard shows seats and the
// activity.

const test = testOnOwnAdminServer({});

/** Nothing overflows sideways: on a phone the page is read by scrolling down only. */
async function expectFitsWidth(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("the admin settles a ride's riders, exports them and checks them in @mobile", async ({ adminPage: page, db }) => {
  const title = uniqueTitle("Coorg Coffee Trail");
  const rideId = await addRide(page, db, title, {
    registration: { mode: "site", seats: 2, waitlist: true, options: { solo: { offered: true, price: "₹2,000" } } },
  });
  const mobiles = [freshMobile(), freshMobile(), freshMobile()];
  const riders = [];
  for (const [index, name] of ["Asha Rao", "Bala Iyer", "Chitra Nair"].entries()) {
    riders.push((await registerRider(db, rideId, riderForm(index + 1, { name, mobile: mobiles[index] }))).registration);
  }
  const [first, second, waiting] = riders as [Registration, Registration, Registration];
  expect(waiting.status).toBe("waitlisted");

  // From Ride Management to the Riders page.
  await page.goto("/admin/rides");
  await adminCard(page, title)
    .getByRole("link", { name: `Riders of ${title}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `Riders · ${title}` })).toBeVisible();
  await expect(page.getByTestId("seats-summary")).toContainText("2 of 2 seats booked, 0 left");
  await expect(page.getByTestId("seats-summary")).toContainText("1 waitlisted");
  const card = (reference: string) => page.locator(`[data-testid="rider"][data-reference="${reference}"]`);
  await expect(page.getByTestId("rider")).toHaveCount(3);
  await expect(card(first.reference).getByRole("link", { name: /WhatsApp/ })).toHaveAttribute(
    "href",
    `https://wa.me/91${mobiles[0]}`,
  );
  await expectNoA11yViolations(page);
  await expectFitsWidth(page);

  // Mark paid.
  await card(first.reference)
    .getByRole("button", { name: `Mark paid ${first.reference}` })
    .click();
  await expect(statusLine(page)).toHaveText(`${first.reference} marked as paid successfully`);
  await expect(card(first.reference).getByTestId("payment")).toHaveText("Paid");

  // Filters live in the URL.
  await page.getByLabel("Payment").selectOption("paid");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/payment=paid/);
  await expect(page.getByTestId("rider")).toHaveCount(1);
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page.getByTestId("rider")).toHaveCount(3);

  // Cancel a confirmed rider: the waitlisted one takes the seat, and the admin sees who.
  await card(second.reference)
    .getByRole("button", { name: `Cancel registration ${second.reference}` })
    .click();
  await card(second.reference)
    .getByRole("button", { name: `Yes, cancel ${second.reference}` })
    .click();
  await expect(statusLine(page)).toHaveText(
    `Bala Iyer cancelled successfully; confirmed from the waitlist: Chitra Nair (${waiting.reference})`,
  );
  await expect(card(waiting.reference)).toContainText("Confirmed");
  await expect(card(second.reference)).toContainText("Cancelled");

  // The CSV export, parsed.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^riders-coorg-coffee-trail-[\w-]+-2027-03-01\.csv$/);
  const bytes = await readFile((await download.path()) ?? "");
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const records = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
  expect(records.map((record) => [record.Name, record.Status, record["Booking payment"]])).toEqual([
    ["Asha Rao", "confirmed", "paid"],
    // A cancelled booking owes nothing: its charges are void (decision 059).
    ["Bala Iyer", "cancelled", ""],
    ["Chitra Nair", "confirmed", "due"],
  ]);
  expect(records[0]?.Mobile).toBe(`'+91${mobiles[0]}`);

  // Check-in at flag-off, then the ride's participants from the count.
  await page.getByRole("link", { name: "Check-in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Check-in · ${title}` })).toBeVisible();
  await expect(page.getByTestId("check-in-rider")).toHaveCount(2);
  await expect(page.getByTestId("check-in-count")).toHaveText("0 of 2 confirmed riders checked in");
  await page.getByRole("button", { name: "Check in Asha Rao" }).click();
  await expect(page.getByTestId("check-in-count")).toHaveText("1 of 2 confirmed riders checked in");
  await page.getByRole("button", { name: "Check in Chitra Nair" }).click();
  await expect(page.getByTestId("check-in-count")).toHaveText("2 of 2 confirmed riders checked in");
  await page.getByRole("button", { name: "Undo Chitra Nair" }).click();
  await expect(page.getByTestId("check-in-count")).toHaveText("1 of 2 confirmed riders checked in");
  await page.getByRole("button", { name: "Check in Chitra Nair" }).click();
  await expect(page.getByTestId("check-in-count")).toHaveText("2 of 2 confirmed riders checked in");
  await expectNoA11yViolations(page);
  await expectFitsWidth(page);
  await page.getByRole("button", { name: "Set participants to 2" }).click();
  await expect(statusLine(page)).toHaveText("Participants set to 2 successfully");
  await expect(page.getByTestId("ride-participants")).toHaveText("2");
  expect((await getRide(db, rideId))?.participants).toBe(2);

  // The dashboard: seats of the ride, and the changes in recent activity (by reference only).
  await page.goto("/admin");
  await expect(page.getByTestId("ride-seats").filter({ hasText: title })).toContainText("2 of 2 seats booked");
  // What its confirmed riders paid and still owe, from their ledgers: Asha's ₹2,000 in, Chitra's to come.
  await expect(page.getByTestId("ride-seats").filter({ hasText: title }).getByTestId("ride-money")).toHaveText(
    "₹2,000 collected · ₹2,000 still to pay",
  );
  await expectNoA11yViolations(page);
  await expect(page.getByTestId("recent-activity")).toContainText(
    `Marked booking ${first.reference} on "${title}" as paid`,
  );
  const summaries = (await listRecentActivity(db, 100)).map((entry) => entry.summary).join("\n");
  expect(summaries).not.toMatch(/Asha|Bala|Chitra/);
});

test("the Riders page shows a new registration as it arrives, without a reload", async ({ adminPage: page, db }) => {
  const title = uniqueTitle("Nandi Hills Dawn");
  const rideId = await addRide(page, db, title, { registration: { mode: "site", seats: 5 } });
  // The page hears of changes once its live stream is open: the registration comes after that.
  const live = page.waitForResponse((response) => new URL(response.url()).pathname === ADMIN_EVENTS_PATH);
  await page.goto(`/admin/rides/${rideId}/riders`);
  await expect(page.getByText("0 registrations shown")).toBeVisible();
  await live;

  // A rider posts the public form (another browser: no admin cookie).
  const rider = await page.context().browser()!.newContext();
  const answer = await rider.request.post(`${new URL(page.url()).origin}/ride/${rideId}/register`, {
    form: riderForm(1, { name: "Divya Shetty", mobile: freshMobile() }) as Record<string, string>,
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(answer.status(), await answer.text()).toBe(303);
  await rider.close();

  await expect(page.getByTestId("rider")).toHaveCount(1);
  await expect(page.getByTestId("rider")).toContainText("Divya Shetty");
  await expect(page.getByTestId("seats-summary")).toContainText("1 of 5 seats booked, 4 left");
});

test.describe("a ride that does not exist", () => {
  // The browser reports the page's 404 status in its console.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("has a Riders page that says so, answered with a 404", async ({ adminPage: page }) => {
    const missing = await page.goto("/admin/rides/no-such-ride/riders");
    expect(missing?.status()).toBe(404);
    await expect(page.getByText("This ride does not exist")).toBeVisible();
  });
});

test("the ride form's Registration section is checked in the form and by the server, a message per field", async ({
  adminPage: page,
  db,
}) => {
  const title = uniqueTitle("Kudremukh Loop");
  const rideId = await addRide(page, db, title);
  await page.goto(`/admin/rides?edit=${rideId}`);
  const section = page.getByRole("group", { name: "Registration" });
  await section.getByLabel("Registration").selectOption("site");
  await section.getByLabel("Rider with pillion (own bike, 2 seats)", { exact: true }).check();
  await section.getByLabel("Rider with pillion (own bike, 2 seats): price").fill("₹9,000");
  await page.getByRole("button", { name: "Update Ride" }).click();
  await expect(section.getByLabel("Seats", { exact: true })).toHaveAccessibleDescription(
    /Seats must be a whole number from 1 to 10,000/,
  );
  expect((await getRide(db, rideId))?.registration?.mode ?? "external").toBe("external");

  await section.getByLabel("Seats", { exact: true }).fill("12");
  await page.getByRole("button", { name: "Update Ride" }).click();
  await expect(statusLine(page)).toHaveText(/success/i);
  expect((await getRide(db, rideId))?.registration).toMatchObject({
    mode: "site",
    seats: 12,
    options: { solo: { offered: true }, pillion: { offered: true, price: "₹9,000" } },
  });
  await page.goto("/admin/rides");
  await expect(adminCard(page, title).getByRole("link", { name: `Riders of ${title}` })).toBeVisible();

  // The action itself, whatever the browser checked.
  const stored = (await getRide(db, rideId))!;
  const refused = await postAction(page, "/admin/rides", {
    intent: "update",
    id: rideId,
    version: stored.version,
    ride: {
      ...stored,
      registration: { mode: "site", seats: -3 },
    },
  });
  expect(refused.status()).toBe(400);
  const answer = await refused.text();
  expect(answer).toContain("Seats must be a whole number from 1 to 10,000");
  expect((await getRide(db, rideId))?.version).toBe(stored.version);
});
