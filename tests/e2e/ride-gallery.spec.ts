import type { Page, Route } from "@playwright/test";
import { createRide } from "~/server/rides/rides.server";
import { rideInput } from "../support/fixtures";
import { insertGalleryPhoto } from "../support/gallery-photos";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { ridePath } from "./support/ride-helpers.ts";
import { testOnOwnServer } from "./support/own-server.ts";

// A ride's gallery on the public pages (docs/features/ride-photos.md#on-the-public-pages): links
// to the full images without JavaScript, buttons that open the lightbox island once it has
// hydrated, by keyboard and by swipe, only
// approved photos, and a photo an admin hides leaving the page at once.

const TITLE = "Monsoon Ghats Loop";
/** The approved photos in the gallery's order (positions leave gaps for the others). */
const APPROVED = [
  { image: "/images/demo/ghats.webp", caption: "Fog on the ghat road", credit: "" },
  { image: "/images/demo/forest.webp", caption: "", credit: "Asha Rao" },
  { image: "/images/demo/lake.webp", caption: "Lunch by the lake", credit: "Ravi" },
  { image: "/images/demo/coast.webp", caption: "", credit: "" },
] as const;

const test = testOnOwnServer({
  prepare: async (db) => {
    const ride = await createRide(
      db,
      rideInput({ title: TITLE, status: "completed", startDate: "2026-07-10", endDate: "2026-07-12" }),
    );
    for (const [index, photo] of APPROVED.entries()) {
      await insertGalleryPhoto(db, { rideId: ride.id, position: (index + 1) * 10, ...photo });
    }
    await insertGalleryPhoto(db, {
      rideId: ride.id,
      position: 15,
      status: "pending",
      caption: "Pending, not yet approved",
      credit: "Meera",
      image: "/images/demo/desert.webp",
    });
    await insertGalleryPhoto(db, {
      rideId: ride.id,
      position: 25,
      status: "hidden",
      caption: "Hidden by an admin",
      image: "/images/demo/rajasthan.webp",
    });
  },
});

async function rideOf(db: Parameters<typeof createRide>[0]) {
  const row = await db.selectFrom("rides").select("id").where("status", "=", "completed").executeTakeFirstOrThrow();
  return { id: row.id };
}

function gallery(page: Page) {
  return page.getByRole("region", { name: "Photos" });
}

/** Opens the ride page and waits until the gallery's island has hydrated (it does when scrolled to). */
async function openHydratedGallery(page: Page, path: string) {
  await page.goto(path);
  await gallery(page).scrollIntoViewIfNeeded();
  await expect(page.locator('rb-island[data-island="ride-gallery"]')).toHaveAttribute("data-hydrated", "");
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the gallery is a grid of links to the full images, approved photos only, with captions and credits", async ({
    page,
    ownServer,
  }) => {
    const ride = await rideOf(ownServer.db);
    await page.goto(ridePath(ride));
    const links = gallery(page).getByRole("link");
    await expect(links).toHaveCount(APPROVED.length);
    for (const [index, photo] of APPROVED.entries()) {
      await expect(links.nth(index)).toHaveAttribute("href", photo.image);
    }
    await expect(gallery(page)).toContainText("4 photos");
    await expect(gallery(page)).toContainText("Fog on the ghat road");
    await expect(gallery(page)).toContainText("Photo: Asha");
    await expect(gallery(page)).not.toContainText("Rao");
    await expect(page.getByText("Pending, not yet approved")).toHaveCount(0);
    await expect(page.getByText("Hidden by an admin")).toHaveCount(0);
    await expect(page.locator('img[src*="desert"], img[src*="rajasthan"]')).toHaveCount(0);
    await expect(gallery(page).locator("img").first()).toHaveAttribute("loading", "lazy");

    // Each link leads to the image itself. (Not followed here: Chromium's own image viewer then
    // styles the page inline, which the images' Content-Security-Policy refuses in the console.)
    const full = await page.request.get(APPROVED[0].image);
    expect(full.status()).toBe(200);
    expect(full.headers()["content-type"]).toBe("image/webp");
  });

  test("Past Adventures counts the approved photos and links to the gallery", async ({ page, ownServer }) => {
    const ride = await rideOf(ownServer.db);
    await page.goto("/previous");
    const count = page.getByTestId("ride-card").filter({ hasText: TITLE }).getByRole("link", { name: "4 photos" });
    await expect(count).toHaveAttribute("href", `${ridePath(ride)}#photos`);
    await count.click();
    await expect(gallery(page)).toBeVisible();
  });
});

