import { randomInt, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createOrPromoteAdmin } from "~/server/team/users.server";
import { siteRide } from "../support/fixtures";
import { riderForm, registerRider } from "../support/registration-fixtures";
import type { LocalSmtp } from "../support/smtp";
import { signInAs } from "./support/admin-fixtures.ts";
import { statusLine } from "./support/admin-helpers.ts";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { fillRegistration } from "./support/registration-form.ts";
import { type OwnServer, testOnOwnMailingServer } from "./support/own-server.ts";
import { freshMobile } from "./support/fresh-mobile.ts";

// A booking that cannot get lost (docs/features/registrations.md): "Find my booking" mails a fresh link (the old one
// stops working) and answers the same whether or not a booking matched; an admin sends a fresh
// link by WhatsApp; the ride's WhatsApp group shows to confirmed riders only; the calendar feeds.
// A server of its own, mailing through a local SMTP server.

const GROUP_CODE = "HillRidersGroup2099Invite";
const GROUP = `https://chat.whatsapp.com/${GROUP_CODE}`;

const test = testOnOwnMailingServer({
  // Access lines logged, to show no token of a booking link or calendar is among them.
  env: { LOG_LEVEL: "info" },
}).extend<{ adminPage: Page }>({
  adminPage: async ({ page, ownServer }, use) => {
    const email = `fresh-link-admin-${randomInt(1e9)}@roadbook.test`;
    const { user } = await createOrPromoteAdmin(ownServer.db, { email, password: `pw-${randomUUID()}` });
    await signInAs(page, ownServer.db, user.id, ownServer.baseURL);
    await use(page);
  },
});

function openRide(server: OwnServer, registration: Record<string, unknown> = {}) {
  return siteRide(
    server.db,
    { seats: 1, waitlist: true, ...registration },
    {
      title: `Nilgiri Loop ${randomInt(1e6)}`,
      startDate: "2099-03-10",
      endDate: "2099-03-12",
      lastBookingDate: "",
      bookingFormUrl: "",
      whatsappGroupUrl: GROUP,
    },
  );
}

/** The mails to `email`, quoted-printable soft line breaks undone. */
const mailsTo = (smtp: LocalSmtp, email: string) =>
  smtp.mails.filter((mail) => mail.to.includes(email)).map((mail) => mail.raw.replace(/=\r?\n/g, ""));

/** Posts "Find my booking" as a rider does, answering the post's status and where it ended. */
async function findBooking(page: Page, mobile: string, email: string) {
  await page.goto("/booking");
  await page.getByRole("textbox", { name: "Mobile number" }).fill(mobile);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  const [post] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.getByRole("button", { name: "Mail me my booking link" }).click(),
  ]);
  await page.waitForURL(/\/booking\?sent$/);
  return {
    status: post.status(),
    location: await post.headerValue("location"),
    text: await page.locator("main").innerText(),
  };
}

// A link that opens nothing answers 404, a wrong form 400, a throttled one 429: the browser logs each.
test.use({ allowedConsoleErrors: [/the server responded with a status of (400|404|429)/] });

test("Find my booking is one plain form, accessible", async ({ page }) => {
  await page.goto("/booking");
  await expect(page.getByRole("heading", { level: 1, name: "Find my booking" })).toBeVisible();
  await expectNoA11yViolations(page);
});

