import type { Locator } from "@playwright/test";
import { saveConfig } from "~/server/content/config.server";
import { configInput } from "../support/fixtures";
import { decodeQr } from "../support/qr";
import { addRide, statusLine, testOnOwnAdminServer, uniqueTitle } from "./support/admin-helpers.ts";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { fillRegistration } from "./support/registration-form.ts";
import { freshMobile } from "./support/fresh-mobile.ts";

// The balance (docs/features/registrations.md): a rider books a seat on a ride with a trip cost and a booking amount,
// and the booking page shows both payments, each with its UPI QR code (decoded here as a
// phone's camera would), link and UTR; the rider saves the balance's UTR; the admin marks the
// balance paid on the Riders page, whose collected and still-due totals follow.

const UPI_ID = "hillriders@okaxis";

const test = testOnOwnAdminServer({
  prepare: async (db) => {
    const company = { ...(configInput().company as object), upiId: UPI_ID, upiName: "Hill Riders" };
    await saveConfig(db, configInput({ company }));
  },
});

/** The `upi://pay` link a QR code on the page holds, read from its drawing. */
async function qrText(qr: Locator): Promise<string | null> {
  const viewBox = (await qr.getAttribute("viewBox")) ?? "";
  const size = Number(viewBox.split(" ")[2]);
  const path = (await qr.locator("path").getAttribute("d")) ?? "";
  return decodeQr(size, path);
}

test("a rider pays the booking amount and the balance apart; the admin marks the balance paid", async ({
  adminPage: page,
  db,
}) => {
  const title = uniqueTitle("Spiti Valley Circuit");
  const rideId = await addRide(page, db, title, {
    startDate: "2099-02-10",
    endDate: "2099-02-18",
    tripCost: "₹38,500",
    bookingCost: "₹10,000",
    registration: { mode: "site", seats: 5, options: { solo: { offered: true } }, balanceDueDays: 10 },
  });

  await page.goto(`/ride/${rideId}/register`);
  await fillRegistration(page, { name: "Asha Rao", mobile: freshMobile() });
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{43}$/);
  const bookingUrl = page.url();
  const reference = (await page.getByTestId("booking-reference").textContent())!;

  // Both payments, each with its amount, QR code and link.
  await expect(page.getByRole("heading", { name: "Booking amount" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Balance", exact: true })).toBeVisible();
  await expect(page.getByText("Due by 31st January 2099, before the ride starts.")).toBeVisible();
  await expect(
    page.getByRole("listitem").filter({ hasText: "Pay the balance of ₹28,500 by 31st January 2099" }),
  ).toBeVisible();
  const bookingQr = page.getByRole("img", { name: /^UPI QR code: pay ₹10,000 to Hill Riders/ });
  const balanceQr = page.getByRole("img", {
    name: `UPI QR code: pay ₹28,500 to Hill Riders, note ${reference} balance`,
  });
  const balanceLink = `upi://pay?pa=${UPI_ID}&pn=Hill%20Riders&am=28500.00&cu=INR&tn=${reference}%20balance`;
  expect(await qrText(bookingQr)).toBe(`upi://pay?pa=${UPI_ID}&pn=Hill%20Riders&am=10000.00&cu=INR&tn=${reference}`);
  expect(await qrText(balanceQr)).toBe(balanceLink);
  const decoded = new URL((await qrText(balanceQr))!);
  expect(decoded.searchParams.get("am")).toBe("28500.00");
  expect(decoded.searchParams.get("tn")).toBe(`${reference} balance`);
  await expect(page.getByRole("link", { name: "Pay the balance by UPI app" })).toHaveAttribute("href", balanceLink);
  await expectNoA11yViolations(page);

  // The balance's UTR, kept apart from the booking amount's.
  await page.getByLabel("Balance: UTR (UPI transaction id)").fill("5123 5678 9012");
  await page.getByRole("button", { name: "Save the balance's UTR" }).click();
  await expect(page.getByRole("status")).toHaveText(/the UPI transaction id of your balance is saved/);
  await expect(page.getByLabel("Balance: UTR (UPI transaction id)")).toHaveValue("512356789012");
  await expect(page.getByLabel("UPI transaction id (UTR)", { exact: true })).toHaveValue("");

  // The admin sees what is collected and due, and marks the balance paid.
  await page.goto(`/admin/rides/${rideId}/riders`);
  const card = page.locator(`[data-testid="rider"][data-reference="${reference}"]`);
  await expect(page.getByTestId("collected")).toHaveText("₹0");
  await expect(page.getByTestId("still-due")).toHaveText("₹38,500");
  await expect(card.getByTestId("balance")).toHaveText("Due by 31 Jan 2099");
  await expect(card).toContainText("UTR 512356789012");
  await expectNoA11yViolations(page);
  await card.getByRole("button", { name: `Mark balance paid ${reference}` }).click();
  await expect(statusLine(page)).toHaveText(`${reference} balance marked as paid successfully`);
  await expect(card.getByTestId("balance")).toHaveText("Paid");
  await expect(card.getByTestId("payment")).toHaveText("Due");
  await expect(page.getByTestId("collected")).toHaveText("₹28,500");
  await expect(page.getByTestId("still-due")).toHaveText("₹10,000");

  // The rider's page says so, with nothing left to pay for the balance.
  await page.goto(bookingUrl);
  const balance = page.getByRole("region", { name: "Balance", exact: true });
  await expect(balance).toContainText("Received: thank you.");
  await expect(balance.getByRole("img")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Pay by UPI app" })).toBeVisible();
});
