import type { Page } from "@playwright/test";
import { rideIdByTitle, testOnOwnAdminServer } from "./support/admin-helpers.ts";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { fillLadakhForm } from "./support/registration-form.ts";
import { waitForHydration } from "./support/hydration.ts";
import { newBrowser } from "./support/new-browser.ts";
import { freshMobile } from "./support/fresh-mobile.ts";

// docs/features/seat-transfer.md: a confirmed rider hands their seat to a friend. Rider A
// registers for the demo Leh–Ladakh ride (it takes registrations on the site), makes a transfer
// link on their booking page; the friend opens it in another browser, gives their details and
// lands on their own booking page; A's link opens nothing, and the organisers' Riders page
// names the friend. On a server of its own, on the demo content. The same form posted without
// JavaScript: tests/integration/seat-transfer-form.test.ts.

// Access lines logged, to show the transfer link's token is not among them.
const test = testOnOwnAdminServer({ seedDemo: true, env: { LOG_LEVEL: "info" } });
// A's old link answers 404, which the browser reports in its console.
test.use({ allowedConsoleErrors: [/status of 404/] });

const LADAKH = "Leh–Ladakh Expedition";

/** Rider A registers and makes a transfer link: their booking page's address, the reference and the link. */
async function registerAndOffer(page: Page, rideId: string, name: string) {
  await page.goto(`/ride/${rideId}/register`);
  await fillLadakhForm(page, { name, mobile: freshMobile() });
  await page.getByRole("radio", { name: /^Solo rider/ }).check();
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{43}$/);
  await expect(page.getByTestId("booking-status")).toHaveText("Confirmed");
  const reference = (await page.getByTestId("booking-reference").textContent())!;
  const transfer = page.getByRole("region", { name: "Hand your seat to a friend" });
  await transfer.getByRole("button", { name: "Make a transfer link" }).click();
  const link = await page.getByTestId("transfer-link").inputValue();
  expect(link).toMatch(/\/transfer\/[\w-]{43}$/);
  await expect(transfer.getByRole("link", { name: "Send on WhatsApp" })).toHaveAttribute(
    "href",
    `https://wa.me/?text=${encodeURIComponent(`Take my seat on the ride: ${link}`)}`,
  );
  return { bookingUrl: page.url(), reference, link };
}

test("a rider hands their seat to a friend, who gets the booking and its own link", async ({
  adminPage,
  ownServer,
  browser,
}) => {
  const rideId = await rideIdByTitle(ownServer.db, LADAKH);
  const a = await newBrowser(browser, ownServer.baseURL);
  const { bookingUrl, reference, link } = await registerAndOffer(a.page, rideId, "Asha Transferring");
  await expectNoA11yViolations(a.page);

  const friend = await newBrowser(browser, ownServer.baseURL);
  const response = await friend.page.goto(link);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(friend.page.getByRole("heading", { level: 1, name: LADAKH })).toBeVisible();
  const seat = friend.page.getByTestId("transfer-seat");
  await expect(seat).toContainText(reference);
  await expect(seat).toContainText("not paid yet");
  await expect(friend.page.getByText("Asha Transferring")).toHaveCount(0);
  await waitForHydration(friend.page);
  await expectNoA11yViolations(friend.page);
  // The seat's option only: a solo seat stays solo.
  await expect(friend.page.getByRole("radio")).toHaveCount(1);
  await fillLadakhForm(friend.page, { name: "Farah Friend", mobile: freshMobile() });
  await friend.page.getByRole("button", { name: "Take the seat" }).click();

  await expect(friend.page).toHaveURL(/\/booking\/[\w-]{43}\?done=transferred$/);
  await expect(friend.page.getByRole("status").filter({ hasText: "The seat is yours" })).toBeVisible();
  await expect(friend.page.getByTestId("booking-reference")).toHaveText(reference);
  await expect(friend.page.getByTestId("booking-status")).toHaveText("Confirmed");
  await expect(friend.page.getByRole("heading", { name: "Booking amount" })).toBeVisible();
  await expect(friend.page.getByLabel("Full name", { exact: true })).toHaveValue("Farah Friend");
  expect(friend.page.url()).not.toBe(bookingUrl);

  // A's link opens nothing any more, and the transfer link is used.
  const old = await a.page.goto(bookingUrl);
  expect(old?.status()).toBe(404);
  await expect(a.page.getByRole("heading", { name: "Booking not found" })).toBeVisible();
  await a.page.goto(link);
  await expect(a.page.getByRole("heading", { name: "Transfer link not valid" })).toBeVisible();

  // The organisers see the friend on the seat, not A.
  await adminPage.goto(`/admin/rides/${rideId}/riders`);
  const row = adminPage.getByTestId("rider").filter({ hasText: reference });
  await expect(row).toContainText("Farah Friend");
  await expect(adminPage.getByText("Asha Transferring")).toHaveCount(0);

  // The link's token is a secret: the access log names the route, never the token.
  const token = link.split("/transfer/")[1]!;
  expect(ownServer.logs()).toContain("/transfer/[token]");
  expect(ownServer.logs()).not.toContain(token);

  expect([...a.problems, ...friend.problems]).toEqual([]);
  await a.context.close();
  await friend.context.close();
});