test("a thumbnail is a link to its image until the gallery hydrates, then a button that opens the viewer, Space too", async ({
  page,
  ownServer,
}) => {
  const ride = await rideOf(ownServer.db);
  // The page's scripts held back: what the server drew.
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/.*\.js$/, (route) => (holding ? held.push(route) : route.continue()));
  await page.goto(ridePath(ride));
  const link = gallery(page).getByRole("link").first();
  await expect(link).toHaveAttribute("href", APPROVED[0].image);
  await expect(link).not.toHaveAttribute("aria-haspopup");
  await link.scrollIntoViewIfNeeded();
  const box = await link.boundingBox();

  holding = false;
  for (const route of held.splice(0)) await route.continue();
  await expect(page.locator('rb-island[data-island="ride-gallery"]')).toHaveAttribute("data-hydrated", "");
  await expect(gallery(page).getByRole("link")).toHaveCount(0);
  const thumbnail = gallery(page).getByRole("button").first();
  await expect(thumbnail).toHaveAttribute("aria-haspopup", "dialog");
  expect(await thumbnail.boundingBox()).toEqual(box);

  await thumbnail.focus();
  await page.keyboard.press("Space");
  const viewer = page.getByRole("dialog", { name: "Photo viewer" });
  await expect(viewer).toContainText("Photo 1 of 4");
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(thumbnail).toBeFocused();
});

test("the lightbox opens from a thumbnail by keyboard, moves with the arrows and returns focus on Escape", async ({
  page,
  ownServer,
}) => {
  const ride = await rideOf(ownServer.db);
  await openHydratedGallery(page, ridePath(ride));
  const second = gallery(page).getByRole("button").nth(1);
  await second.focus();
  await page.keyboard.press("Enter");

  const viewer = page.getByRole("dialog", { name: "Photo viewer" });
  await expect(viewer).toBeVisible();
  await expect(viewer).toContainText("Photo 2 of 4");
  await expect(viewer).toContainText("Photo: Asha");
  await page.keyboard.press("ArrowRight");
  await expect(viewer).toContainText("Photo 3 of 4");
  await expect(viewer).toContainText("Lunch by the lake");
  await expect(viewer).toContainText("Photo: Ravi");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(viewer).toContainText("Photo 1 of 4");
  await expect(viewer).toContainText("Fog on the ghat road");
  await viewer.getByRole("button", { name: "Previous photo" }).click();
  await expect(viewer).toContainText("Photo 4 of 4");
  await viewer.getByRole("button", { name: "Next photo" }).click();
  await expect(viewer).toContainText("Photo 1 of 4");
  await expect(viewer.getByRole("img")).toHaveAttribute("src", /ghats\.webp$/);
  await expectNoA11yViolations(page);

  // The page behind a modal dialog is inert: Tab stays in the viewer.
  for (let presses = 0; presses < 4; presses += 1) {
    await page.keyboard.press("Tab");
    expect(await viewer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }

  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(second).toBeFocused();
  await expectNoA11yViolations(page);
});

test("a click opens the viewer; Close closes it and gives the focus back to the thumbnail", async ({
  page,
  ownServer,
}) => {
  const ride = await rideOf(ownServer.db);
  await openHydratedGallery(page, ridePath(ride));
  await gallery(page).getByRole("button").first().click();
  const viewer = page.getByRole("dialog", { name: "Photo viewer" });
  await expect(viewer).toContainText("Photo 1 of 4");
  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(viewer).toBeHidden();
  await expect(gallery(page).getByRole("button").first()).toBeFocused();
});

test.describe("on a touch screen", () => {
  // Every project gets a touch screen here, so the swipe is tested at both sizes, never skipped.
  test.use({ hasTouch: true });

  test("a swipe moves through the photos", async ({ page, ownServer }) => {
    const ride = await rideOf(ownServer.db);
    await openHydratedGallery(page, ridePath(ride));
    await gallery(page).getByRole("button").first().tap();
    const viewer = page.getByRole("dialog", { name: "Photo viewer" });
    await expect(viewer).toContainText("Photo 1 of 4");

    const stage = viewer.getByTestId("lightbox-stage");
    const box = (await stage.boundingBox())!;
    const y = box.y + box.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const swipe = async (fromX: number, toX: number) => {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: fromX, y }] });
      for (let step = 1; step <= 5; step += 1) {
        const x = fromX + ((toX - fromX) * step) / 5;
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    };
    const left = box.x + box.width * 0.25;
    const right = box.x + box.width * 0.75;
    await swipe(right, left);
    await expect(viewer).toContainText("Photo 2 of 4");
    await swipe(right, left);
    await expect(viewer).toContainText("Photo 3 of 4");
    await swipe(left, right);
    await expect(viewer).toContainText("Photo 2 of 4");
  });
});

test("a photo an admin hides leaves the ride page and the count at once, though the page was cached", async ({
  page,
  ownServer,
}) => {
  const ride = await rideOf(ownServer.db);
  const image = "/images/demo/meghalaya.webp";
  const id = await insertGalleryPhoto(ownServer.db, { rideId: ride.id, position: 50, image });
  await page.goto(ridePath(ride));
  await expect(gallery(page).getByRole("listitem")).toHaveCount(5);
  await page.goto("/previous");
  await expect(page.getByTestId("ride-card").filter({ hasText: TITLE })).toContainText("5 photos");

  // Both pages are now in the render cache: hiding the photo is a write it must notice.
  await ownServer.db.updateTable("ride_photos").set({ status: "hidden" }).where("id", "=", id).execute();
  await page.goto(ridePath(ride));
  await expect(gallery(page).getByRole("listitem")).toHaveCount(4);
  await expect(page.locator(`a[href="${image}"]`)).toHaveCount(0);
  await page.goto("/previous");
  await expect(page.getByTestId("ride-card").filter({ hasText: TITLE })).toContainText("4 photos");
});
