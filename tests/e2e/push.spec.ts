import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import webpush from "web-push";
import { siteRide } from "../support/fixtures";
import { fakeBrowser } from "../support/push-service";
import { riderForm, registerRider } from "../support/registration-fixtures";
import { waitForHydration } from "./support/hydration.ts";
import type { Database } from "~/server/db/schema.server";
import { test as base } from "./support/admin-fixtures.ts";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { type OwnServer, startOwnServer } from "./support/own-server.ts";
import { freshMobile } from "./support/fresh-mobile.ts";

// Web Push to riders (docs/features/push.md) in Debian's headless Chromium: the booking page's
// "Get updates on this phone" switch, and the service worker's notification for a push.
//
// What headless Chromium allows (found 2026-11-26): in Playwright's usual context (a fresh
// profile, which Chrome treats as incognito) PushManager.subscribe() fails at once, "Registration
// failed - permission denied" (Chrome has no push in incognito); in a persistent profile it
// never answers (it waits for Google's push service, which the tests never reach). So the
// page's PushManager is replaced by one that hands out a subscription made here, and the
// switch, its posts, the action and the table are the real ones. The worker's push handler is
// driven through the DevTools protocol (ServiceWorker.deliverPushMessage), which works in the
// usual context, and its notification read back with registration.getNotifications().

const VAPID = webpush.generateVAPIDKeys();

