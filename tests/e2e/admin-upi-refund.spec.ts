import { randomInt } from "node:crypto";
import { setPayment } from "~/server/registrations/admin-changes.server";
import { siteRide } from "../support/fixtures";
import { claimRefund } from "../support/refunds";
import { registerRider, riderForm } from "../support/registration-fixtures";
import { statusLine, testOnOwnAdminServer } from "./support/admin-helpers.ts";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";

// A UPI refund (docs/features/refunds.md) on a phone: the rider sees it pending ("the organisers
// will send it by UPI"); an admin finds it on Payments → Refunds, sends it from their UPI app and
// records its UTR (a wrong one refused with the reason); the rider's page shows it processed with
// the UTR, and the cancelled booking's card on the Riders page, which asked for it, no longer does.

const test = testOnOwnAdminServer({});
// The refused UTR answers 400, as every refused admin form does.
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

test("an admin records a UPI refund's UTR and the rider sees it processed @mobile", async ({ adminPage: page, db }) => {
  const ride = await siteRide(db, { seats: 5 }, { title: `Spiti refund ${randomInt(1e6)}` });
  const { registration, token } = await registerRider(db, ride.id, riderForm(1));
  await setPayment(db, registration.id, "paid", { actor: { id: null, email: "e2e" } });
  // The rider chose "refund to how I paid": a claimed UPI refund of the payment.
  await claimRefund(db, registration.id, { method: "upi" });
  const reference = registration.reference;

  await page.goto(`/booking/${token}`);
  const refund = page.getByRole("region", { name: "Refunds" }).getByTestId("refund");
  await expect(refund).toContainText("To your UPI");
  await expect(refund).toContainText("Pending");
  await expect(refund).toContainText("The organisers will send it by UPI.");

  // The cancelled booking's card on the ride's Riders page asks for it too.
  await page.goto(`/admin/rides/${ride.id}/riders`);
  const card = page.locator(`[data-testid="rider"][data-reference="${reference}"]`);
  await expect(card.getByTestId("upi-refund")).toHaveText("Refund ₹10,000 by UPI — record the UTR");

  await page.goto("/admin/payments/refunds");
  const listed = page.getByTestId("refund").filter({ hasText: reference });
  await expect(listed).toContainText("₹10,000");
  await expect(listed).toContainText(ride.title);
  await expect(listed.getByTestId("upi-refund")).toHaveText("Refund ₹10,000 by UPI — record the UTR");
  await expectNoA11yViolations(page);
  await listed.getByLabel("UTR of the refund you sent (12 digits)").fill("12345");
  await listed.getByRole("button", { name: `Record refund ${reference}` }).click();
  await expect(statusLine(page)).toHaveText("Cannot record the refund: Enter the 12-digit UPI transaction id (UTR)");
  await listed.getByLabel("UTR of the refund you sent (12 digits)").fill("512345678901");
  await listed.getByRole("button", { name: `Record refund ${reference}` }).click();
  await expect(statusLine(page)).toHaveText(`Refund of ₹10,000 to ${reference} recorded as sent`);
  await expect(page.getByTestId("refund").filter({ hasText: reference })).toHaveCount(0);

  await page.goto(`/admin/rides/${ride.id}/riders`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId("upi-refund")).toHaveCount(0);

  await page.goto(`/booking/${token}`);
  await expect(refund).toContainText("Processed");
  await expect(refund).toContainText("UPI transaction id (UTR) 512345678901.");
});
