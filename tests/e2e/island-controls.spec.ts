import type { Locator, Page, Route } from "@playwright/test";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { FOOTER_NAV_ID } from "~/domain/navigation";
import { updateRide } from "~/server/rides/rides.server";
import { expect } from "./support/fixtures.ts";
import { hydrateIsland } from "./support/hydration.ts";
import { publicRide, ridePath } from "./support/ride-helpers.ts";
import { testOnOwnServer } from "./support/own-server.ts";

// The public controls an island upgrades (decision 017, note of 2026-12-03): the menu toggle,
// the form openers (Join Our Community, Register Now) and Share This Ride are links as the
// server draws them and without JavaScript, and buttons once their island has hydrated, in the
// same box, read by the accessibility tree: a screen reader says "button", and Space works.

const BOOKING_FORM_URL = "https://forms.gle/e2e-island-controls";
const COMMUNITY_FORM_URL = FALLBACK_CONFIG.googleForm;
const FORM_RIDE = "Spiti Valley Circuit";

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

/**
 * Opens a page with its scripts held back, so it shows what the server drew until `hydrate`
 * lets them load, points at the island of `name` (decision 057: an island hydrates when a
 * visitor reaches for it) and waits for it to hydrate.
 */
async function openHeld(page: Page, path: string): Promise<{ hydrate(name: string): Promise<void> }> {
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/.*\.js$/, (route) => (holding ? held.push(route) : route.continue()));
  await page.goto(path);
  return {
    async hydrate(name) {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
      await hydrateIsland(page, name);
    },
  };
}

async function formRidePath(ownServer: { db: Parameters<typeof publicRide>[0] }): Promise<string> {
  return ridePath(await publicRide(ownServer.db, FORM_RIDE));
}

const booking = (page: Page) => page.getByRole("region", { name: "Book This Ride" });

/** Whether the focus is inside `scope`. */
const holdsFocus = (scope: Locator) => scope.evaluate((element) => element.contains(document.activeElement));