test.describe("a booking that cannot get lost", () => {
  test.use({ javaScriptEnabled: false });

  test("a rider who lost their link gets a fresh one by mail; the answer never says whether a booking matched", async ({
    page,
    ownServer,
    smtp,
  }) => {
    const ride = await openRide(ownServer, { seats: 5 });
    const mobile = freshMobile();
    const email = `rider-${randomInt(1e9)}@example.com`;
    await page.goto(`/ride/${ride.id}/register`);
    await fillRegistration(page, { name: "Asha Rao", mobile, email });
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/booking\/[\w-]{43}$/);
    const oldLink = new URL(page.url()).pathname;
    const reference = await page.getByTestId("booking-reference").textContent();
    await expect.poll(() => mailsTo(smtp, email).length).toBe(1);

    // From any page's footer.
    await page.goto("/upcoming");
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Find my booking" }).click();
    await expect(page).toHaveURL("/booking");

    const wrong = await findBooking(page, mobile, `someone-else-${randomInt(1e9)}@example.com`);
    const unknown = await findBooking(page, freshMobile(), email);
    const right = await findBooking(page, mobile, email.toUpperCase());
    expect(right).toEqual(wrong);
    expect(right).toEqual(unknown);
    expect(right.status).toBe(303);
    await expect(page.getByTestId("find-booking-sent")).toHaveText(/^If a booking matches, we've mailed a fresh link/);

    await expect.poll(() => mailsTo(smtp, email).length).toBe(2);
    const mail = mailsTo(smtp, email)[1]!;
    expect(mail).toContain(`Booking reference: ${reference}`);
    const freshLink = /https?:\/\/[^\s]+\/booking\/([\w-]{43})/.exec(mail)!;
    const fresh = new URL(freshLink[0]).pathname;
    expect(fresh).not.toBe(oldLink);

    // Anyone may ask with a rider's number and email: the link the rider holds works on until the
    // fresh one is first opened (decision 042); then only the fresh one does.
    expect((await page.goto(oldLink))?.status()).toBe(200);
    await expect(page.getByTestId("booking-reference")).toHaveText(reference!);
    await page.goto(fresh);
    await expect(page.getByTestId("booking-reference")).toHaveText(reference!);
    const old = await page.goto(oldLink);
    expect(old?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Booking not found" })).toBeVisible();
    await page.goto(fresh);
    await expect(page.getByTestId("booking-reference")).toHaveText(reference!);

    // Neither link's token reached the log.
    const logs = ownServer.logs();
    expect(logs).toContain("/booking/[token]");
    expect(logs).not.toContain(oldLink.slice("/booking/".length));
    expect(logs).not.toContain(freshLink[1]);
  });

  test("wrong details get the field's message, and a number asked for too often is throttled", async ({ page }) => {
    await page.goto("/booking");
    await page.getByRole("textbox", { name: "Mobile number" }).fill("12345");
    await page.getByRole("button", { name: "Mail me my booking link" }).click();
    await expect(page.getByRole("alert")).toContainText("Enter a valid mobile number");
    await expect(page.getByRole("alert")).toContainText("Enter the email address you registered with");
    await expect(page.getByRole("textbox", { name: "Mobile number" })).toHaveValue("12345");

    const mobile = freshMobile();
    for (let attempt = 0; attempt < 3; attempt++) await findBooking(page, mobile, "nobody@example.com");
    await page.getByRole("textbox", { name: "Mobile number" }).fill(mobile);
    await page.getByRole("textbox", { name: "Email" }).fill("nobody@example.com");
    await page.getByRole("button", { name: "Mail me my booking link" }).click();
    await expect(page.getByRole("alert")).toContainText("Too many requests. Please try again in");
  });

  test("the ride's WhatsApp group shows to a confirmed rider only, never on the public pages", async ({
    page,
    ownServer,
  }) => {
    const ride = await openRide(ownServer, { seats: 1 });
    const confirmed = await registerRider(ownServer.db, ride.id, riderForm(1, { mobile: freshMobile() }));
    const waiting = await registerRider(ownServer.db, ride.id, riderForm(2, { mobile: freshMobile() }));
    expect(waiting.registration.status).toBe("waitlisted");

    await page.goto(`/booking/${confirmed.token}`);
    await expect(page.getByTestId("group-invite")).toHaveAttribute("href", GROUP);
    await page.goto(`/booking/${waiting.token}`);
    await expect(page.getByTestId("booking-status")).toHaveText("On the waitlist");
    await expect(page.getByTestId("group-invite")).toHaveCount(0);

    for (const path of [`/ride/${ride.id}`, `/ride/${ride.id}/register`, "/upcoming", "/rides.ics", "/sitemap.xml"]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      expect(await response.text(), path).not.toContain(GROUP_CODE);
    }
    const card = await page.request.get(`/ride/${ride.id}/calendar.ics`);
    expect(await card.text()).not.toContain(GROUP_CODE);
  });

  test("calendar feeds: every upcoming ride, and a rider's own ride behind their link", async ({ page, ownServer }) => {
    const ride = await openRide(ownServer, { seats: 3 });
    const { registration, token } = await registerRider(ownServer.db, ride.id, riderForm(1, { mobile: freshMobile() }));

    await page.goto("/upcoming");
    const subscribe = page.getByRole("link", { name: "Add upcoming rides to your calendar" });
    await expect(subscribe).toHaveAttribute("href", /^webcal:\/\/[^/]+\/rides\.ics$/);
    const feed = await page.request.get("/rides.ics");
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const host = new URL(ownServer.baseURL).host;
    const all = (await feed.text()).replace(/\r\n /g, "");
    expect(all).toContain(`UID:ride-${ride.id}@${host}\r\n`);
    expect(all).toContain("BEGIN:VCALENDAR\r\n");

    // The feed has a read-only token of its own (decision 042): the booking's key serves no feed,
    // and the feed's opens no booking page.
    await page.goto(`/booking/${token}`);
    const href = await page.getByTestId("booking-calendar").getAttribute("href");
    const feedToken = new RegExp(`^webcal://${host}/booking/([\\w-]{43})/calendar\\.ics$`).exec(href ?? "")?.[1];
    expect(feedToken).toBeDefined();
    expect(feedToken).not.toBe(token);
    expect((await page.request.get(`/booking/${token}/calendar.ics`)).status()).toBe(404);
    expect((await page.request.get(`/booking/${feedToken}`)).status()).toBe(404);
    const own = await page.request.get(`/booking/${feedToken}/calendar.ics`);
    expect(own.status()).toBe(200);
    expect(own.headers()["cache-control"]).toBe("private, no-store");
    expect(own.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    const text = (await own.text()).replace(/\r\n /g, "");
    expect(text).toContain(`UID:booking-${registration.id}@${host}\r\n`);
    expect(text).toContain("DTSTART;VALUE=DATE:20990310\r\n");
    expect(text).toContain("BEGIN:VALARM\r\n");
    expect((await page.request.get(`/booking/${"x".repeat(43)}/calendar.ics`)).status()).toBe(404);
    expect(ownServer.logs()).toContain("/booking/[token]/calendar.ics");
    expect(ownServer.logs()).not.toContain(token);
    expect(ownServer.logs()).not.toContain(feedToken);
  });
});

test("an admin sends a rider a fresh link by WhatsApp: the old link stops working", async ({
  adminPage: page,
  ownServer,
}) => {
  const ride = await openRide(ownServer, { seats: 3 });
  const mobile = freshMobile();
  const { registration, token } = await registerRider(
    ownServer.db,
    ride.id,
    riderForm(1, { name: "Meera Iyer", mobile }),
  );

  await page.goto(`/admin/rides/${ride.id}/riders`);
  const card = page.locator(`[data-testid="rider"][data-reference="${registration.reference}"]`);
  page.once("dialog", (dialog) => void dialog.accept());
  await card.getByRole("button", { name: `New link by WhatsApp ${registration.reference}` }).click();
  await expect(statusLine(page)).toHaveText("New link for Meera Iyer ready: send it on WhatsApp");
  const send = card.getByTestId("fresh-link-whatsapp");
  const href = (await send.getAttribute("href"))!;
  expect(href.startsWith(`https://wa.me/91${mobile}?text=`)).toBe(true);
  const text = new URL(href).searchParams.get("text")!;
  expect(text).toContain("Hello Meera Iyer");
  const fresh = /\/booking\/[\w-]{43}/.exec(text)![0];
  expect(fresh).not.toBe(`/booking/${token}`);

  expect((await page.goto(`/booking/${token}`))?.status()).toBe(404);
  await page.goto(fresh);
  await expect(page.getByTestId("booking-reference")).toHaveText(registration.reference);
});
