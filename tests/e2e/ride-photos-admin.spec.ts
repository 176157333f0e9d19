// The admins' gallery (docs/features/ride-photos.md#the-admins-gallery): ten photos uploaded in
// one selection, each with its own progress bar, a few at a time; ordered by keyboard, captioned,
// a cover chosen; a rider's waiting photo approved; what is stored carries no location. And the
// route page's GPX upload shows its progress the same way.
import { randomInt } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import type { Route } from "@playwright/test";
import sharp from "sharp";
import { dataPaths } from "~/server/env.server";
import { listRidePhotos } from "~/features/ride-photos/server/admin-photos.server";
import { createRide } from "~/server/rides/rides.server";
import { rideInput } from "../support/fixtures";
import { buildGpx, threeDayRide } from "../support/gpx";
import { waitForHydration } from "./support/hydration.ts";
import { sidewaysPhoneJpeg, twoToneJpeg } from "../support/image-fixtures";
import { expect, test } from "./support/admin-fixtures.ts";
import { expectNoA11yViolations } from "./support/fixtures.ts";

const pastRide = () =>
  rideInput({ title: `Spiti in the Snow ${randomInt(1e6)}`, startDate: "2026-01-10", endDate: "2026-01-14" });

/** The stored WebP variants of an uploaded image, read from the server's storage. */
function storedVariants(key: string): string[] {
  const { uploadsDir } = dataPaths(process.env.ROADBOOK_E2E_DATA_DIR ?? "");
  const variants = path.join(uploadsDir, "variants");
  return readdirSync(variants)
    .map((width) => path.join(variants, width, `${key}.webp`))
    .filter((file) => readdirSync(path.dirname(file)).includes(path.basename(file)));
}

