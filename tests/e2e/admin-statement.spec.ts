import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { MISMATCH_REASONS } from "~/domain/payments/match-statement";
import { submitUtrByToken } from "~/server/registrations/rider-changes.server";
import { riderForm, registerRider } from "../support/registration-fixtures";
import { statementCsv, type StatementCsvLine } from "../support/statement-csv";
import { addRide, testOnOwnAdminServer, uniqueTitle } from "./support/admin-helpers.ts";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { freshMobile } from "./support/fresh-mobile.ts";

// docs/features/bank-statements.md, Screens, at phone size: an organiser uploads the bank's
// statement, confirms its columns, reads 10 matches (by the UTR a rider gave, or by the
// booking reference in the payment's note) and the mismatches with their reasons, confirms the
// 10 in one press, and finds those bookings paid on the Riders page.

const test = testOnOwnAdminServer({});

const BOOKING = 200_000;

/** Nothing overflows sideways: on a phone the page is read by scrolling down only. */
async function expectFitsWidth(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** UTRs of one run of the test: runs (desktop, phone, repeats) may share a database, and a UTR pays one booking once. */
function utrsOfARun() {
  const run = randomInt(1e5);
  return (n: number) => `4${String(run).padStart(5, "0")}${String(n).padStart(6, "0")}`;
}

test("an organiser reconciles a bank statement with the bookings in one press @mobile", async ({
  adminPage: page,
  db,
}) => {
  const utr = utrsOfARun();
  const title = uniqueTitle("Nilgiri Loop");
  const rideId = await addRide(page, db, title, {
    startDate: "2027-04-10",
    endDate: "2027-04-12",
    tripCost: "₹12,000",
    bookingCost: "₹2,000",
    registration: { mode: "site", seats: 20 },
  });
  const bookings: Awaited<ReturnType<typeof registerRider>>[] = [];
  for (let n = 0; n < 12; n++) {
    bookings.push(
      await registerRider(db, rideId, riderForm(n + 1, { name: `Statement Rider ${n + 1}`, mobile: freshMobile() })),
    );
  }
  // Five riders give their UTR on their booking page; five put the booking reference in the note.
  for (let n = 0; n < 5; n++) await submitUtrByToken(db, bookings[n]!.token, utr(n + 1));
  const reference = (n: number) => bookings[n]!.registration.reference;
  const lines: StatementCsvLine[] = [
    ...[0, 1, 2, 3, 4].map((n) => ({ utr: utr(n + 1), amountPaise: BOOKING, note: "trip" })),
    ...[5, 6, 7, 8, 9].map((n) => ({ utr: utr(n + 1), amountPaise: BOOKING, note: reference(n) })),
    { utr: utr(11), amountPaise: 150_000, note: reference(10) },
    { utr: utr(12), amountPaise: BOOKING, note: "gift" },
    { utr: utr(13), amountPaise: 99_900, note: "refund" },
    { utr: utr(14), amountPaise: BOOKING, note: reference(11) },
    { utr: utr(14), amountPaise: BOOKING, note: reference(11) },
    { utr: utr(15), amountPaise: 50_000, note: "fuel", kind: "upi-debit" },
    { utr: utr(16), amountPaise: 80_000, note: "hotel", kind: "upi-debit" },
    { utr: utr(17), amountPaise: 20_000, note: "tea", kind: "upi-debit" },
    { utr: utr(18), amountPaise: BOOKING, note: reference(10), kind: "neft" },
    { utr: utr(19), amountPaise: 300_000, note: "sponsor", kind: "neft" },
  ];
  expect(lines).toHaveLength(20);

  await page.goto("/admin");
  // A phone folds the sidebar behind a menu button; a desktop shows it.
  const menu = page.getByRole("button", { name: "Open admin menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("link", { name: "Bank Statement" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bank Statement" })).toBeVisible();
  await page.getByLabel("Bank statement (CSV)").setInputFiles({
    name: "statement.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(statementCsv(lines)),
  });
  await page.getByRole("button", { name: "Upload statement" }).click();

  // The columns, guessed from the headings.
  await expect(page.getByRole("heading", { name: "Columns" })).toBeVisible();
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue("Date");
  await expect(page.getByLabel(/^Credit/)).toHaveValue("Deposit Amt.");
  await expect(page.getByLabel(/^UTR or reference/)).toHaveValue("Chq./Ref.No.");
  await page.getByRole("button", { name: "Match payments" }).click();

  // 10 matches; the mismatches with their reasons; debits and NEFT credits are not payments.
  const matches = page.getByTestId("statement-match");
  await expect(matches).toHaveCount(10);
  for (let n = 0; n < 10; n++) {
    await expect(page.locator(`[data-testid="statement-match"][data-reference="${reference(n)}"]`)).toContainText(
      `Statement Rider ${n + 1}`,
    );
  }
  const mismatches = page.getByTestId("statement-mismatch");
  await expect(mismatches).toHaveCount(5);
  await expect(mismatches.filter({ hasText: MISMATCH_REASONS["amount-differs"] })).toContainText(reference(10));
  await expect(mismatches.filter({ hasText: MISMATCH_REASONS["utr-unknown"] })).toHaveCount(2);
  await expect(mismatches.filter({ hasText: MISMATCH_REASONS["utr-twice"] })).toHaveCount(2);
  await expect(page.getByTestId("statement-summary")).toHaveText("15 UPI credits read: 10 matches, 5 mismatches.");
  await expectNoA11yViolations(page);
  await expectFitsWidth(page);

  await page.getByRole("button", { name: "Confirm 10 matches" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Recorded 10 payments as received." })).toBeVisible();
  // The statement read again: those lines' UTRs are recorded now.
  await expect(matches).toHaveCount(0);
  await expect(mismatches.filter({ hasText: MISMATCH_REASONS["already-recorded"] })).toHaveCount(10);

  await page.goto(`/admin/rides/${rideId}/riders`);
  const card = (n: number) => page.locator(`[data-testid="rider"][data-reference="${reference(n)}"]`);
  for (let n = 0; n < 10; n++) await expect(card(n).getByTestId("payment")).toHaveText("Paid");
  for (const n of [10, 11]) await expect(card(n).getByTestId("payment")).toHaveText("Due");
});
