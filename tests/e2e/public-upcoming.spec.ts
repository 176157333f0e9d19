import { HERO_INTERVAL_MS } from "~/domain/constants";
import type { Page } from "@playwright/test";
import { expect } from "./support/fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";
import { pauseClock } from "./support/paused-clock.ts";
import { testOnOwnServer } from "./support/own-server.ts";

// The upcoming rides page (product.md#upcoming-page) on the demo content: three hero slides, the featured banner
// on the Ladakh ride, six upcoming rides (each with a trip cost), the closing section.

const test = testOnOwnServer({ seedDemo: true, readOnly: true });

const SLIDE_TITLES = ["Ride to the Roof of the World", "Chase the Monsoon", "Forts, Dunes and Desert Roads"];

const carousel = (page: Page) => page.locator('[aria-roledescription="carousel"]');
const activeSlide = (page: Page) => carousel(page).locator('[data-active="true"]');

/** The carousel is no island (decision 057): its own script, written after it, works it from the first paint. */
async function openHome(page: Page, path = "/") {
  await page.goto(path);
  await expect(carousel(page)).toHaveAttribute("data-carousel-ready", "true");
}

async function expectSlide(page: Page, index: number) {
  await expect(activeSlide(page)).toHaveAccessibleName(`${index + 1} of ${SLIDE_TITLES.length}`);
  await expect(activeSlide(page).getByRole("heading")).toHaveText(SLIDE_TITLES[index]!);
  await expect(page.getByRole("button", { name: `Go to slide ${index + 1}` })).toHaveAttribute("aria-current", "true");
}

test.describe("hero carousel", () => {
  test("shows each active slide's title, subtitle, tagline, call to action and Learn More", async ({ page }) => {
    await page.goto("/");
    const first = carousel(page).getByRole("group", { name: "1 of 3" });
    await expect(first.getByRole("heading", { name: SLIDE_TITLES[0] })).toBeVisible();
    await expect(first).toContainText("Leh–Ladakh Expedition");
    await expect(first).toContainText("Eleven days, five high passes, one unforgettable crew");
    await expect(first.getByRole("link", { name: "Explore Rides" })).toHaveAttribute("href", /^\/ride\/.+/);
    await expect(first.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/about");
    await expect(carousel(page).getByRole("group")).toHaveCount(3);
  });

  test("has a dot per slide; a dot shows its slide and is marked current", async ({ page }) => {
    await openHome(page);
    await expectSlide(page, 0);
    await page.getByRole("button", { name: "Go to slide 3" }).click();
    await expectSlide(page, 2);
    await expect(page.getByRole("button", { name: "Go to slide 1" })).not.toHaveAttribute("aria-current", /.*/);
  });

  test("the arrows go to the next and previous slide, round the ends", async ({ page }) => {
    await openHome(page);
    await page.getByRole("button", { name: "Next slide" }).click();
    await expectSlide(page, 1);
    await page.getByRole("button", { name: "Previous slide" }).click();
    await expectSlide(page, 0);
    await page.getByRole("button", { name: "Previous slide" }).click();
    await expectSlide(page, 2);
  });

  test("a sideways scroll (a swipe on a phone) shows the next slide, with its photo, and marks its dot", async ({
    page,
  }) => {
    await openHome(page);
    // A sideways scroll gesture over the slide, as a trackpad makes (Playwright's wheel scrolls no strip sideways).
    const box = (await carousel(page).boundingBox())!;
    const devtools = await page.context().newCDPSession(page);
    await devtools.send("Input.synthesizeScrollGesture", {
      x: box.x + box.width / 2,
      y: box.y + box.height / 3,
      xDistance: -box.width / 3,
      yDistance: 0,
      gestureSourceType: "mouse",
    });
    await expectSlide(page, 1);
    await expect(activeSlide(page).locator("img")).toHaveCount(1);
    await expect(activeSlide(page)).toBeInViewport({ ratio: 0.99 });
  });

  test("works from the keyboard: arrow buttons with Enter, arrow keys inside the carousel", async ({ page }) => {
    await openHome(page);
    await page.getByRole("button", { name: "Next slide" }).focus();
    await page.keyboard.press("Enter");
    await expectSlide(page, 1);
    await page.keyboard.press("ArrowRight");
    await expectSlide(page, 2);
    await page.keyboard.press("ArrowLeft");
    await expectSlide(page, 1);
  });

  test(`advances on its own every ${HERO_INTERVAL_MS} ms`, async ({ page }) => {
    await pauseClock(page);
    await openHome(page);
    await page.mouse.move(0, 0);
    await expectSlide(page, 0);
    await page.clock.runFor(HERO_INTERVAL_MS - 100);
    await expectSlide(page, 0);
    await page.clock.runFor(100);
    await expectSlide(page, 1);
    await page.clock.runFor(HERO_INTERVAL_MS);
    await expectSlide(page, 2);
    await page.clock.runFor(HERO_INTERVAL_MS);
    await expectSlide(page, 0);
  });

  test("pauses while pointed at, and with its pause button", async ({ page }) => {
    await pauseClock(page);
    await openHome(page);
    await carousel(page).hover();
    await page.clock.runFor(HERO_INTERVAL_MS * 2);
    await expectSlide(page, 0);

    await page.mouse.move(0, 0);
    await page.getByRole("button", { name: "Pause slideshow" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Play slideshow" }).blur();
    await page.clock.runFor(HERO_INTERVAL_MS * 2);
    await expectSlide(page, 0);
  });

  test("does not move on its own for a visitor who asked for reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await pauseClock(page);
    await openHome(page);
    await page.mouse.move(0, 0);
    await page.clock.runFor(HERO_INTERVAL_MS * 3);
    await expectSlide(page, 0);
    await expect(page.getByRole("button", { name: /slideshow/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Next slide" }).click();
    await expectSlide(page, 1);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the first slide is in view, the others a swipe (or a Tab) away with their photos, no control drawn", async ({
      page,
    }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { name: SLIDE_TITLES[0] })).toBeInViewport();
      await expect(page.getByRole("heading", { name: SLIDE_TITLES[1] })).not.toBeInViewport();
      await expect(carousel(page).getByRole("button")).toHaveCount(0);
      await expect(carousel(page).locator("[inert]")).toHaveCount(0);
      const second = carousel(page).getByRole("group", { name: "2 of 3" });
      await second.getByRole("link", { name: "Learn More" }).focus();
      await expect(page.getByRole("heading", { name: SLIDE_TITLES[1] })).toBeInViewport();
      await expect(second.locator("img")).toHaveCount(1);
    });
  });
});

