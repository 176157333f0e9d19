import { saveConfig } from "~/server/content/config.server";
import { configInput } from "../support/fixtures";
import { addRide, statusLine, testOnOwnAdminServer, uniqueTitle } from "./support/admin-helpers.ts";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { fillRegistration } from "./support/registration-form.ts";
import { signInRiderDirectly } from "./support/rider-session.ts";
import { freshMobile } from "./support/fresh-mobile.ts";

// The credit ledger (docs/features/credit.md): a signed-in rider's paid booking, cancelled on a
// ride without tiers, becomes credit at once (its only way back: docs/features/cancellation.md);
// the rider's next booking spends it and the UPI link asks only for the rest; the admin's ledger of the rider shows it all and takes an
// adjustment with a note.

const UPI_ID = "hillriders@okaxis";

const test = testOnOwnAdminServer({
  seedDemo: true,
  prepare: async (db) => {
    const company = { ...(configInput().company as object), upiId: UPI_ID, upiName: "Hill Riders" };
    await saveConfig(db, configInput({ company }));
  },
});
// The refused adjustment answers 400, as every refused admin form does.
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

const registration = { mode: "site", seats: 5, options: { solo: { offered: true } } };

test("a cancelled paid booking becomes credit that the next booking spends; the admin keeps the ledger", async ({
  adminPage: page,
  db,
  baseURL,
}) => {
  const first = await addRide(page, db, uniqueTitle("Spiti Valley Circuit"), {
    startDate: "2099-02-10",
    endDate: "2099-02-18",
    tripCost: "₹10,000",
    bookingCost: "₹10,000",
    registration,
  });
  const secondTitle = uniqueTitle("Zanskar Loop");
  const second = await addRide(page, db, secondTitle, {
    startDate: "2099-03-10",
    endDate: "2099-03-18",
    tripCost: "₹15,000",
    bookingCost: "₹15,000",
    registration,
  });
  const rider = await signInRiderDirectly(page.context(), db, baseURL!, "asha.credit@example.com");

  // A booking with nothing to spend: no credit offered.
  await page.goto(`/ride/${first}/register`);
  await expect(page.getByLabel(/^Use my credit/)).toHaveCount(0);
  await fillRegistration(page, { name: "Asha Rao", mobile: freshMobile(), email: rider.email });
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{43}$/);
  const firstBooking = page.url();
  const reference = (await page.getByTestId("booking-reference").textContent())!;

  // The admin receives the booking amount.
  await page.goto(`/admin/rides/${first}/riders`);
  const card = page.locator(`[data-testid="rider"][data-reference="${reference}"]`);
  await card.getByRole("button", { name: `Mark paid ${reference}` }).click();
  await expect(statusLine(page)).toHaveText(`${reference} marked as paid successfully`);

  // The rider cancels: the ride's old promise gives it all back as credit, at once.
  await page.goto(firstBooking);
  await page.getByRole("button", { name: "Cancel my registration" }).click();
  await expect(page.getByTestId("cancel-quote")).toHaveText(
    /^You paid ₹10,000\. Cancelling today, \d+ days before the start, we keep nothing: all of it comes back\.$/,
  );
  await page.getByRole("button", { name: "Yes, cancel my registration" }).click();
  await expect(page.getByTestId("booking-status")).toHaveText("Cancelled");
  await expect(page.getByText(/₹10,000 is yours as credit for a future ride/)).toBeVisible();

  // The next booking spends it: the UPI payment asks only for the rest.
  await page.goto(`/ride/${second}/register`);
  await expect(page.getByLabel("Use my credit: ₹10,000 available")).toBeChecked();
  await fillRegistration(page, { name: "Asha Rao", mobile: freshMobile(), email: rider.email });
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{43}$/);
  const secondReference = (await page.getByTestId("booking-reference").textContent())!;
  const payment = page.getByRole("region", { name: "Booking amount" });
  await expect(payment).toContainText("₹5,000");
  await expect(payment).toContainText("₹10,000 paid with credit");
  const link = await page.getByRole("link", { name: "Pay by UPI app" }).getAttribute("href");
  expect(link).toBe(`upi://pay?pa=${UPI_ID}&pn=Hill%20Riders&am=5000.00&cu=INR&tn=${secondReference}`);
  await expectNoA11yViolations(page);

  // The admin's ledger of the rider: credited, used, left; an adjustment with a note.
  await page.goto(`/admin/riders/${rider.id}/credit`);
  await expect(page.getByRole("heading", { name: "Credit · asha.credit@example.com" })).toBeVisible();
  await expect(page.getByTestId("credit-credited")).toHaveText("₹10,000");
  await expect(page.getByTestId("credit-used")).toHaveText("₹10,000");
  await expect(page.getByTestId("credit-left")).toHaveText("₹0");
  await expect(page.getByTestId("credit-entry").filter({ hasText: secondTitle })).toContainText("−₹10,000");
  await expectNoA11yViolations(page);

  await page.getByLabel("Amount (₹)").fill("-100");
  await page.getByLabel("Note", { exact: true }).fill("Typo");
  await page.getByRole("button", { name: "Save the adjustment" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "left" })).toHaveText(
    "The rider has ₹0 left: at most that can be taken off",
  );
  await expect(page.getByLabel("Amount (₹)")).toHaveAccessibleDescription(/The rider has ₹0 left/);

  await page.getByLabel("Amount (₹)").fill("+500");
  await page.getByLabel("Note", { exact: true }).fill("Goodwill for the road closure");
  await page.getByRole("button", { name: "Save the adjustment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Credit adjusted" })).toHaveText(
    "Credit adjusted: ₹500 left.",
  );
  await expect(page.getByTestId("credit-left")).toHaveText("₹500");
  await expect(page.getByTestId("credit-entry").first()).toContainText("Goodwill for the road closure");

  // Credit confirmed after a booking was made pays it from the booking page.
  await page.goto(`/ride/${first}/register`);
  await page.getByLabel("Use my credit: ₹500 available").uncheck();
  await fillRegistration(page, { name: "Asha Rao", mobile: freshMobile(), email: rider.email });
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{43}$/);
  const thirdReference = (await page.getByTestId("booking-reference").textContent())!;
  const thirdPayment = page.getByRole("region", { name: "Booking amount" });
  await expect(thirdPayment.getByTestId("pay-with-credit")).toContainText("You have ₹500 of credit in your account.");
  await thirdPayment.getByRole("button", { name: "Pay with my credit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your credit is spent" })).toBeVisible();
  await expect(thirdPayment).toContainText("₹500 paid with credit");
  await expect(thirdPayment.getByTestId("pay-with-credit")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Pay by UPI app" })).toHaveAttribute(
    "href",
    `upi://pay?pa=${UPI_ID}&pn=Hill%20Riders&am=9500.00&cu=INR&tn=${thirdReference}`,
  );
  await expectNoA11yViolations(page);
});
