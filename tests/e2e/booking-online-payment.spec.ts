import { randomInt } from "node:crypto";
import { siteRide } from "../support/fixtures";
import { startRazorpayStandIn } from "../support/razorpay-standin";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { freshMobile } from "./support/fresh-mobile.ts";
import { testOnOwnMailingServer } from "./support/own-server.ts";
import { newBrowser } from "./support/new-browser.ts";
import { fillRegistration } from "./support/registration-form.ts";
import { signInRiderDirectly } from "./support/rider-session.ts";

// Paying online (decision 060) on a phone: the rider pays the booking amount on Razorpay's
// hosted page (the stand-in's, never the network), comes back to a booking page that shows it
// paid, reads it paid in My rides and in the receipt mail, then hands the seat to a friend, to
// whom it is paid everywhere, and who pays the balance the same way. The server logs no token.

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

test("a rider pays the booking amount online, hands the seat on, and the friend pays the balance: paid everywhere @mobile", async ({
  page,
  context,
  browser,
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
  // Signed in with the booking's address: the booking joins the rider's account (My rides).
  await signInRiderDirectly(context, ownServer.db, ownServer.baseURL, email);
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
  await expect(page.getByRole("status").filter({ hasText: "Payment received" })).toHaveText(
    "Payment received: thank you.",
  );
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

  // My rides reads the same ledger.
  await page.goto("/me");
  await expect(page.getByText("Booking amount ₹10,000: paid")).toBeVisible();
  await expect(page.getByText(/^Balance ₹28,500: to pay/)).toBeVisible();

  // The seat handed on: paid to the friend on the transfer page, their booking page and their mail.
  await page.goto(bookingUrl);
  await page
    .getByRole("region", { name: "Hand your seat to a friend" })
    .getByRole("button", { name: "Make a transfer link" })
    .click();
  const transferLink = await page.getByTestId("transfer-link").inputValue();
  const friend = await newBrowser(browser, ownServer.baseURL);
  await friend.page.goto(transferLink);
  await expect(friend.page.getByTestId("transfer-seat")).toContainText("The booking amount of ₹10,000 is paid.");
  const friendEmail = `friend-${randomInt(1e9)}@example.com`;
  await fillRegistration(friend.page, { name: "Farah Friend", mobile: freshMobile(), email: friendEmail });
  await friend.page.getByRole("button", { name: "Take the seat" }).click();
  await expect(friend.page).toHaveURL(/\/booking\/[\w-]{43}\?done=transferred$/);
  const friendsUrl = friend.page.url().replace(/\?.*$/, "");
  const friendsBooking = friend.page.getByRole("region", { name: "Booking amount" });
  await expect(friendsBooking.getByText("Received: thank you.")).toBeVisible();
  await expect(friend.page.getByText(/Pay the booking amount/)).toHaveCount(0);
  await expect
    .poll(() =>
      smtp.mails
        .filter((mail) => mail.to.includes(friendEmail))
        .map((mail) => mail.raw.replace(/=\r?\n/g, ""))
        .join("\n"),
    )
    .toContain("The organisers have the booking amount: nothing to pay for it.");

  // The balance, the same way, by the friend: now offered beside it, whole.
  const balance = friend.page.getByRole("region", { name: "Balance", exact: true });
  await expect(balance.getByText("Pay ₹28,500 online by UPI, card or netbanking through Razorpay.")).toBeVisible();
  await balance.getByRole("button", { name: "Pay online" }).click();
  await expect(friend.page).toHaveTitle(/^Pay ₹28,500/);
  await expect(friend.page.getByLabel("Amount (₹)")).toHaveValue("28500.00");
  await friend.page.getByRole("button", { name: "Pay" }).click();
  await expect(friend.page).toHaveURL(`${friendsUrl}?done=paid-online`);
  await expect(balance.getByText("Received: thank you.")).toBeVisible();
  await expect(friend.page.getByRole("button", { name: "Pay online" })).toHaveCount(0);
  expect(friend.problems).toEqual([]);

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
