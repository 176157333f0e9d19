import type { Locator, Page, Route } from "@playwright/test";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { SOCIAL_LINK_MESSAGES } from "~/domain/messages";
import { updateRide } from "~/server/rides/rides.server";
import { expect } from "./support/fixtures.ts";
import { publicRide, ridePath } from "./support/ride-helpers.ts";
import { testOnOwnServer } from "./support/own-server.ts";

// Every public control works from the first paint (decision 017's note of 2026-11-26).
// Each is a link (or a control of HTML's own) that its island upgrades, so a tap
// before the island has hydrated, or with JavaScript off, does what it says; never nothing.

const BOOKING_FORM_URL = "https://forms.gle/e2e-first-tap";
const COMMUNITY_FORM_URL = FALLBACK_CONFIG.googleForm;
// A ride of the demo content with a booking form (set below), and one without a YouTube video.
const FORM_RIDE = "Spiti Valley Circuit";
const NO_VIDEO_RIDE = "Nilgiris Hairpin Challenge";

const test = testOnOwnServer({
  seedDemo: true,
  prepare: async (db) => {
    const ride = await publicRide(db, FORM_RIDE);
    await updateRide(db, ride.id, { ...ride, bookingFormUrl: BOOKING_FORM_URL });
  },
});

test.beforeEach(async ({ context }) => {
  // The external forms and WhatsApp are other sites: stand-ins answer for them.
  for (const origin of [new URL(BOOKING_FORM_URL).origin, new URL(COMMUNITY_FORM_URL).origin, "https://wa.me"]) {
    await context.route(`${origin}/**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Elsewhere</title><p>Stand-in</p>" }),
    );
  }
});

const booking = (page: Page) => page.getByRole("region", { name: "Book This Ride" });

/** A control by its name, link or button: a tap on it must do what it says, whichever it is. */
const control = (scope: Page | Locator, name: string) =>
  scope.getByRole("link", { name }).or(scope.getByRole("button", { name }));

async function formRidePath(page: Page, ownServer: { db: Parameters<typeof publicRide>[0] }) {
  return ridePath(await publicRide(ownServer.db, FORM_RIDE));
}

/** A tap that opens another tab: the address that tab was opened with. */
async function opensTab(page: Page, link: Locator): Promise<string> {
  const [popup] = await Promise.all([page.waitForEvent("popup"), link.click()]);
  return popup.url();
}

/** The card of a completed ride on Past Adventures. */
const completedCard = (page: Page, title: string) => page.getByTestId("ride-card").filter({ hasText: title });

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("Register Now opens the ride's booking form", async ({ page, ownServer }) => {
    await page.goto(await formRidePath(page, ownServer));
    expect(await opensTab(page, booking(page).getByRole("link", { name: "Register Now" }))).toBe(BOOKING_FORM_URL);
  });

  test("Share This Ride opens WhatsApp with the ride's address typed", async ({ page, ownServer }) => {
    const path = await formRidePath(page, ownServer);
    await page.goto(path);
    const url = new URL(await opensTab(page, booking(page).getByRole("link", { name: "Share This Ride" })));
    expect(url.origin).toBe("https://wa.me");
    expect(url.searchParams.get("text")).toContain(new URL(path, page.url()).href);
  });

  test("the contact page's Join Our Community opens the community form", async ({ page }) => {
    await page.goto("/contact");
    expect(await opensTab(page, page.getByRole("link", { name: "Join Our Community" }))).toBe(COMMUNITY_FORM_URL);
  });

  test("a completed ride without a video says so", async ({ page }) => {
    await page.goto("/previous");
    await completedCard(page, NO_VIDEO_RIDE)
      .getByRole("button", { name: /YouTube/ })
      .click();
    await expect(page.getByText(SOCIAL_LINK_MESSAGES.youtubeMissing)).toBeVisible();
  });

  test("the menu of a phone leads to the site's links", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/about");
    await page.getByRole("link", { name: "Menu" }).click();
    await expect(
      page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Contact" }),
    ).toBeInViewport();
  });

  test("no control is drawn that only a script could make work", async ({ page, ownServer }) => {
    await page.goto("/");
    await expect(page.getByTestId("hero-slide").first()).toBeVisible();
    await expect(page.getByRole("button", { name: /slide/ })).toHaveCount(0);
    await page.goto(await formRidePath(page, ownServer));
    await expect(page.getByRole("button", { name: "Save for the ride" })).toBeHidden();
    await expect(page.getByText("Saving a ride for offline use needs JavaScript.")).toBeVisible();
  });
});

test.describe("the first tap on a slow phone, before the islands have hydrated", () => {
  /** A mid-range phone on slow 4G, as Lighthouse's mobile defaults: 4× slower CPU, 150 ms, 1.6 Mbit/s. */
  async function slowPhone(page: Page): Promise<void> {
    await page.setViewportSize({ width: 390, height: 844 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }

  /**
   * Opens a page and returns as soon as its HTML is parsed. Its scripts are held back until
   * the tap (`tap`), so the tap surely comes before any island has hydrated, however fast this
   * machine is that day; after it, they load and the island may upgrade what the tap started.
   */
  async function openEarly(
    page: Page,
    path: string,
    { throttled = true } = {},
  ): Promise<{ tap(target: Locator): Promise<void> }> {
    if (throttled) await slowPhone(page);
    else await page.setViewportSize({ width: 390, height: 844 });
    const held: Route[] = [];
    let holding = true;
    await page.route(/\/assets\/.*\.js$/, (route) => (holding ? held.push(route) : route.continue()));
    await page.goto(path, { waitUntil: "domcontentloaded" });
    return {
      async tap(target) {
        expect(await page.locator("rb-island[data-hydrated]").count(), "an island hydrated before the tap").toBe(0);
        await target.click();
        holding = false;
        for (const route of held.splice(0)) await route.continue();
      },
    };
  }

  /** The tap opened the form: in its pop-up (the island was in time), or in a tab of its own. */
  async function expectFormOpened(
    page: Page,
    tap: () => Promise<void>,
    dialogName: string,
    url: string,
  ): Promise<void> {
    const popup = page.waitForEvent("popup").then((tab) => tab.url());
    await tap();
    const dialog = page.getByRole("dialog", { name: dialogName });
    const opened = await Promise.race([popup, dialog.waitFor().then(() => "dialog")]);
    if (opened === "dialog") await expect(dialog.locator("iframe")).toHaveAttribute("src", url);
    else expect(opened).toBe(url);
  }

  test("Register Now opens the booking form", async ({ page, ownServer }) => {
    const { tap } = await openEarly(page, await formRidePath(page, ownServer));
    const register = control(booking(page), "Register Now");
    await expectFormOpened(page, () => tap(register), `Register for ${FORM_RIDE}`, BOOKING_FORM_URL);
  });

  test("Share This Ride shares the ride", async ({ page, ownServer }) => {
    const { tap } = await openEarly(page, await formRidePath(page, ownServer));
    const popup = page.waitForEvent("popup").then((tab) => new URL(tab.url()).origin);
    await tap(control(booking(page), "Share This Ride"));
    const notice = booking(page)
      .getByRole("status")
      .filter({ hasText: /Link Copied!|Could not copy/ });
    const shared = await Promise.race([popup, notice.waitFor().then(() => "notice")]);
    expect(["https://wa.me", "notice"]).toContain(shared);
  });

  test("Join Our Community opens the community form", async ({ page }) => {
    const { tap } = await openEarly(page, "/contact");
    const join = control(page, "Join Our Community");
    await expectFormOpened(page, () => tap(join), "Join Our Community", COMMUNITY_FORM_URL);
  });

  test("Past Adventures' YouTube button says the video is not there yet", async ({ page }) => {
    const { tap } = await openEarly(page, "/previous");
    await tap(completedCard(page, NO_VIDEO_RIDE).getByRole("button", { name: /YouTube/ }));
    await expect(page.getByText(SOCIAL_LINK_MESSAGES.youtubeMissing)).toBeVisible();
  });

  test("Save for the ride keeps the ride once the page's script has run", async ({ page, ownServer }) => {
    // Unthrottled: what the tap starts downloads the ride's photos and files.
    const { tap } = await openEarly(page, await formRidePath(page, ownServer), { throttled: false });
    await tap(page.getByRole("button", { name: "Save for the ride" }));
    await expect(page.getByRole("status").filter({ hasText: /Saved for the ride/ })).toBeVisible();
  });

  test("the hero carousel's arrows and dots work before any script file has loaded", async ({ page }) => {
    const { tap } = await openEarly(page, "/");
    const active = page.locator('[aria-roledescription="carousel"] [data-active="true"]');
    await tap(page.getByRole("button", { name: "Next slide" }));
    await expect(active).toHaveAccessibleName(/^2 of /);
    await page.getByRole("button", { name: "Go to slide 1" }).click();
    await expect(active).toHaveAccessibleName(/^1 of /);
  });

  test("the menu shows the site's links", async ({ page }) => {
    const { tap } = await openEarly(page, "/about");
    await tap(control(page, "Menu"));
    const contact = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Contact" })
      .or(page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Contact" }));
    await expect(contact.first()).toBeInViewport();
  });
});
