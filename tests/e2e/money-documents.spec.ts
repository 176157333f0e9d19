import { extractText, getDocumentProxy } from "unpdf";
import { addRide, statusLine, testOnOwnAdminServer, uniqueTitle } from "./support/admin-helpers.ts";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { fillRegistration } from "./support/registration-form.ts";
import { freshMobile } from "./support/fresh-mobile.ts";

// A receipt for every rupee (docs/features/money-documents.md): an admin records a rider's payment
// on the Riders page; the rider's booking page lists its payment receipt, whose PDF downloads and
// reads back with its number and amount.

const test = testOnOwnAdminServer({});

test("a payment an admin records gives the rider a receipt to download @mobile", async ({ adminPage: page, db }) => {
  const title = uniqueTitle("Spiti Valley Circuit");
  const rideId = await addRide(page, db, title, {
    startDate: "2099-02-10",
    endDate: "2099-02-18",
    tripCost: "₹38,500",
    bookingCost: "₹10,000",
    registration: { mode: "site", seats: 5, options: { solo: { offered: true } } },
  });

  await page.goto(`/ride/${rideId}/register`);
  await fillRegistration(page, { name: "Asha Rao", mobile: freshMobile() });
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{43}$/);
  const bookingUrl = page.url();
  const reference = (await page.getByTestId("booking-reference").textContent())!;
  // Nothing paid, nothing issued.
  await expect(page.getByRole("heading", { name: "Receipts" })).toHaveCount(0);

  await page.goto(`/admin/rides/${rideId}/riders`);
  const card = page.locator(`[data-testid="rider"][data-reference="${reference}"]`);
  await card.getByRole("button", { name: `Mark paid ${reference}` }).click();
  await expect(statusLine(page)).toHaveText(`${reference} marked as paid successfully`);

  await page.goto(bookingUrl);
  const receipts = page.getByRole("region", { name: "Receipts" });
  await expect(receipts).toBeVisible();
  const link = receipts.getByRole("link", { name: /^Payment receipt PR\d{4}-\d{6}$/ });
  await expect(link).toBeVisible();
  await expect(receipts).toContainText("₹10,000.00");
  const code = (await link.textContent())!.replace("Payment receipt ", "");
  await expectNoA11yViolations(page);

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`${code}.pdf`);
  const file = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(Buffer.concat(chunks))), {
    mergePages: true,
  });
  expect(text).toContain("Payment receipt");
  expect(text).toContain(code);
  expect(text).toContain("Asha Rao");
  expect(text).toContain(`Booking ${reference}`);
  expect(text).toContain("₹10,000.00");
});
