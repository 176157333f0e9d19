// A takedown takes the photo down (issue 34, item 17; docs/features/ride-photos.md): an admin
// deletes a gallery photo (a rider's face, a number plate) and its address, every size of it,
// answers 404 in the browser at once; what was served of it before was never cacheable for a year.
import { randomInt, randomUUID } from "node:crypto";
import { variantWidths } from "~/domain/image-urls";
import { createRide } from "~/server/rides/rides.server";
import { rideInput } from "../support/fixtures";
import { waitForHydration } from "./support/hydration.ts";
import { twoToneJpeg } from "../support/image-fixtures";
import { expect, test } from "./support/admin-fixtures.ts";

// The browser reports the image's 404 as a failed resource once it is gone: that is the point.
test.use({ allowedConsoleErrors: [/status of 404/] });

test("an admin deletes a photo from the gallery and its every size answers 404, never kept a year", async ({
  adminPage: page,
  e2eDb,
}) => {
  const ride = await createRide(
    e2eDb,
    rideInput({ title: `Takedown ${randomInt(1e6)}`, startDate: "2026-01-10", endDate: "2026-01-14" }),
  );
  const upload = await page.request.post("/admin/images?name=plate.jpg", {
    data: await twoToneJpeg(1200, 800),
    headers: { "Content-Type": "image/jpeg", Accept: "application/json" },
  });
  expect(upload.ok()).toBe(true);
  const { url } = (await upload.json()) as { url: string };
  const key = url.slice("/images/".length);
  const now = new Date().toISOString();
  await e2eDb
    .insertInto("ride_photos")
    .values({
      id: randomUUID(),
      ride_id: ride.id,
      image: url,
      caption: "",
      position: 1,
      cover: 0,
      source: "rider",
      registration_id: null,
      credit: "Asha",
      status: "approved",
      created_at: now,
      updated_at: now,
      reviewed_at: null,
      reviewed_by: null,
    })
    .execute();
  const addresses = [url, ...variantWidths(1200).map((width) => `/images/w${width}/${key}`)];

  // Read beside the browser (Chromium's own viewer of an image breaks the site's CSP).
  const shown = await page.request.get(url);
  expect(shown.status()).toBe(200);
  const caching = shown.headers()["cache-control"] ?? "";
  expect(caching).not.toContain("immutable");
  expect(Number(/max-age=(\d+)/.exec(caching)?.[1])).toBeLessThanOrEqual(300);

  await page.goto(`/admin/rides/${ride.id}/photos`);
  await waitForHydration(page);
  page.once("dialog", (dialog) => void dialog.accept());
  const deleted = page.waitForResponse((answer) => answer.request().method() === "POST");
  await page.getByRole("button", { name: "Delete photo 1" }).click();
  expect((await deleted).ok()).toBe(true);
  await expect(page.getByRole("button", { name: "Delete photo 1" })).toHaveCount(0);

  for (const address of addresses) {
    const answer = await page.goto(address);
    expect(answer?.status(), address).toBe(404);
  }
});
