import type { Page } from "@playwright/test";
import { LINK_COPIED_MS } from "~/domain/constants";
import { formatIndianShortDate } from "~/domain/dates";
import type { Ride } from "~/domain/ride";
import { updateRide } from "~/server/rides/rides.server";
import { expect, test, workerDb } from "./support/admin-fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";
import { publicRide, ridePath } from "./support/ride-helpers.ts";

// The booking card (product.md#booking-card) and the registration pop-up (#registration).

const booking = (page: Page) => page.getByRole("region", { name: "Book This Ride" });
const amountCard = (page: Page, label: string) =>
  booking(page)
    .locator("div", { has: page.getByText(label, { exact: true }) })
    .last();
const copiedNotice = (page: Page) => booking(page).getByRole("status");

test.describe("ride details: booking card", () => {
  test("shows the last booking date (Indian short format), the ride amount and the booking amount", async ({
    page,
    e2eDb,
  }) => {
    const ride = await publicRide(e2eDb, "Royal Rajasthan Desert Loop");
    await page.goto(ridePath(ride));
    await expect(page.getByTestId("last-booking-date")).toHaveText(
      `Last booking date: ${formatIndianShortDate(ride.lastBookingDate)}`,
    );
    await expect(page.getByTestId("last-booking-date")).toHaveText(/: \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await expect(amountCard(page, "Ride Amount")).toHaveText(`Ride Amount${ride.tripCost}Total trip cost`);
    await expect(amountCard(page, "Booking Amount")).toHaveText(
      `Booking Amount${ride.bookingCost}to reserve your spot`,
    );
  });

  test("stays in view beside the sections on a wide screen", async ({ page, e2eDb }) => {
    await page.goto(ridePath(await publicRide(e2eDb, "Royal Rajasthan Desert Loop")));
    await page.locator("#policy").scrollIntoViewIfNeeded();
    await expect(booking(page)).toBeInViewport();
    const card = (await booking(page).boundingBox())!;
    const policy = (await page.locator("#policy").boundingBox())!;
    expect(card.x).toBeGreaterThan(policy.x + policy.width);
  });

  test("comes after the sections on a phone", async ({ page, e2eDb }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(ridePath(await publicRide(e2eDb, "Royal Rajasthan Desert Loop")));
    const card = (await booking(page).boundingBox())!;
    const policy = (await page.locator("#policy").boundingBox())!;
    expect(card.y).toBeGreaterThanOrEqual(policy.y + policy.height);
  });

  test("has no last-booking-date ribbon when the ride has no last booking date", async ({ page, e2eDb }) => {
    const ride = await publicRide(e2eDb, "Nilgiris Hairpin Challenge");
    expect(ride.lastBookingDate).toBe("");
    await page.goto(ridePath(ride));
    await expect(booking(page)).toBeVisible();
    await expect(page.getByTestId("last-booking-date")).toHaveCount(0);
  });

  test("hides an amount card when its amount is empty", async ({ page }) => {
    // Bundled sample rides (product.md#public-fallbacks): one with a trip cost only, one with no cost at all.
    await page.goto("/ride/sample-konkan-coast");
    await expect(amountCard(page, "Ride Amount")).toHaveText("Ride Amount₹14500Total trip cost");
    await expect(booking(page).getByText("Booking Amount")).toHaveCount(0);

    await page.goto("/ride/sample-western-ghats");
    await expect(booking(page)).toBeVisible();
    await expect(booking(page).getByText("Ride Amount")).toHaveCount(0);
    await expect(booking(page).getByText("Booking Amount")).toHaveCount(0);
  });

  test("Register Now goes to /contact when the ride has no booking form", async ({ page, e2eDb }) => {
    const ride = await publicRide(e2eDb, "Royal Rajasthan Desert Loop");
    expect(ride.bookingFormUrl).toBe("");
    await page.goto(ridePath(ride));
    await booking(page).getByRole("link", { name: "Register Now" }).click();
    await expect(page).toHaveURL("/contact");
  });
});

test.describe("ride details: Register Now with a booking form", () => {
  // The demo content has no ride with a booking form, so one demo ride gets one for these
  // tests and has it taken away afterwards; serial mode keeps the tests in one worker
  // between the two. Its host is the one of the community form, which the server's
  // Content-Security-Policy already lets the site show in a frame.
  test.describe.configure({ mode: "serial" });
  const FORM_URL = "https://forms.gle/e2e-ride-booking";
  let ride: Ride;

  test.beforeAll(async () => {
    const e2eDb = workerDb();
    const original = await publicRide(e2eDb, "Spiti Valley Circuit");
    ride = await updateRide(e2eDb, original.id, { ...original, bookingFormUrl: FORM_URL });
  });

  test.afterAll(async () => {
    const e2eDb = workerDb();
    const current = await publicRide(e2eDb, "Spiti Valley Circuit");
    await updateRide(e2eDb, current.id, { ...current, bookingFormUrl: "" });
  });

  test.beforeEach(async ({ page }) => {
    await page.route("https://forms.gle/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><title>Booking</title><h1>Ride booking form</h1>",
      }),
    );
    await page.goto(ridePath(ride));
    await waitForHydration(page);
  });

  const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

  async function open(page: Page) {
    await booking(page).getByRole("button", { name: "Register Now" }).click();
    const dialog = page.getByRole("dialog", { name: `Register for ${ride.title}` });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  test("opens the booking form in a pop-up frame and locks page scrolling", async ({ page }) => {
    expect(await bodyOverflow(page)).not.toBe("hidden");
    const dialog = await open(page);
    await expect(dialog.locator("iframe")).toHaveAttribute("src", FORM_URL);
    await expect(
      page.frameLocator(`iframe[src="${FORM_URL}"]`).getByRole("heading", { name: "Ride booking form" }),
    ).toBeVisible();
    expect(await bodyOverflow(page)).toBe("hidden");
  });

  test("closes with the close button, Escape and a click outside, unlocking scrolling each time", async ({ page }) => {
    const closers: [string, (page: Page) => Promise<void>][] = [
      ["close button", (page) => page.getByRole("dialog").getByRole("button", { name: "Close" }).click()],
      ["Escape", (page) => page.keyboard.press("Escape")],
      ["click outside", (page) => page.mouse.click(3, 3)],
    ];
    for (const [how, close] of closers) {
      const dialog = await open(page);
      await close(page);
      await expect(dialog, `closed by ${how}`).toBeHidden();
      await expect.poll(() => bodyOverflow(page), `scrolling unlocked after ${how}`).not.toBe("hidden");
      await expect(
        booking(page).getByRole("button", { name: "Register Now" }),
        `focus back after ${how}`,
      ).toBeFocused();
    }
  });
});

