import { FALLBACK_CONFIG } from "~/domain/defaults";
import type { Page } from "@playwright/test";
import { expect } from "./support/fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";
import { testOnOwnServer } from "./support/own-server.ts";

// The contact page (product.md#contact-page) on the demo content, whose configuration is FALLBACK_CONFIG. The
// community form lives on another site: the test serves a stand-in for it.

const test = testOnOwnServer({ seedDemo: true, readOnly: true });
const FORM_URL = FALLBACK_CONFIG.googleForm;

test.beforeEach(async ({ page }) => {
  await page.route(`${new URL(FORM_URL).origin}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>Form</title><p>Community form stand-in</p>",
    }),
  );
});

async function openForm(page: Page) {
  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Join Our Community" }).click();
  const dialog = page.getByRole("dialog", { name: "Join Our Community" });
  await expect(dialog).toBeVisible();
  return dialog;
}

const scrollLocked = (page: Page) =>
  page.evaluate(
    () => document.body.hasAttribute("data-scroll-locked") && getComputedStyle(document.body).overflow === "hidden",
  );

test.describe("community form modal", () => {
  test("opens with the form in a titled frame, and locks page scrolling", async ({ page }) => {
    const dialog = await openForm(page);
    const frame = dialog.locator("iframe");
    await expect(frame).toHaveAttribute("src", FORM_URL);
    await expect(frame).toHaveAttribute("title", "Join Our Community");
    await expect(page.frameLocator("iframe").getByText("Community form stand-in")).toBeVisible();
    expect(await scrollLocked(page)).toBe(true);
  });

  test("closes on Escape, unlocks scrolling and gives focus back to its button", async ({ page }) => {
    const dialog = await openForm(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(await scrollLocked(page)).toBe(false);
    await expect(page.getByRole("button", { name: "Join Our Community" })).toBeFocused();
  });

  test("closes on a click on the overlay", async ({ page }) => {
    const dialog = await openForm(page);
    await page.mouse.click(4, 4);
    await expect(dialog).toBeHidden();
    expect(await scrollLocked(page)).toBe(false);
  });

  test("closes with its close button", async ({ page }) => {
    const dialog = await openForm(page);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    expect(await scrollLocked(page)).toBe(false);
  });

  test("keeps keyboard focus inside while open", async ({ page }) => {
    const dialog = await openForm(page);
    const focusInside = () => dialog.evaluate((element: HTMLElement) => element.contains(document.activeElement));
    // The dialog takes focus as it opens, a moment after it shows.
    await expect.poll(focusInside).toBe(true);
    // Tabbing into the frame while its form is still loading lets Chrome drop the focus to the
    // page's body when the form's document replaces the empty one (about 1 run in 10 did): the
    // form is there before the keys.
    await expect(page.frameLocator("iframe").getByText("Community form stand-in")).toBeVisible();
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press("Tab");
      await expect.poll(focusInside).toBe(true);
    }
  });
});

test.describe("contact cards and social buttons", () => {
  test("show email with the response note, phone with business hours, and location", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Get In Touch" })).toBeVisible();
    const { email, phone, location } = FALLBACK_CONFIG.company;
    const emailCard = page.getByTestId("contact-email");
    await expect(emailCard.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    await expect(emailCard).toContainText("We respond within 24 hours");
    const phoneCard = page.getByTestId("contact-phone");
    await expect(phoneCard.getByRole("link", { name: phone })).toHaveAttribute("href", "tel:+919876543210");
    await expect(phoneCard).toContainText("Mon-Sat 9 AM-6 PM");
    await expect(page.getByTestId("contact-location")).toContainText(location);
  });

  test("offer Instagram, YouTube and WhatsApp, each opening in a new tab", async ({ page }) => {
    await page.goto("/contact");
    const main = page.getByRole("main");
    const { instagram, youtube, whatsapp } = FALLBACK_CONFIG.socialMedia;
    for (const [name, href] of [
      ["Instagram", instagram],
      ["YouTube", youtube],
      ["WhatsApp", whatsapp],
    ] as const) {
      const link = main.getByRole("link", { name, exact: true });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
  });
});
