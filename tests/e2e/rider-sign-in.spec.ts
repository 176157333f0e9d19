import { randomInt } from "node:crypto";
import { openDatabase } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { dataPaths } from "~/server/env.server";
import { runPort } from "./support/run-ports.ts";
import { type LocalSmtp, startLocalSmtp } from "../support/smtp.ts";
import { expect, expectNoA11yViolations, test } from "./support/fixtures.ts";
import { type Instance, startInstance } from "./support/ops-support.ts";
import { fillLadakhForm } from "./support/registration-form.ts";
import { publicRide, ridePath } from "./support/ride-helpers.ts";
import { signInRiderDirectly } from "./support/rider-session.ts";
import { askForSignInLink, mailedSignInLink } from "./support/sign-in-mail.ts";
import { virtualAuthenticator } from "./support/virtual-authenticator.ts";
import { freshMobile } from "./support/fresh-mobile.ts";

// A rider's account (docs/features/rider-accounts.md): signing in at /me with a mailed one-time link
// or a passkey (Chromium's virtual authenticator), My rides, and an older booking joining the
// account when its private link is opened signed in. One server of this spec's own, on the
// demo content (the Leh–Ladakh ride takes registrations on the site), mailing through a local
// SMTP server. WebAuthn needs a domain, not an IP address, as its relying party: the server's
// PUBLIC_URL is http://localhost:<port>, as in admin-passkeys.spec.ts.

test.describe.configure({ mode: "serial" });
// A spent link answers 410; the portal answers a rider's cookie with its 401 login screen.
test.use({ allowedConsoleErrors: [/the server responded with a status of (401|410)/] });

const LADAKH = "Leh–Ladakh Expedition";
let instance: Instance;
let smtp: LocalSmtp;
let db: Database;
let origin: string;

test.beforeAll(async () => {
  smtp = await startLocalSmtp();
  const port = await runPort();
  origin = `http://localhost:${port}`;
  instance = await startInstance({
    port,
    env: { PUBLIC_URL: origin, SMTP_URL: smtp.url, MAIL_FROM: "Hill Riders <rides@hillriders.test>" },
  });
  db = openDatabase({ sqlitePath: dataPaths(instance.dataDir).sqlitePath }).db;
});

test.afterAll(async () => {
  await db?.destroy();
  await instance?.stop();
  await smtp?.close();
});

const freshEmail = () => `rider-${randomInt(1e9)}@example.com`;

test("a rider signs in with a mailed link, an older booking joins the account, My rides shows it, and the rider signs out", async ({
  page,
}) => {
  const email = freshEmail();
  // Booked while signed out: in no account yet.
  const ride = await publicRide(db, LADAKH);
  await page.goto(`${origin}${ridePath(ride)}/register`);
  await fillLadakhForm(page, { name: "Asha Rao", mobile: freshMobile(), email });
  // The demo ride asks for an option too.
  await page.getByLabel(/^Solo rider/).check();
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{43}$/);
  const bookingLink = page.url();
  const reference = (await page.getByTestId("booking-reference").textContent())!.trim();
  await expect(page.getByTestId("booking-account")).toHaveCount(0);

  // From any public page's footer.
  await page.goto(`${origin}/upcoming`);
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "My rides" }).click();
  await expect(page).toHaveURL(`${origin}/me`);
  await expectNoA11yViolations(page);
  await askForSignInLink(page, `${origin}/me`, email);

  // Opening the link spends nothing (a mail scanner's fetch); its button signs in.
  const link = await mailedSignInLink(smtp, email);
  const opened = await page.goto(link);
  expect(opened?.headers()["cache-control"]).toBe("private, no-store");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${origin}/me`);
  await expect(page.getByTestId("rider-email")).toHaveText(email);
  await expect(page.getByRole("region", { name: "Upcoming rides" })).toContainText("No upcoming rides");
  for (const name of ["Saved details", "Your data: export and erase", "Ride passport"]) {
    await expect(page.getByRole("navigation", { name: "Your account" }).getByRole("link", { name })).toBeVisible();
  }

  // The link works once: opened again, it says so at once.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText("This sign-in link no longer works");
  await expect(page.getByRole("button", { name: "Email me a sign-in link" })).toBeVisible();

  // Opened signed in, the booking of the account's address is offered; a press adds it (decision 042).
  await page.goto(bookingLink);
  await page.getByRole("button", { name: "Add it to My rides" }).click();
  await expect(page.getByTestId("booking-account")).toContainText("This booking is in your account");
  const me = await page.goto(`${origin}/me`);
  expect(me?.headers()["cache-control"]).toBe("private, no-store");
  expect(me?.headers()["x-robots-tag"]).toContain("noindex");
  const upcoming = page.getByRole("region", { name: "Upcoming rides" });
  await expect(upcoming).toContainText(LADAKH);
  await expect(upcoming).toContainText(`Booking ${reference} · Confirmed`);
  await upcoming.getByRole("link", { name: `Open booking ${reference}` }).click();
  await expect(page.getByTestId("booking-account")).toContainText("This booking is in your account");
  await expectNoA11yViolations(page);

  // A rider's session opens nothing of the portal.
  const admin = await page.goto(`${origin}/admin`);
  expect(admin?.status()).toBe(401);
  await expect(page.getByLabel("Password")).toBeVisible();

  await page.goto(`${origin}/me`);
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("button", { name: "Email me a sign-in link" })).toBeVisible();
  await page.goto(bookingLink);
  await expect(page.getByTestId("booking-account")).toHaveCount(0);
});

test("a rider adds a passkey on /me, then signs in with it alone", async ({ page }) => {
  await virtualAuthenticator(page);
  const email = freshEmail();
  const rider = await signInRiderDirectly(page.context(), db, origin, email);

  await page.goto(`${origin}/me`);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your passkey is added" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Remove Chrome on / })).toBeVisible();
  const stored = await db.selectFrom("rider_passkeys").select("rider_id").where("rider_id", "=", rider.id).execute();
  expect(stored).toHaveLength(1);
  expect(await db.selectFrom("passkeys").select("id").execute()).toEqual([]);

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByTestId("rider-email")).toHaveText(email);
  const used = await db.selectFrom("rider_passkeys").select("last_used_at").where("rider_id", "=", rider.id).execute();
  expect(used[0]?.last_used_at).not.toBeNull();

  await page.getByRole("button", { name: /^Remove Chrome on / }).click();
  await expect(page.getByRole("status").filter({ hasText: "The passkey is removed." })).toBeVisible();

  // Each change is mailed to the rider, with the way back in should it not be theirs.
  const mails = () =>
    smtp.mails.filter((mail) => mail.to.includes(email)).map((mail) => mail.raw.replace(/=\r?\n/g, ""));
  const told = () =>
    mails()
      .map((text) => /A passkey was (added to|removed from) your account on Roadbook/.exec(text)?.[0])
      .filter((line) => line !== undefined);
  await expect
    .poll(told)
    .toEqual([
      "A passkey was added to your account on Roadbook",
      "A passkey was removed from your account on Roadbook",
    ]);
  expect(mails().at(-1)).toContain(`sign in at ${origin}/me with a link by email`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-in form asks for a link, and the passkey button is not drawn", async ({ page }) => {
    const email = freshEmail();
    await page.goto(`${origin}/me`);
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeHidden();
    await askForSignInLink(page, `${origin}/me`, email);
    await mailedSignInLink(smtp, email);
  });
});
