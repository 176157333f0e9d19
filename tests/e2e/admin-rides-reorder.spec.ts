import type { Locator, Page } from "@playwright/test";
import { RIDE_MESSAGES } from "~/domain/messages";
import { KEYBOARD_DRAG_STEP_PX } from "~/domain/constants";
import { postAction, publicRideTitles, testOnOwnAdminServer } from "./support/admin-helpers.ts";
import { expect } from "./support/fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";

// product.md#admin-rides: each section is reorderable by pointer and keyboard (25 px steps), the order is
// saved at once (product.md#ordering) and reflected on the public pages. On a server of its own
// with the demo content, so the order asserted is exactly the one this spec made.

const test = testOnOwnAdminServer({ seedDemo: true });
test.describe.configure({ mode: "serial" });

function upcomingSection(page: Page): Locator {
  return page.getByRole("region", { name: /^Upcoming Rides/ });
}

async function upcomingTitles(page: Page): Promise<string[]> {
  return upcomingSection(page).getByTestId("admin-ride-card").getByRole("heading", { level: 3 }).allTextContents();
}

function handle(page: Page, title: string): Locator {
  return upcomingSection(page).getByRole("button", { name: `Reorder ${title}` });
}

/**
 * Picks up the focused card with Space, as a keyboard user does. dnd-kit's keyboard sensor
 * starts listening for the arrow keys in a task it queues on pick-up (setTimeout), and Chrome
 * runs input before timers: an arrow sent earlier is lost under load. A task queued now runs
 * after the sensor's, so once it has run the arrows reach the sensor.
 */
async function pickUp(page: Page): Promise<void> {
  await page.keyboard.press("Space");
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
}

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not visible");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test.describe("with the pointer", () => {
  // dnd-kit scrolls the page while the pointer is near the window's edge, for as long as it stays
  // there: on a slow machine the page ran on under the pointer and the card landed two places
  // down. A window tall enough keeps the whole drag away from the edges.
  test.use({ viewport: { width: 1280, height: 1600 } });

  test("a card dragged with the pointer takes its new place, here and on the home page", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/rides");
    await waitForHydration(page);
    const [first, second, ...rest] = await upcomingTitles(page);
    if (!first || !second) throw new Error("the demo content has fewer than two upcoming rides");

    const from = await centre(handle(page, first));
    const to = await centre(upcomingSection(page).getByTestId("admin-ride-card").nth(1));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x, from.y + 10, { steps: 2 });
    await page.mouse.move(to.x, to.y + 20, { steps: 12 });
    await page.mouse.up();

    await expect(page.getByText(RIDE_MESSAGES.orderUpdated)).toBeVisible();
    expect(await upcomingTitles(page)).toEqual([second, first, ...rest]);
    expect((await publicRideTitles(page, "/")).slice(0, 2)).toEqual([second, first]);
  });
});

test("a card moved with the keyboard (Space, arrows in 25 px steps, Space) takes its new place", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/rides");
  await waitForHydration(page);
  const [first, second, ...rest] = await upcomingTitles(page);
  if (!first || !second) throw new Error("the demo content has fewer than two upcoming rides");

  // Past the middle between the two cards' centres, not as far as the next card's.
  const cards = upcomingSection(page).getByTestId("admin-ride-card");
  const distance = (await centre(cards.nth(1))).y - (await centre(cards.nth(0))).y;
  const presses = Math.ceil(distance / 2 / KEYBOARD_DRAG_STEP_PX) + 1;

  await handle(page, second).focus();
  await pickUp(page);
  for (let press = 0; press < presses; press++) await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Space");

  await expect(page.getByText(RIDE_MESSAGES.orderUpdated)).toBeVisible();
  expect(await upcomingTitles(page)).toEqual([second, first, ...rest]);
  expect((await publicRideTitles(page, "/")).slice(0, 2)).toEqual([second, first]);
});

test("a single arrow press moves the card by one step only, and Escape puts it back", async ({ adminPage: page }) => {
  await page.goto("/admin/rides");
  await waitForHydration(page);
  const before = await upcomingTitles(page);
  const card = upcomingSection(page).getByTestId("admin-ride-card").first();
  const start = await card.boundingBox();

  await handle(page, before[0] ?? "").focus();
  await pickUp(page);
  await page.keyboard.press("ArrowDown");
  await expect
    .poll(async () => ((await card.boundingBox())?.y ?? 0) - (start?.y ?? 0))
    .toBeCloseTo(KEYBOARD_DRAG_STEP_PX, 0);
  await page.keyboard.press("Escape");

  await expect.poll(async () => (await card.boundingBox())?.y).toBeCloseTo(start?.y ?? 0, 0);
  expect(await upcomingTitles(page)).toEqual(before);
});

test.describe("without a connection", () => {
  // Twelve steps down carry the card past the middle of an 800 px window, where dnd-kit's keyboard
  // sensor scrolls the page smoothly instead of moving the card; on a loaded machine the drop
  // came before the scroll and the card was dropped where it started. A tall window never scrolls.
  test.use({ allowedConsoleErrors: ["net::ERR_INTERNET_DISCONNECTED"], viewport: { width: 1280, height: 1600 } });

  test("when the new order cannot be saved, the message says so and the list shows the stored order again", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/rides");
    await waitForHydration(page);
    const before = await upcomingTitles(page);
    await page.route("**/admin/rides.data*", (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback(),
    );

    await handle(page, before[0] ?? "").focus();
    await pickUp(page);
    for (let press = 0; press < 12; press++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Space");

    await expect(page.getByText(RIDE_MESSAGES.orderUpdateFailed)).toBeVisible();
    await expect.poll(() => upcomingTitles(page)).toEqual(before);
  });
});

test("the reorder action accepts only rides of the section", async ({ adminPage: page, ownServer }) => {
  const [completed] = await ownServer.db.selectFrom("rides").select("id").where("status", "=", "completed").execute();
  const response = await postAction(page, "/admin/rides", {
    intent: "reorder",
    status: "upcoming",
    ids: [completed?.id],
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain(RIDE_MESSAGES.orderUpdateFailed);
});
