import type { Page } from "@playwright/test";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { updateRide } from "~/server/rides/rides.server";
import { waitForHydration } from "./support/hydration.ts";
import { expect, test } from "./support/admin-fixtures.ts";
import { publicRide, ridePath } from "./support/ride-helpers.ts";

// The ride in the rider's pocket (decision 023): a ride saved for offline use, the
// service worker's offline page, the installable site, and sharing on a phone.

const RAJASTHAN = "Royal Rajasthan Desert Loop";
const SPITI = "Spiti Valley Circuit";
const LADAKH = "Leh–Ladakh Expedition";

/** The page loaded, its islands hydrated and the service worker in control of it. */
async function openControlled(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Presses "Save for the ride", whose island hydrates as it nears the screen. */
async function saveRide(page: Page) {
  const save = page.getByRole("button", { name: "Save for the ride" });
  await save.scrollIntoViewIfNeeded();
  await save.click();
}

/** Every URL in every cache of the origin. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => request.url));
    }
    return urls;
  });
}

test.describe("the ride in the rider's pocket", () => {
  // Offline, what was not saved (the similar rides' photos, an island's code the page had not
  // fetched yet) fails to load, as it should; signed out, the portal's sign-in page meets a 401.
  test.use({
    allowedConsoleErrors: [
      "status of 401 (Unauthorized)",
      "net::ERR_FAILED",
      "net::ERR_INTERNET_DISCONNECTED",
      "Failed to fetch dynamically imported module",
    ],
  });
  test("a saved ride opens offline with its itinerary, things to carry, policy and organiser; an unsaved page shows the offline page", async ({
    page,
    context,
    e2eDb,
  }) => {
    const ride = await publicRide(e2eDb, RAJASTHAN);
    await openControlled(page, ridePath(ride));
    await saveRide(page);
    await expect(page.getByText(/^Saved for the ride \(\d/)).toBeVisible();

    await context.setOffline(true);
    await page.goto(ridePath(ride));
    await expect(page.getByRole("heading", { level: 1, name: ride.title })).toBeVisible();
    await expect(page.locator("#itinerary")).toContainText(ride.itinerary[0]!.title);
    await expect(page.locator("#things-to-carry")).toContainText(ride.thingsToCarryMandatory[0]!);
    await expect(page.locator("#policy")).toContainText("Cancellation Policy");
    const organiser = page.getByTestId("ride-organiser");
    await expect(organiser.getByRole("link", { name: `Call ${FALLBACK_CONFIG.company.phone}` })).toHaveAttribute(
      "href",
      /^tel:\+?\d+$/,
    );
    await expect(organiser.getByRole("link", { name: "WhatsApp the organiser" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\//,
    );
    // The hero photo was saved at one phone width and answers for whatever width the page asks.
    await expect
      .poll(() =>
        page
          .locator("article img")
          .first()
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0);

    const unsaved = await publicRide(e2eDb, LADAKH);
    await page.goto(ridePath(unsaved));
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();

    await page.getByRole("link", { name: "Your saved rides" }).click();
    const saved = page.getByTestId("saved-ride");
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText(ride.title);
    await expect(saved).toContainText(/\d+(\.\d)? (KB|MB)/);
    await saved.getByRole("button", { name: `Remove ${ride.title}` }).click();
    await expect(page.getByText(/^No saved rides yet/)).toBeVisible();
    await page.goto(ridePath(ride));
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  });

  test("a saved ride refreshes itself when the phone is online again", async ({ page, context, e2eDb }) => {
    const ride = await publicRide(e2eDb, SPITI);
    await openControlled(page, ridePath(ride));
    await saveRide(page);
    await expect(page.getByText(/^Saved for the ride/)).toBeVisible();

    await context.setOffline(true);
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    const renamed = `${ride.title} (new route)`;
    await updateRide(e2eDb, ride.id, { ...ride, title: renamed });
    try {
      await context.setOffline(false);
      await page.goto("/about");
      await expect
        .poll(() => page.evaluate(async (path) => (await (await caches.match(path))?.text()) ?? "", ridePath(ride)))
        .toContain(renamed);
      await context.setOffline(true);
      await page.goto(ridePath(ride));
      await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
    } finally {
      await context.setOffline(false);
      await updateRide(e2eDb, ride.id, { ...ride, title: ride.title });
    }
  });

  test("the admin portal is never cached, nor answered offline", async ({ page, context, e2eDb }) => {
    await openControlled(page, ridePath(await publicRide(e2eDb, RAJASTHAN)));
    await page.goto("/admin/login");
    await waitForHydration(page);
    expect((await cachedUrls(page)).filter((url) => new URL(url).pathname.startsWith("/admin"))).toEqual([]);
    const adminScripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((url) => url.includes("/assets/") && url.endsWith(".js")),
    );
    const cached = new Set(await cachedUrls(page));
    const publicScripts = new Set(
      await (async () => {
        await page.goto("/");
        await waitForHydration(page);
        return page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .map((entry) => entry.name)
            .filter((url) => url.includes("/assets/") && url.endsWith(".js")),
        );
      })(),
    );
    // What only the portal loads was never kept.
    expect(adminScripts.filter((url) => !publicScripts.has(url) && cached.has(url))).toEqual([]);

    await context.setOffline(true);
    await expect(page.goto("/admin/login")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await context.setOffline(false);
  });

  test("Share This Ride opens a phone's share sheet with the ride's title, dates, price and link; a desktop copies the link @mobile", async ({
    page,
    context,
    baseURL,
    e2eDb,
    isMobile,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      (window as unknown as { shared: ShareData[] }).shared = shared;
      navigator.share = async (data?: ShareData) => {
        shared.push(data ?? {});
      };
    });
    const ride = await publicRide(e2eDb, RAJASTHAN);
    await page.goto(ridePath(ride));
    await waitForHydration(page);
    await page.getByRole("button", { name: "Share This Ride" }).click();
    const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
    if (isMobile) {
      expect(shared).toHaveLength(1);
      expect(shared[0]).toMatchObject({ title: ride.title, url: `${baseURL}${ridePath(ride)}` });
      expect(shared[0]!.text).toContain(ride.tripCost.replace(/^(?!₹)/, "₹"));
    } else {
      // A desktop browser may offer navigator.share too; a mouse user gets the copied link.
      expect(shared).toHaveLength(0);
      await expect(page.getByText("Link Copied!")).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${ridePath(ride)}`);
    }

    const whatsApp = new URL((await page.getByRole("link", { name: "Share on WhatsApp" }).getAttribute("href"))!);
    expect(whatsApp.origin).toBe("https://wa.me");
    const message = whatsApp.searchParams.get("text")!.split("\n");
    expect(message[0]).toBe(ride.title);
    expect(message.at(-1)).toBe(`${baseURL}${ridePath(ride)}`);
  });

  test("the site installs: a manifest with the logo's icons", async ({ page, request }) => {
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = (await (await request.get(href!)).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({ name: "Roadbook", start_url: "/", display: "standalone" });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of manifest.icons) {
      const response = await request.get(icon.src);
      expect(response.headers()["content-type"]).toBe("image/png");
    }
  });
});

test.describe("the ride page's booking bar @mobile", () => {
  test("shows the price and Register Now once the title has scrolled away, never over the page or beside the booking card", async ({
    page,
    e2eDb,
    isMobile,
  }) => {
    const ride = await publicRide(e2eDb, RAJASTHAN);
    await page.goto(ridePath(ride));
    await waitForHydration(page);
    const bar = page.getByTestId("booking-bar");
    await expect(bar).toBeHidden();
    if (!isMobile) {
      // A desktop keeps the booking card beside the page: no bar, whatever the scroll.
      await page.locator("#policy").scrollIntoViewIfNeeded();
      await expect(bar).toBeHidden();
      return;
    }

    await page.locator("#itinerary").scrollIntoViewIfNeeded();
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(ride.tripCost.replace(/^(?!₹)/, "₹"));
    const register = bar
      .getByRole("link", { name: "Register Now" })
      .or(bar.getByRole("button", { name: "Register Now" }));
    await expect(register).toBeVisible();
    // The page has room below its last line for the bar.
    const barHeight = await bar.evaluate((element) => element.getBoundingClientRect().height);
    expect(await page.evaluate(() => Number.parseFloat(getComputedStyle(document.body).paddingBottom))).toBeCloseTo(
      barHeight,
      0,
    );
    // Reachable from the keyboard.
    await register.focus();
    await expect(register).toBeFocused();

    await page.getByRole("heading", { name: "Book This Ride" }).scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe("0px");
  });
});
