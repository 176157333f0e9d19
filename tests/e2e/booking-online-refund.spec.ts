import { randomInt } from "node:crypto";
import { siteRide } from "../support/fixtures";
import { startRazorpayStandIn } from "../support/razorpay-standin";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { freshMobile } from "./support/fresh-mobile.ts";
import { testOnOwnMailingServer } from "./support/own-server.ts";
import { fillRegistration } from "./support/registration-form.ts";
import { signInRiderDirectly } from "./support/rider-session.ts";

// A refund that reaches the rider (docs/features/refunds.md) on a phone: a booking paid online
// is cancelled by its rider, who takes the money back the way they paid: a claimed online refund,
// sent to Razorpay (the stand-in) by the server's outbox, shown Pending on the booking page and in My rides; the bank processes it, its signed webhook reaches the server, and
// the page shows it Processed with Razorpay's reference, and the rider's mail says so.

// Started as this file loads: the server's environment names it.
const standIn = await startRazorpayStandIn({ webhookSecret: "e2e-refund-secret" });

const test = testOnOwnMailingServer({
  env: {
    LOG_LEVEL: "info",
    RAZORPAY_KEY_ID: standIn.keyId,
    RAZORPAY_KEY_SECRET: standIn.keySecret,
    RAZORPAY_WEBHOOK_SECRETS: "e2e-refund-secret",
    RAZORPAY_API_URL: standIn.apiUrl,
  },
});

test.afterAll(() => standIn.close());

test("a rider's online refund shows pending, then processed once the bank pays it @mobile", async ({
  page,
  context,
  ownServer,
  smtp,
}) => {
  standIn.webhook.url = `${ownServer.baseURL}/payments/razorpay/webhook`;
  const ride = await siteRide(
    ownServer.db,
    // Its rules keep nothing this far ahead; riders choose a refund or credit.
    { seats: 5, cancellation: { tiers: [{ daysBefore: 30, keepPercent: 0 }] } },
    {
      title: `Zanskar refund ${randomInt(1e6)}`,
      startDate: "2099-03-10",
      endDate: "2099-03-18",
      lastBookingDate: "",
      bookingFormUrl: "",
    },
  );
  const email = `refund-${randomInt(1e9)}@example.com`;
  await signInRiderDirectly(context, ownServer.db, ownServer.baseURL, email);
  await page.goto(`/ride/${ride.id}/register`);
  await fillRegistration(page, { name: "Asha Rao", mobile: freshMobile(), email });
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{43}$/);
  const bookingUrl = page.url();
  await page.getByRole("region", { name: "Booking amount" }).getByRole("button", { name: "Pay online" }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(`${bookingUrl}?done=paid-online`);

  // The rider cancels and takes the money back the way they paid.
  await page.getByRole("button", { name: "Cancel my registration" }).click();
  await expect(page.getByTestId("cancel-quote")).toContainText(
    /^You paid ₹10,000\. Cancelling today, \d+ days before the start, we keep nothing: all of it comes back\.$/,
  );
  await page.getByRole("radio", { name: "Refund to how I paid" }).check();
  await page.getByRole("button", { name: "Yes, cancel my registration" }).click();
  await expect(page.getByTestId("booking-status")).toHaveText("Cancelled");
  const refunds = page.getByRole("region", { name: "Refunds" });
  const refund = refunds.getByTestId("refund");
  await expect(refund).toContainText("₹10,000");
  await expect(refund).toContainText("To your card or account");
  await expect(refund).toContainText("Pending");
  await expect(refund).toContainText("usually 5–7 working days");
  // The payment has its receipt; the refund, on its way, none yet.
  const receipts = page.getByRole("region", { name: "Receipts" });
  await expect(receipts.getByRole("link", { name: /^Payment receipt PR\d{4}-\d{6}$/ })).toBeVisible();
  await expect(receipts.getByRole("link", { name: /^Refund receipt/ })).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The server's outbox sent it once it committed: one refund at Razorpay, pending.
  await expect.poll(() => standIn.refunds().length).toBeGreaterThan(0);
  const { id: entryId } = await ownServer.db
    .selectFrom("booking_entries")
    .innerJoin("registrations", "registrations.id", "booking_entries.registration_id")
    .select("booking_entries.id")
    .where("registrations.reference", "=", (await page.getByTestId("booking-reference").textContent())!)
    .where("registrations.ride_id", "=", ride.id)
    .where("booking_entries.kind", "=", "refund")
    .executeTakeFirstOrThrow();
  const made = standIn.refunds().find((each) => !Array.isArray(each.notes) && each.notes.entry === entryId);
  expect(made?.status).toBe("pending");
  await page.goto("/me");
  await expect(page.getByText("Refunds: ₹10,000 to your card or account: pending")).toBeVisible();

  // The bank pays it: Razorpay's signed refund.processed reaches the server. (The mail's
  // subject is MIME-encoded: its body is read, quoted-printable soft line breaks undone.)
  const processed = await standIn.settleRefund(made!.id, "processed");
  expect(processed.answers).toEqual([200]);
  await page.goto(bookingUrl);
  await expect(refund).toContainText("Processed");
  await expect(refund).toContainText(`Refund reference ${made!.id}.`);
  // Given back, the refund has its receipt too: on the page, and mailed with its PDF.
  const refundReceipt = receipts.getByRole("link", { name: /^Refund receipt RR\d{4}-\d{6}$/ });
  await expect(refundReceipt).toBeVisible();
  const refundCode = (await refundReceipt.textContent())!.replace("Refund receipt ", "");
  await page.goto("/me");
  await expect(page.getByText("Refunds: ₹10,000 to your card or account: processed")).toBeVisible();
  await expect
    .poll(() =>
      smtp.mails
        .filter((mail) => mail.to.includes(email))
        .map((mail) => mail.raw.replace(/=\r?\n/g, ""))
        .join("\n"),
    )
    .toContain(`Its reference: ${made!.id}.`);
  const receiptMail = () =>
    smtp.mails.find((mail) => mail.to.includes(email) && mail.raw.includes(`${refundCode}.pdf`));
  await expect.poll(receiptMail).toBeDefined();
  expect(receiptMail()!.raw).toContain("Content-Type: application/pdf");
});
