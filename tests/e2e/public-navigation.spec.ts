import { FALLBACK_CONFIG } from "~/domain/defaults";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";
import { testOnOwnServer } from "./support/own-server.ts";

// product.md#navigation: top navigation, footer, unknown paths; every public page's landmarks, width and
// accessibility. On a server of its own with the demo content, whose configuration is
// FALLBACK_CONFIG (what the seed saves).

const test = testOnOwnServer({ seedDemo: true, readOnly: true });

const PUBLIC_PAGES = ["/", "/upcoming", "/previous", "/about", "/contact"] as const;

// The links, their targets and which one is marked current are rendered as
// app/components/site-nav.test.tsx proves; here the pages pass their path and the links lead on.
test.describe("top navigation", () => {
  test("marks the active link on the page a link leads to", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Previous Events" }).click();
    await expect(page).toHaveURL(/\/previous$/);
    await expect(nav.getByRole("link", { name: "Previous Events" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Upcoming Trips" })).not.toHaveAttribute("aria-current", "page");
  });

  test("the logo and the title image both lead to /", async ({ page }) => {
    await page.goto("/about");
    await page.getByTestId("logo-link").click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/contact");
    await page.getByRole("link", { name: "Roadbook home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("shows the links without a menu button on wide screens", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" })).toBeVisible();
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu button opens and closes the link list", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Menu" });
    const list = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(list).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(list.getByRole("link", { name: "About Us" })).toBeVisible();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(list).toBeHidden();
  });

  test("choosing a link navigates and closes the menu", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/\/about$/);
    // A new page: its menu starts closed, the link it is until a visitor reaches for it (decision 057).
    await expect(page.getByRole("banner").getByRole("link", { name: "Menu" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" })).toBeHidden();
  });

  test("works from the keyboard: Enter opens, Escape closes and keeps focus on the button", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Upcoming Trips" }).first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });
});

test.describe("footer", () => {
  test("shows the copyright with the company name and a credit line", async ({ page }) => {
    await page.goto("/previous");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${FALLBACK_CONFIG.company.name}`);
    await expect(footer).toContainText("Made by riders, for riders.");
  });

  test("has Instagram, YouTube, email and WhatsApp icons linking to the configured addresses", async ({ page }) => {
    await page.goto("/about");
    const social = page.getByRole("contentinfo").getByRole("list", { name: "Follow us" });
    const { instagram, youtube, whatsapp, email } = FALLBACK_CONFIG.socialMedia;
    for (const [name, href] of [
      ["Instagram", instagram],
      ["YouTube", youtube],
      ["WhatsApp", whatsapp],
    ] as const) {
      const link = social.getByRole("link", { name, exact: true });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    const mail = social.getByRole("link", { name: "Email", exact: true });
    await expect(mail).toHaveAttribute("href", email);
    await expect(mail).not.toHaveAttribute("target", /.+/);
  });
});

test.describe("unknown paths", () => {
  test("redirect to /", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Upcoming Rides" })).toBeVisible();
  });

  test("answer with a redirect, not a page, whatever the method", async ({ request }) => {
    for (const method of ["GET", "POST"] as const) {
      const response = await request.fetch("/definitely-not-here", { method, maxRedirects: 0 });
      expect(response.status(), method).toBeGreaterThanOrEqual(300);
      expect(response.status(), method).toBeLessThan(400);
      expect(new URL(response.headers().location!, "http://x").pathname, method).toBe("/");
    }
  });
});

test.describe("every public page", () => {
  test("is server-rendered: the upcoming ride titles are in the first response", async ({ request }) => {
    const html = await (await request.get("/")).text();
    for (const title of ["Royal Rajasthan Desert Loop", "Konkan Coastal Trail", "Spiti Valley Circuit"])
      expect(html).toContain(title);
    const previous = await (await request.get("/previous")).text();
    expect(previous).toContain("Nilgiris Hairpin Challenge");
  });

  for (const path of PUBLIC_PAGES) {
    test(`${path}: one h1, the landmarks, a title, a description; at 1280 and 360 px no accessibility violations and no horizontal scrolling`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("banner")).toHaveCount(1);
      await expect(page.getByRole("main")).toHaveCount(1);
      await expect(page.getByRole("contentinfo")).toHaveCount(1);
      await expect(page).toHaveTitle(/· Roadbook$/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
      await waitForHydration(page);
      await expectNoA11yViolations(page);

      // The same page on a small phone's width: one page load checks both layouts.
      await page.setViewportSize({ width: 360, height: 740 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await expectNoA11yViolations(page);
    });
  }
});
