import { randomInt } from "node:crypto";
import { siteRide } from "../support/fixtures";
import { startRazorpayStandIn } from "../support/razorpay-standin";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { freshMobile } from "./support/fresh-mobile.ts";
import { testOnOwnMailingServer } from "./support/own-server.ts";
import { fillRegistration } from "./support/registration-form.ts";

// Paying online (decision 060) on a phone: the rider pays the booking amount on Razorpay's
// hosted page (the stand-in's, never the network), comes back to a booking page that shows it
// paid, gets the receipt by mail, then pays the balance the same way. The server logs no token.

// Started as this file loads: the server's environment names it.
const standIn = await startRazorpayStandIn({ webhookSecret: "e2e-webhook-secret" });

const test = testOnOwnMailingServer({
  env: {
    LOG_LEVEL: "info",
    RAZORPAY_KEY_ID: standIn.keyId,
    RAZORPAY_KEY_SECRET: standIn.keySecret,
    RAZORPAY_WEBHOOK_SECRETS: "e2e-webhook-secret",
    RAZORPAY_API_URL: standIn.apiUrl,
  },
});

test.afterAll(() => standIn.close());

test("a rider pays the booking amount online, then the balance, and sees both paid @mobile", async ({
  page,
  ownServer,
  smtp,
}) => {
  standIn.webhook.url = `${ownServer.baseURL}/payments/razorpay/webhook`;
  const ride = await siteRide(
    ownServer.db,
    { seats: 5 },
    {
      title: `Spiti online ${randomInt(1e6)}`,
      startDate: "2099-02-10",
      endDate: "2099-02-18",
      lastBookingDate: "",
      bookingFormUrl: "",
    },
  );
  const email = `online-${randomInt(1e9)}@example.com`;
  await page.goto(`/ride/${ride.id}/register`);
  await fillRegistration(page, { name: "Asha Rao", mobile: freshMobile(), email });
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{43}$/);
  const bookingUrl = page.url();
  const token = new URL(bookingUrl).pathname.split("/").at(-1)!;

  // Offered beside the booking amount: everything left, the booking amount first.
  const booking = page.getByRole("region", { name: "Booking amount" });
  await expect(booking.getByText("Pay ₹38,500 online by UPI, card or netbanking through Razorpay")).toContainText(
    "at least ₹10,000 (the booking amount) now",
  );
  await expectNoA11yViolations(page);
  await booking.getByRole("button", { name: "Pay online" }).click();

  // Razorpay's page: what is due, the booking amount filled in.
  await expect(page).toHaveTitle(/^Pay ₹38,500/);
  await expect(page.getByLabel("Amount (₹)")).toHaveValue("10000.00");
  await page.getByLabel("Payment method").selectOption("upi");
  await page.getByRole("button", { name: "Pay" }).click();

  // Back on the booking page, at its clean address, the payment counted.
  await expect(page).toHaveURL(`${bookingUrl}?done=paid-online`);
  await expect(page.getByRole("status")).toHaveText("Payment received: thank you.");
  await expect(booking.getByText("Received: thank you.")).toBeVisible();
  await expect(booking.getByRole("button", { name: "Pay online" })).toHaveCount(0);

  // The receipt, from the outbox (quoted-printable: soft line breaks undone).
  await expect
    .poll(() =>
      smtp.mails
        .filter((mail) => mail.to.includes(email))
        .map((mail) => mail.raw.replace(/=\r?\n/g, ""))
        .join("\n"),
    )
    .toContain("We received your online payment of =E2=82=B910,000");

  // The balance, the same way: now offered beside it, whole.
  const balance = page.getByRole("region", { name: "Balance", exact: true });
  await expect(balance.getByText("Pay ₹28,500 online by UPI, card or netbanking through Razorpay.")).toBeVisible();
  await balance.getByRole("button", { name: "Pay online" }).click();
  await expect(page).toHaveTitle(/^Pay ₹28,500/);
  await expect(page.getByLabel("Amount (₹)")).toHaveValue("28500.00");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(`${bookingUrl}?done=paid-online`);
  await expect(balance.getByText("Received: thank you.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay online" })).toHaveCount(0);

  // Each payment once on the ledger, by its webhooks and its return alike.
  const entries = await ownServer.db
    .selectFrom("booking_entries")
    .select(["amount_paise"])
    .where("method", "=", "online")
    .where("state", "=", "confirmed")
    .where("ride_id", "=", ride.id)
    .execute();
  expect(entries.map((entry) => entry.amount_paise).sort((a, b) => a - b)).toEqual([1_000_000, 2_850_000]);
  // The return address carried the rider's token to Razorpay; the logs never saw it.
  expect(ownServer.logs()).not.toContain(token);
});