test.describe("ride details: Share This Ride", () => {
  test("copies the page link and shows 'Link Copied!' for 2 seconds", async ({ page, context, e2eDb }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.clock.install();
    const ride = await publicRide(e2eDb, "Royal Rajasthan Desert Loop");
    await page.goto(ridePath(ride));
    await waitForHydration(page);
    await page.clock.pauseAt(Date.now() + 60_000);

    await booking(page).getByRole("button", { name: "Share This Ride" }).click();
    await expect(copiedNotice(page)).toHaveText("Link Copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    await page.clock.runFor(LINK_COPIED_MS - 1);
    await expect(copiedNotice(page)).toHaveText("Link Copied!");
    await page.clock.runFor(1);
    await expect(copiedNotice(page)).toHaveText("");
  });

  /** Records what the legacy copy command copies: the value of the field selected when it runs. */
  const recordLegacyCopies = () => {
    const copies: string[] = [];
    Object.assign(window, { legacyCopies: copies });
    const execCommand = document.execCommand.bind(document);
    document.execCommand = (command: string, ...rest: [boolean?, string?]) => {
      const field = document.activeElement;
      if (command === "copy" && field instanceof HTMLTextAreaElement) copies.push(field.value);
      return execCommand(command, ...rest);
    };
  };
  const legacyCopies = (page: Page) =>
    page.evaluate(() => (window as unknown as { legacyCopies: string[] }).legacyCopies);

  test("falls back to the legacy copy method when the clipboard refuses", async ({ page, context, e2eDb }) => {
    await context.grantPermissions(["clipboard-read"]);
    await page.addInitScript(() => {
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"));
    });
    await page.addInitScript(recordLegacyCopies);
    await page.goto(ridePath(await publicRide(e2eDb, "Royal Rajasthan Desert Loop")));
    await waitForHydration(page);

    await booking(page).getByRole("button", { name: "Share This Ride" }).click();
    await expect(copiedNotice(page)).toHaveText("Link Copied!");
    expect(await legacyCopies(page)).toEqual([page.url()]);
    // It really copied: the clipboard holds the link, and the temporary field is gone.
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await expect(page.locator("textarea")).toHaveCount(0);
    await expect(booking(page).getByRole("button", { name: "Share This Ride" })).toBeFocused();
  });

  test("falls back to the legacy copy method where there is no clipboard API", async ({ page, e2eDb }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined }));
    await page.addInitScript(recordLegacyCopies);
    await page.goto(ridePath(await publicRide(e2eDb, "Konkan Coastal Trail")));
    await waitForHydration(page);

    await booking(page).getByRole("button", { name: "Share This Ride" }).click();
    await expect(copiedNotice(page)).toHaveText("Link Copied!");
    expect(await legacyCopies(page)).toEqual([page.url()]);
  });
});