const test = base.extend<object, { ownServer: OwnServer }>({
  ownServer: [
    async ({}, use) => {
      const server = await startOwnServer({
        env: {
          VAPID_PUBLIC_KEY: VAPID.publicKey,
          VAPID_PRIVATE_KEY: VAPID.privateKey,
          VAPID_SUBJECT: "mailto:rides@example.org",
        },
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
});

const SWITCH = { name: "Get updates on this phone" } as const;

/** A rider's booking on a ride of its own; returns its page's address on `origin`. */
async function booking(db: Database, origin: string) {
  const ride = await siteRide(
    db,
    { seats: 5 },
    {
      title: `Coorg Coffee Trail ${randomInt(1e6)}`,
      startDate: "2099-02-10",
      endDate: "2099-02-12",
      lastBookingDate: "",
      bookingFormUrl: "",
    },
  );
  const mobile = freshMobile();
  const { registration, token } = await registerRider(db, ride.id, riderForm(1, { mobile }));
  return { registration, url: `${origin}/booking/${token}` };
}

/**
 * The browser's push service, stood in for: subscribe() hands out this subscription (kept in
 * localStorage, as a browser keeps its own across page loads) and getSubscription() finds it.
 */
async function fakePushService(page: Page, subscription: { endpoint: string; p256dh: string; auth: string }) {
  await page.addInitScript(({ endpoint, p256dh, auth }) => {
    const KEY = "e2e-push-subscription";
    const made = (applicationServerKey: string) =>
      ({
        endpoint,
        options: {
          userVisibleOnly: true,
          applicationServerKey: Uint8Array.from(atob(applicationServerKey), (c) => c.charCodeAt(0)).buffer,
        },
        toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function (options) {
      const key = new Uint8Array(options!.applicationServerKey as Uint8Array);
      localStorage.setItem(KEY, btoa(String.fromCharCode(...key)));
      return made(localStorage.getItem(KEY)!);
    };
    PushManager.prototype.getSubscription = async function () {
      const key = localStorage.getItem(KEY);
      return key ? made(key) : null;
    };
  }, subscription);
}

const phonesOf = (db: Database, registrationId: string) =>
  db
    .selectFrom("push_subscriptions")
    .select(["endpoint", "p256dh", "auth"])
    .where("registration_id", "=", registrationId)
    .execute();

test.describe("updates on this phone", () => {
  test("a rider turns updates on for this phone and off again", async ({ page, context, ownServer }) => {
    // Two page loads and an accessibility scan on a phone's emulation: 16–30 s on the shared machine.
    test.slow();
    const { registration, url } = await booking(ownServer.db, ownServer.baseURL);
    const phone = { endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${randomInt(1e9)}`, ...fakeBrowser().keys };
    await context.grantPermissions(["notifications"], { origin: ownServer.baseURL });
    await fakePushService(page, phone);

    await page.goto(url);
    await waitForHydration(page);
    const toggle = page.getByRole("switch", SWITCH);
    await toggle.scrollIntoViewIfNeeded();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expectNoA11yViolations(page);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(page.getByText("On: this phone gets this booking's updates.")).toBeVisible();
    expect(await phonesOf(ownServer.db, registration.id)).toEqual([phone]);
    const trail = await ownServer.db
      .selectFrom("audit_log")
      .select("summary")
      .where("record_id", "=", registration.id)
      .execute();
    expect(trail.map((entry) => entry.summary)).toContain(
      `Booking ${registration.reference}: updates on a phone turned on by the rider`,
    );

    // Another visit finds this phone on, from the page's hashes of the booking's phones.
    await page.reload();
    await page.getByRole("switch", SWITCH).scrollIntoViewIfNeeded();
    await expect(page.getByRole("switch", SWITCH)).toHaveAttribute("aria-checked", "true");
    const html = await page.content();
    expect(html).not.toContain(phone.endpoint);

    await page.getByRole("switch", SWITCH).click();
    await expect(page.getByRole("switch", SWITCH)).toHaveAttribute("aria-checked", "false");
    expect(await phonesOf(ownServer.db, registration.id)).toEqual([]);
  });

  test("the service worker shows a push as a notification that opens a page of the site only", async ({
    page,
    context,
    ownServer,
  }) => {
    const { url } = await booking(ownServer.db, ownServer.baseURL);
    await context.grantPermissions(["notifications"], { origin: ownServer.baseURL });
    await page.goto(url);
    await waitForHydration(page);
    await page.evaluate(() => navigator.serviceWorker.ready);

    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => registrations.push(...event.registrations));
    await cdp.send("ServiceWorker.enable");
    await expect
      .poll(() => registrations.some((r) => r.scopeURL === `${ownServer.baseURL}/` && !r.isDeleted))
      .toBe(true);
    const { registrationId } = registrations.find((r) => r.scopeURL === `${ownServer.baseURL}/` && !r.isDeleted)!;
    const push = (message: unknown) =>
      cdp.send("ServiceWorker.deliverPushMessage", {
        origin: ownServer.baseURL,
        registrationId,
        data: JSON.stringify(message),
      });
    const notifications = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          data: n.data as unknown,
        })),
      );

    await push({ title: "Coorg Coffee Trail", body: "We meet at 6:00 at the petrol pump.", url: "/booking/x?y=1" });
    await expect.poll(notifications).toEqual([
      {
        title: "Coorg Coffee Trail",
        body: "We meet at 6:00 at the petrol pump.",
        data: { url: `${ownServer.baseURL}/booking/x?y=1` },
      },
    ]);

    await push({ title: "Elsewhere", body: "A link to another site", url: "https://evil.example/phish" });
    await expect
      .poll(async () => (await notifications()).find((n) => n.title === "Elsewhere")?.data)
      .toEqual({ url: `${ownServer.baseURL}/` });
  });

  test("without push support the page says so instead of showing a switch", async ({ page, context, ownServer }) => {
    const { url } = await booking(ownServer.db, ownServer.baseURL);
    await context.grantPermissions(["notifications"], { origin: ownServer.baseURL });
    await page.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    await page.goto(url);
    await page.getByRole("heading", { name: "Updates on this phone" }).scrollIntoViewIfNeeded();
    await expect(page.getByText(/This browser cannot show this site's notifications/)).toBeVisible();
    await expect(page.getByRole("switch", SWITCH)).toHaveCount(0);
  });

  test("on a site without VAPID keys the page says it sends no notifications", async ({ page, e2eDb }) => {
    // The shared server of playwright.config.ts has no VAPID keys.
    const { url } = await booking(e2eDb, "");
    await page.goto(url);
    await expect(page.getByText("This site does not send notifications.", { exact: false })).toBeVisible();
    await expect(page.getByRole("switch", SWITCH)).toHaveCount(0);
  });
});

test.describe("updates on this phone without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the page says they need JavaScript, with no switch to press", async ({ page, ownServer }) => {
    const { url } = await booking(ownServer.db, ownServer.baseURL);
    await page.goto(url);
    await expect(page.getByText(/^Updates on this phone need JavaScript\./)).toBeVisible();
    await expect(page.getByRole("switch", SWITCH)).toBeHidden();
  });
});
