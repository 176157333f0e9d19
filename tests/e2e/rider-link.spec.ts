import { randomInt } from "node:crypto";
import { siteRide } from "../support/fixtures";
import { registerRider, riderForm } from "../support/registration-fixtures";
import type { LocalSmtp } from "../support/smtp";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { newBrowser } from "./support/new-browser.ts";
import { type OwnServer, testOnOwnMailingServer } from "./support/own-server.ts";
import { freshMobile } from "./support/fresh-mobile.ts";
import { signInRiderDirectly } from "./support/rider-session.ts";
import { askForSignInLink, mailedSignInLink } from "./support/sign-in-mail.ts";

// A rider's private link, hardened (issue 34, decision 042), as a rider meets it in Chromium
// (the test's own browser with JavaScript off): a sign-in link pressed in a browser that did not ask for it names the
// account and signs no one in silently; a booking never joins an account of another address;
// Find my booking leaves the rider's link working until the fresh one is used, and the fresh one
// takes a leaked booking back. A server of its own, mailing through a local SMTP server.

const test = testOnOwnMailingServer({});
test.use({ javaScriptEnabled: false });
// A sign-in link pressed in another browser answers 409; a link renewed answers 404.
test.use({ allowedConsoleErrors: [/the server responded with a status of (404|409)/] });

const freshEmail = (name: string) => `${name}-${randomInt(1e9)}@example.com`;

function upcomingRide(server: OwnServer) {
  return siteRide(
    server.db,
    { seats: 5 },
    {
      title: `Coorg Coffee Trail ${randomInt(1e6)}`,
      startDate: "2099-03-10",
      endDate: "2099-03-12",
      lastBookingDate: "",
      bookingFormUrl: "",
    },
  );
}

/** The newest booking link mailed to `email` (Find my booking's), as a path. */
async function mailedBookingLink(smtp: LocalSmtp, email: string): Promise<string> {
  const links = () =>
    smtp.mails
      .filter((mail) => mail.to.includes(email))
      .map((mail) => /https?:\/\/\S+(\/booking\/[\w-]{43})/.exec(mail.raw.replace(/=\r?\n/g, ""))?.[1])
      .filter((link): link is string => link !== undefined);
  await expect.poll(() => links().length).toBeGreaterThan(0);
  return links().at(-1)!;
}

test("a sign-in link pressed in a browser that did not ask for it names the account and signs no one in silently", async ({
  page,
  browser,
  ownServer,
  smtp,
}) => {
  const mallory = freshEmail("mallory");
  await askForSignInLink(page, "/me", mallory);
  const link = await mailedSignInLink(smtp, mallory);

  // The rider's browser, sent the link: the page says whose account it is and asks.
  // With JavaScript, for axe: the page is plain forms either way.
  const rider = await newBrowser(browser, ownServer.baseURL);
  await rider.page.goto(link);
  await expect(rider.page.getByTestId("sign-in-account")).toHaveText("m•••@example.com");
  await expect(rider.page.getByRole("alert")).toContainText("This link was asked for in another browser");
  await expect(rider.page.getByRole("button", { name: "Sign in", exact: true })).toHaveCount(0);
  await expect(rider.page.getByRole("button", { name: "Sign in as m•••@example.com" })).toBeVisible();
  await expectNoA11yViolations(rider.page);
  await rider.page.goto("/me");
  await expect(rider.page.getByRole("button", { name: "Email me a sign-in link" })).toBeVisible();

  // The browser that asked signs in with one press.
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("rider-email")).toHaveText(mallory);

  // Another address's booking opened in that account is neither joined nor offered.
  const ride = await upcomingRide(ownServer);
  const asha = await registerRider(
    ownServer.db,
    ride.id,
    riderForm(1, { mobile: freshMobile(), email: freshEmail("asha") }),
  );
  await page.goto(`/booking/${asha.token}`);
  await expect(page.getByTestId("booking-account")).toContainText("made with another email address");
  await expect(page.getByRole("button", { name: "Add it to My rides" })).toHaveCount(0);
  await page.goto("/me");
  await expect(page.getByRole("region", { name: "Upcoming rides" })).toContainText("No upcoming rides");
  expect(rider.problems).toEqual([]);
});

test("Find my booking leaves the rider's link working until the fresh one is used, which takes a leaked booking back", async ({
  page,
  browser,
  ownServer,
  smtp,
}) => {
  const email = freshEmail("asha");
  const mobile = freshMobile();
  const ride = await upcomingRide(ownServer);
  const { registration, token } = await registerRider(ownServer.db, ride.id, riderForm(1, { mobile, email }));
  // The link leaked into an account of another address before joins were checked.
  const other = await newBrowser(browser, ownServer.baseURL, false);
  const mallory = await signInRiderDirectly(other.context, ownServer.db, ownServer.baseURL, freshEmail("mallory"));
  await ownServer.db
    .updateTable("registrations")
    .set({ rider_id: mallory.id })
    .where("id", "=", registration.id)
    .execute();
  await other.page.goto("/me");
  await expect(other.page.getByRole("region", { name: "Upcoming rides" })).toContainText(ride.title);

  // Anyone who knows the rider's number and email asks: the rider's link still opens the booking.
  for (let ask = 0; ask < 2; ask++) {
    await page.goto("/booking");
    await page.getByRole("textbox", { name: "Mobile number" }).fill(mobile);
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Mail me my booking link" }).click();
    await expect(page.getByTestId("find-booking-sent")).toContainText("we've mailed a fresh link");
  }
  await page.goto(`/booking/${token}`);
  await expect(page.getByTestId("booking-reference")).toHaveText(registration.reference);

  // The rider opens the fresh link: it is the booking's now, the old one opens nothing.
  const fresh = await mailedBookingLink(smtp, email);
  await page.goto(fresh);
  await expect(page.getByTestId("booking-reference")).toHaveText(registration.reference);
  expect((await page.goto(`/booking/${token}`))?.status()).toBe(404);

  // The account that held the leaked link lists neither link any more.
  await other.page.goto("/me");
  await expect(other.page.getByRole("region", { name: "Upcoming rides" })).toContainText("No upcoming rides");
  expect(await other.page.content()).not.toContain(fresh);
  expect(other.problems).toEqual([]);
});
