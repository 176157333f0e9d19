import { extractText, getDocumentProxy } from "unpdf";
import { addRide, statusLine, testOnOwnAdminServer, uniqueTitle } from "./support/admin-helpers.ts";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { fillRegistration } from "./support/registration-form.ts";
import { freshMobile } from "./support/fresh-mobile.ts";

// GST mode (docs/features/money-documents.md): an owner turns it on; the form asks the rider's
// state; a payment gives a receipt voucher whose place of supply is the rider's state, with IGST
// since it is not the organiser's. Its own server: GST mode is the whole site's.

const test = testOnOwnAdminServer({});
// The refused GSTIN's answer is a 400, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 400/] });

test("in GST mode a payment gives a receipt voucher with the rider's place of supply", async ({
  adminPage: page,
  db,
}) => {
  await page.goto("/admin/payments/documents");
  await page.getByLabel("Issue GST documents").check();
  await page.getByLabel("Legal name").fill("Hill Riders Tours LLP");
  await page.getByLabel("Address").fill("12 MG Road, Pune 411001");
  await page.getByLabel("GSTIN").fill("27AAPFU0939F1ZW");
  await page.getByLabel("State", { exact: true }).selectOption({ label: "Maharashtra" });
  await page.getByRole("button", { name: "Save" }).click();
  // A GSTIN whose check character is wrong is refused, nothing saved.
  await expect(page.getByText("This GSTIN's check character is wrong")).toBeVisible();
  await page.getByLabel("GSTIN").fill("27AAPFU0939F1ZV");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(statusLine(page)).toHaveText("Saved: GST mode is on for the next documents.");
  await expectNoA11yViolations(page);

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
  await page.getByLabel("Your state").selectOption({ label: "Karnataka" });
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{43}$/);
  const bookingUrl = page.url();
  const reference = (await page.getByTestId("booking-reference").textContent())!;

  await page.goto(`/admin/rides/${rideId}/riders`);
  const card = page.locator(`[data-testid="rider"][data-reference="${reference}"]`);
  await card.getByRole("button", { name: `Mark paid ${reference}` }).click();
  await expect(statusLine(page)).toHaveText(`${reference} marked as paid successfully`);

  await page.goto(bookingUrl);
  const link = page.getByRole("region", { name: "Receipts" }).getByRole("link", { name: /^Receipt voucher RV\d{4}-/ });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(Buffer.concat(chunks))), {
    mergePages: true,
  });
  for (const printed of [
    "Receipt voucher",
    "Hill Riders Tours LLP",
    "GSTIN: 27AAPFU0939F1ZV",
    "Place of supply: 29 Karnataka",
    "SAC: 998555",
    // ₹10,000 with 5 % in it: ₹9,523.81 taxable, ₹476.19 IGST.
    "₹9,523.81",
    "IGST at 5%",
    "₹476.19",
    "₹10,000.00",
  ]) {
    expect(text).toContain(printed);
  }
});