test("an admin uploads ten photos at once, orders, captions and chooses the cover; a rider's photo is approved", async ({
  adminPage: page,
  e2eDb,
}) => {
  // Ten real uploads through the image pipeline on a throttled link, nine saved moves and a review.
  const ride = await createRide(e2eDb, pastRide());

  // A rider's photo, as the riders' uploads leave it: a phone's JPEG with its GPS position, waiting.
  const upload = await page.request.post("/admin/images?name=rider.jpg", {
    data: await sidewaysPhoneJpeg(900, 600),
    headers: { "Content-Type": "image/jpeg", Accept: "application/json" },
  });
  expect(upload.ok()).toBe(true);
  const { url: riderImage } = (await upload.json()) as { url: string };
  const now = new Date().toISOString();
  await e2eDb
    .insertInto("ride_photos")
    .values({
      id: `rider-photo-${randomInt(1e9)}`,
      ride_id: ride.id,
      image: riderImage,
      caption: "",
      position: 1,
      cover: 0,
      source: "rider",
      registration_id: null,
      credit: "Asha",
      status: "pending",
      created_at: now,
      updated_at: now,
      reviewed_at: null,
      reviewed_by: null,
    })
    .execute();

  await page.goto(`/admin/rides/${ride.id}/photos`);
  await expect(page.getByRole("heading", { name: `Photos of ${ride.title}` })).toBeVisible();
  await waitForHydration(page);

  // The uploads are held at the network until the queue has been seen: a few at a time, the
  // rest waiting their turn (a state that passes in a moment on a real link).
  const held: Route[] = [];
  const { promise: released, resolve: release } = Promise.withResolvers<void>();
  await page.route(
    (url) => url.pathname === "/admin/images",
    async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      held.push(route);
      await released;
      await route.continue();
    },
  );
  const files = await Promise.all(
    Array.from({ length: 10 }, async (_, index) => ({
      name: `summit-${index + 1}.jpg`,
      mimeType: "image/jpeg",
      buffer: await twoToneJpeg(1200, 800, [20 * index, 120, 60], [200, 30, 20 * index]),
    })),
  );
  await page.getByLabel("Add photos").setInputFiles(files);

  const uploads = page.getByRole("list", { name: "Uploads" });
  for (const file of files)
    await expect(uploads.getByRole("progressbar", { name: `Upload progress for ${file.name}` })).toBeVisible();
  await expect.poll(() => held.length).toBe(3);
  await expect(uploads.getByText("Waiting to upload")).toHaveCount(7);
  release();
  await expect(uploads.getByText("Added to the gallery")).toHaveCount(10);
  await page.unrouteAll();

  const gallery = page.getByRole("list", { name: "Gallery" });
  await expect(gallery.getByRole("listitem")).toHaveCount(10);
  const added = (await listRidePhotos(e2eDb, ride.id)).filter((photo) => photo.source === "admin");
  expect(added.map((photo) => photo.status)).toEqual(Array(10).fill("approved"));

  // The last photo first, by keyboard: Move up nine times.
  const last = added.at(-1)!;
  const galleryIds = async () =>
    (await listRidePhotos(e2eDb, ride.id)).filter((photo) => photo.status !== "pending").map((photo) => photo.id);
  for (let position = 10; position > 1; position -= 1) {
    const moveUp = page.getByRole("button", { name: `Move up photo ${position}`, exact: true });
    // Disabled while the previous order is saved.
    await expect(moveUp).toBeEnabled();
    await moveUp.press("Enter");
    await expect.poll(async () => (await galleryIds()).indexOf(last.id)).toBe(position - 2);
    // The focus moves with the photo, so Enter again moves it on.
    if (position > 2)
      await expect(page.getByRole("button", { name: `Move up photo ${position - 1}`, exact: true })).toBeFocused();
  }
  expect(await galleryIds()).toEqual([last.id, ...added.slice(0, 9).map((photo) => photo.id)]);

  await page
    .getByRole("textbox", { name: "Caption of photo 1", exact: true })
    .fill("Kunzum La, the morning after the snow");
  await page.getByRole("button", { name: "Save caption of photo 1", exact: true }).click();
  await expect(page.getByText("Caption saved")).toBeVisible();
  await page.getByRole("radio", { name: "Cover (photo 3)", exact: true }).check();
  await expect(page.getByText("Cover chosen")).toBeVisible();
  const saved = await listRidePhotos(e2eDb, ride.id);
  expect(saved[0]).toMatchObject({ id: last.id, caption: "Kunzum La, the morning after the snow" });
  expect(saved.filter((photo) => photo.cover).map((photo) => photo.id)).toEqual([added[1]!.id]);

  // The rider's photo waits apart, credited, until approved; then it joins the gallery.
  const waiting = page.getByRole("list", { name: "Waiting for approval" });
  await expect(waiting.getByText("By Asha", { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await waiting.getByRole("button", { name: "Approve photo by Asha" }).click();
  await expect(page.getByText("Photo approved: it is in the gallery")).toBeVisible();
  await expect(gallery.getByRole("listitem")).toHaveCount(11);
  await expect(page.getByText("No rider's photo is waiting.")).toBeVisible();
  expect((await listRidePhotos(e2eDb, ride.id)).find((photo) => photo.image === riderImage)?.status).toBe("approved");

  // Every stored variant of the phone's photo has lost its EXIF, GPS position included.
  const variants = storedVariants(riderImage.slice("/images/".length));
  expect(variants.length).toBeGreaterThan(0);
  for (const variant of variants) {
    const metadata = await sharp(variant).metadata();
    expect(metadata.exif, variant).toBeUndefined();
    expect(metadata.xmp, variant).toBeUndefined();
  }
});

test("the route page's GPX upload shows its progress", async ({ adminPage: page, e2eDb }) => {
  const ride = await createRide(
    e2eDb,
    rideInput({ title: `Coorg Loop ${randomInt(1e6)}`, startDate: "2099-01-10", endDate: "2099-01-12" }),
  );
  await page.goto(`/admin/rides/${ride.id}/route`);
  await waitForHydration(page);
  // The server's answer is held until the bar has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/route/gpx?*", async (route) => {
    await held;
    await route.continue();
  });
  const ride3 = threeDayRide(80);
  await page.getByLabel("GPX file").setInputFiles({
    name: "coorg.gpx",
    mimeType: "application/gpx+xml",
    buffer: Buffer.from(buildGpx({ days: ride3.days, waypoints: ride3.waypoints })),
  });
  const progress = page.getByRole("progressbar", { name: "Upload progress for the GPX file" });
  await expect(progress).toBeVisible();
  release();
  await expect(page.getByText("Route saved")).toBeVisible();
  await expect(progress).toBeHidden();
});