test.describe("once their island has hydrated they are buttons, in the box the link had", () => {
  test("the menu toggle is a disclosure button: Space and Enter fold it, Escape closes it", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { hydrate } = await openHeld(page, "/about");
    const link = page.getByRole("banner").getByRole("link", { name: "Menu" });
    await expect(link).toMatchAriaSnapshot(`- link "Menu":\n  - /url: "#${FOOTER_NAV_ID}"`);
    await expect(link).not.toHaveAttribute("aria-expanded");
    const box = await link.boundingBox();

    await hydrate("site-nav");
    const toggle = page.getByRole("banner").getByRole("button", { name: "Menu" });
    await expect(toggle).toMatchAriaSnapshot(`- button "Menu" [expanded=false]`);
    await expect(page.getByRole("banner").getByRole("link", { name: "Menu" })).toHaveCount(0);
    expect(await toggle.boundingBox()).toEqual(box);
    const list = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    const about = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" });

    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toMatchAriaSnapshot(`- button "Menu" [expanded]`);
    await expect(about).toBeVisible();
    await expect(list).toContainText("Contact");
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(about).toBeHidden();

    await toggle.click();
    await expect(about).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(about).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("Join Our Community is a button that opens its dialog, takes the focus in and back", async ({ page }) => {
    const { hydrate } = await openHeld(page, "/contact");
    const link = page.getByRole("link", { name: "Join Our Community" });
    await expect(link).toHaveAttribute("href", COMMUNITY_FORM_URL);
    await expect(link).not.toHaveAttribute("aria-haspopup");
    const box = await link.boundingBox();

    await hydrate("community-form");
    const opener = page.getByRole("button", { name: "Join Our Community" });
    await expect(opener).toMatchAriaSnapshot(`- button "Join Our Community" [expanded=false]`);
    await expect(opener).toHaveAttribute("aria-haspopup", "dialog");
    expect(await opener.boundingBox()).toEqual(box);

    const dialog = page.getByRole("dialog", { name: "Join Our Community" });
    for (const key of ["Space", "Enter"]) {
      await opener.focus();
      await page.keyboard.press(key);
      await expect(dialog, `opened by ${key}`).toBeVisible();
      await expect.poll(() => holdsFocus(dialog), `focus in the dialog after ${key}`).toBe(true);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener, `focus back after ${key}`).toBeFocused();
    }
  });

  test("Register Now and Share This Ride are buttons: one opens the booking form, the other copies the link", async ({
    page,
    context,
    ownServer,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const { hydrate } = await openHeld(page, await formRidePath(ownServer));
    const shareLink = booking(page).getByRole("link", { name: "Share This Ride" });
    const registerLink = booking(page).getByRole("link", { name: "Register Now" });
    await expect(shareLink).toHaveAttribute("href", /^https:\/\/wa\.me\//);
    await expect(registerLink).toHaveAttribute("href", BOOKING_FORM_URL);
    const boxes = [await shareLink.boundingBox(), await registerLink.boundingBox()];

    await hydrate("share-button");
    await hydrate("register-button");
    const share = booking(page).getByRole("button", { name: "Share This Ride" });
    const register = booking(page).getByRole("button", { name: "Register Now" });
    await expect(share).toMatchAriaSnapshot(`- button "Share This Ride"`);
    await expect(share).not.toHaveAttribute("aria-haspopup");
    await expect(register).toHaveAttribute("aria-haspopup", "dialog");
    expect([await share.boundingBox(), await register.boundingBox()]).toEqual(boxes);
    // The plain WhatsApp link below stays what it is.
    await expect(booking(page).getByRole("link", { name: "Share on WhatsApp" })).toBeVisible();

    const notice = booking(page).getByRole("status").filter({ hasText: "Link Copied!" });
    await share.focus();
    await page.keyboard.press("Space");
    await expect(notice).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    await register.focus();
    await page.keyboard.press("Space");
    const dialog = page.getByRole("dialog", { name: `Register for ${FORM_RIDE}` });
    await expect(dialog.locator("iframe")).toHaveAttribute("src", BOOKING_FORM_URL);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(register).toBeFocused();
  });

  test("a link that had the focus hands it to its button", async ({ page }) => {
    const { hydrate } = await openHeld(page, "/contact");
    await page.getByRole("link", { name: "Join Our Community" }).focus();
    await hydrate("community-form");
    await expect(page.getByRole("button", { name: "Join Our Community" })).toBeFocused();
  });

  test("a press begun on the link before its island hydrated is not lost to the switch", async ({ page }) => {
    const { hydrate } = await openHeld(page, "/contact");
    const box = (await page.getByRole("link", { name: "Join Our Community" }).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await hydrate("community-form");
    // The form opens, in its pop-up or in a tab of its own; a link taken away mid-press did nothing.
    const tab = page.waitForEvent("popup").then((popup) => popup.url());
    const dialog = page.getByRole("dialog", { name: "Join Our Community" });
    await page.mouse.up();
    const opened = await Promise.race([tab, dialog.waitFor().then(() => "dialog")]);
    expect(["dialog", COMMUNITY_FORM_URL]).toContain(opened);
    await expect(page.getByRole("button", { name: "Join Our Community" })).toBeVisible();
  });
});

test.describe("with JavaScript off they are the links they are, claiming nothing more", () => {
  test.use({ javaScriptEnabled: false });

  test("the menu, Join Our Community, Register Now and Share This Ride are plain links", async ({
    page,
    ownServer,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/contact");
    for (const name of ["Menu", "Join Our Community"]) {
      const link = page.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      for (const attribute of ["aria-expanded", "aria-haspopup", "aria-controls"]) {
        await expect(link, `${name}: ${attribute}`).not.toHaveAttribute(attribute);
      }
    }
    await expect(page.getByRole("button")).toHaveCount(0);
    await page.getByRole("link", { name: "Menu" }).click();
    await expect(page).toHaveURL(new RegExp(`#${FOOTER_NAV_ID}$`));

    await page.goto(await formRidePath(ownServer));
    for (const name of ["Register Now", "Share This Ride"]) {
      const link = booking(page).getByRole("link", { name });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link, name).not.toHaveAttribute("aria-haspopup");
    }
    await expect(booking(page).getByRole("button")).toHaveCount(0);
  });
});
