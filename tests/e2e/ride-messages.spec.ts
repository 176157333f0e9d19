import { randomInt, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import webpush from "web-push";
import { setBookingLinkSecret } from "~/server/registrations/link-seal.server";
import { createOrPromoteAdmin } from "~/server/team/users.server";
import { siteRide } from "../support/fixtures";
import { registerRider, riderForm } from "../support/registration-fixtures";
import { decryptPush, fakeBrowser, type LocalPushService, startLocalPushService } from "../support/push-service";
import { type LocalSmtp, startLocalSmtp } from "../support/smtp";
import { signInAs } from "./support/admin-fixtures.ts";
import { statusLine } from "./support/admin-helpers.ts";
import { expect, expectNoA11yViolations, test as base } from "./support/fixtures.ts";
import { type OwnServer, startOwnServer } from "./support/own-server.ts";

// The ride talks to its riders (docs/features/rider-messages.md): the captain writes to the
// confirmed riders from the ride's Messages page, previews, sends; each of them reads it on
// their booking page and in their mailbox, with their own name and link, and the waitlisted
// rider does not; the WhatsApp queue opens each rider's chat and ticks them off. The rider turns
// reminders off on their booking page with JavaScript off.

const SECRET = "e2e-messages-session-secret-0123456789abcdef";

const VAPID = webpush.generateVAPIDKeys();

const test = base.extend<object, { smtp: LocalSmtp; pushService: LocalPushService; ownServer: OwnServer }>({
  smtp: [
    async ({}, use) => {
      const smtp = await startLocalSmtp();
      await use(smtp);
      await smtp.close();
    },
    { scope: "worker" },
  ],
  // A push service of its own on 127.0.0.1, whose certificate the server is told to trust.
  pushService: [
    async ({}, use) => {
      const service = await startLocalPushService();
      await use(service);
      await service.close();
    },
    { scope: "worker" },
  ],
  ownServer: [
    async ({ smtp, pushService }, use) => {
      const certFile = path.join(mkdtempSync(path.join(tmpdir(), "roadbook-push-ca-")), "ca.pem");
      writeFileSync(certFile, pushService.cert);
      const server = await startOwnServer({
        env: {
          SMTP_URL: smtp.url,
          MAIL_FROM: "Hill Riders <rides@hillriders.test>",
          SESSION_SECRET: SECRET,
          VAPID_PUBLIC_KEY: VAPID.publicKey,
          VAPID_PRIVATE_KEY: VAPID.privateKey,
          VAPID_SUBJECT: "mailto:rides@hillriders.test",
          NODE_EXTRA_CA_CERTS: certFile,
        },
      });
      await use(server);
      await server.stop();
      rmSync(path.dirname(certFile), { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ ownServer }, use) => {
    await use(ownServer.baseURL);
  },
});

const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

test("a broadcast reaches the confirmed riders' pages, mailboxes, phones and WhatsApp queue, and no one else", async ({
  page,
  ownServer,
  smtp,
  pushService,
  baseURL,
}) => {
  // The riders register through the data layer with the server's secret, so their links are sealed as the server seals them.
  setBookingLinkSecret(SECRET, pino({ level: "silent" }));
  const { db } = ownServer;
  const ride = await siteRide(
    db,
    { seats: 2, waitlist: true },
    { title: `Spiti Loop ${randomInt(1e6)}`, startDate: "2099-06-10", endDate: "2099-06-15", lastBookingDate: "" },
  );
  const base10 = randomInt(1e5) * 10;
  const rider = (k: number, name: string) =>
    registerRider(
      db,
      ride.id,
      riderForm(base10 + k, { name, email: `${name.split(" ")[0]!.toLowerCase()}${base10}@example.com` }),
    );
  const asha = await rider(1, "Asha Rao");
  const bela = await rider(2, "Bela Das");
  const chitra = await rider(3, "Chitra Sen");
  expect(chitra.registration.status).toBe("waitlisted");
  // Asha and Chitra turned updates on on their phones (rows as the booking page's switch writes
  // them; the push service is a local one, which the switch would refuse as not public).
  const phones = new Map([asha, chitra].map((rider) => [rider.registration.id, fakeBrowser()]));
  for (const [registrationId, browser] of phones) {
    await db
      .insertInto("push_subscriptions")
      .values({
        id: randomUUID(),
        registration_id: registrationId,
        endpoint: `${pushService.origin}/ok/${registrationId}`,
        ...browser.keys,
        created_at: new Date().toISOString(),
      })
      .execute();
  }

  const { user } = await createOrPromoteAdmin(db, {
    email: `captain-${base10}@roadbook.test`,
    password: `pw-${base10}-long-enough`,
  });
  await signInAs(page, db, user.id, baseURL!);
  await page.goto(`/admin/rides/${ride.id}/riders`);
  await page.getByRole("link", { name: "Messages", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Messages · ${ride.title}` })).toBeVisible();

  const form = page.getByRole("form", { name: "Message the riders" });
  await form.getByLabel("Subject").fill("Kit check");
  await form.getByLabel("Message").fill("Bring your riding boots and a rain cover.");
  await form.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("message-preview");
  await expect(preview).toContainText("Preview: 2 confirmed riders");
  await expect(preview).toContainText("Hi Asha,");
  await expectNoA11yViolations(page);
  await form.getByRole("button", { name: "Send to 2 riders" }).click();
  await expect(statusLine(page)).toHaveText("Message sent to 2 confirmed riders");
  await expect(page.getByTestId("ride-message")).toHaveCount(1);

  // Mail: Asha and Bela, each with their own link; not Chitra.
  await expect
    .poll(() =>
      smtp.mails
        .filter((mail) => decoded(mail.raw).includes("riding boots"))
        .map((mail) => mail.to[0])
        .sort(),
    )
    .toEqual([asha.registration.email, bela.registration.email].sort());
  const ashaMail = decoded(
    smtp.mails.find((mail) => mail.to.includes(asha.registration.email) && decoded(mail.raw).includes("riding boots"))!
      .raw,
  );
  expect(ashaMail).toContain(`${baseURL}/booking/${asha.token}`);
  expect(ashaMail).not.toContain(bela.token);

  // Push: Asha's phone, not the waitlisted Chitra's (nor Bela, who has none).
  const ours = () => pushService.received.filter((push) => phones.has(push.path.replace("/ok/", "")));
  await expect.poll(() => ours().map((push) => push.path)).toEqual([`/ok/${asha.registration.id}`]);
  const [push] = ours();
  expect(decryptPush(push!.body, phones.get(asha.registration.id)!)).toEqual({
    title: `Kit check — ${ride.title}`,
    body: "Bring your riding boots and a rain cover.",
    url: `${baseURL}/booking/${asha.token}`,
  });

  // The WhatsApp queue, on the Riders page as on the Messages page: one link per rider, the
  // message and their link typed in; a tap ticks them off.
  await page.goto(`/admin/rides/${ride.id}/riders`);
  await expect(page.getByRole("heading", { name: "Latest messages" })).toBeVisible();
  await expect(page.getByTestId("ride-message")).toContainText("Kit check");
  await page.context().route("https://wa.me/**", (route) => route.fulfill({ body: "WhatsApp" }));
  const queue = page.getByTestId("whatsapp-queue");
  const ashaLink = queue.getByRole("link", { name: "Asha Rao" });
  const href = new URL((await ashaLink.getAttribute("href"))!);
  expect(href.host).toBe("wa.me");
  expect(href.searchParams.get("text")).toContain("Bring your riding boots");
  expect(href.searchParams.get("text")).toContain(`${baseURL}/booking/${asha.token}`);
  const popup = page.waitForEvent("popup");
  await ashaLink.click();
  await (await popup).close();
  await expect(queue.getByTestId("whatsapp-status").first()).toHaveText("Opened in WhatsApp");
  await expect(page.getByText("Send on WhatsApp: 1 of 2 left")).toBeVisible();
  await page.reload();
  await expect(page.getByText("Send on WhatsApp: 1 of 2 left")).toBeVisible();

  // The booking pages: the Updates list of Asha has it, Chitra's has not.
  await page.goto(`/booking/${asha.token}`);
  await expect(page.getByTestId("update").first()).toContainText("Kit check");
  await page.goto(`/booking/${chitra.token}`);
  await expect(page.getByTestId("updates")).not.toContainText("Kit check");
  await expect(page.getByTestId("updates")).toContainText("You are on the waitlist");
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a rider turns reminders off and on from the booking page", async ({ page, ownServer }) => {
    const ride = await siteRide(
      ownServer.db,
      { seats: 5 },
      { title: `Coorg ${randomInt(1e6)}`, startDate: "2099-03-01", endDate: "2099-03-03", lastBookingDate: "" },
    );
    const { token } = await registerRider(ownServer.db, ride.id, riderForm(randomInt(1e6)));
    await page.goto(`/booking/${token}`);
    await expect(page.getByTestId("reminders-state")).toContainText("You get reminders");
    await page.getByRole("button", { name: "Turn reminders off" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Reminders are off." })).toBeVisible();
    await expect(page.getByTestId("reminders-state")).toContainText("Reminders are off");
    await page.getByRole("button", { name: "Turn reminders on" }).click();
    await expect(page.getByTestId("reminders-state")).toContainText("You get reminders");
  });
});