test.describe("featured banner", () => {
  test("shows the active banner; its /ride/ link navigates within the site", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const banner = page.getByTestId("featured-banner");
    await expect(banner.getByRole("heading", { name: "Ride of the Year" })).toBeVisible();
    await expect(banner).toContainText("Leh–Ladakh Expedition");
    await expect(banner).toContainText("Khardung La, Pangong Tso and the Nubra dunes");
    const button = banner.getByRole("link", { name: "Know More" });
    await expect(button).not.toHaveAttribute("target", /.*/);
    const href = await button.getAttribute("href");
    expect(href).toMatch(/^\/ride\/[^/]+$/);
    await button.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });
});

test.describe("upcoming ride cards", () => {
  test("show image, duration, distance, cost, title, dates and description of each upcoming ride", async ({ page }) => {
    await page.goto("/");
    const cards = page.getByTestId("ride-card");
    await expect(cards).toHaveCount(6);
    const first = cards.first();
    await expect(first.getByRole("heading", { name: "Royal Rajasthan Desert Loop" })).toBeVisible();
    await expect(first.getByTestId("cost-badge")).toHaveText("₹24,500");
    await expect(first).toContainText(/\dD \dN/);
    await expect(first).toContainText(/\d[\d,]* km/);
    await expect(first.getByTestId("ride-dates")).toHaveText(/^\d{1,2}(st|nd|rd|th) .*\d{4}$/);
    await expect(first.locator("img")).toHaveAttribute("width", "800");
    await expect(first.locator("img")).toHaveAttribute("height", "600");
  });

  test("View Details goes to the ride's page", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const card = page.getByTestId("ride-card").filter({ hasText: "Konkan Coastal Trail" });
    const link = card.getByRole("link", { name: /View Details/ });
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/ride\/[^/]+$/);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test("/upcoming shows the same rides as /", async ({ page }) => {
    await page.goto("/upcoming");
    await expect(page.getByTestId("ride-card")).toHaveCount(6);
    await expect(page.getByTestId("ride-card").first()).toContainText("Royal Rajasthan Desert Loop");
  });
});

test.describe("closing section", () => {
  test("'Ready to Start Your Journey?' with 'Join Our Community' going to /contact", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Ready to Start Your Journey?" });
    await section.getByRole("link", { name: "Join Our Community" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1, name: "Get In Touch" })).toBeVisible();
  });
});
