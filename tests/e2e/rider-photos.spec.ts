import { setRideStatus } from "~/server/rides/rides.server";
import { siteRide } from "../support/fixtures";
import { pngClaiming, twoToneJpeg } from "../support/image-fixtures";
import { riderForm, registerRider } from "../support/registration-fixtures";
import { testOnOwnServer } from "./support/own-server.ts";
import { expect } from "./support/fixtures.ts";

// Riders' photos (docs/features/ride-photos.md#riders-photos): a rider of a completed ride sends
// photos through their private booking link, without JavaScript; they wait for the organisers'
// approval, a bad file gets the image pipeline's message, and nothing shows on the public page.

const TITLE = "Zanskar Photo Ride";
let seeded: { tokens: string[]; rideId: string };

const test = testOnOwnServer({
  prepare: async (db) => {
    const ride = await siteRide(db, { seats: 5 }, { title: TITLE, startDate: "2099-06-10", endDate: "2099-06-18" });
    const asha = await registerRider(db, ride.id, riderForm(1, { name: "Asha Rao" }));
    const ravi = await registerRider(db, ride.id, riderForm(2, { name: "Ravi Iyer" }));
    await setRideStatus(db, ride.id, "completed");
    seeded = { tokens: [asha.token, ravi.token], rideId: ride.id };
  },
});
// A batch with a bad file is answered 400 (the page with its messages), which the browser logs.
test.use({ allowedConsoleErrors: ["status of 400 (Bad Request)"] });
test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a rider sends two photos through the booking link without JavaScript; they wait for approval", async ({
    page,
    request,
  }) => {
    const photo = await twoToneJpeg(800, 600);
    await page.goto(`/booking/${seeded.tokens[0]}`);
    const section = page.getByRole("region", { name: "Your photos of the ride" });
    await expect(section).toBeVisible();

    await section.getByLabel(/Choose photos \(5 more at most/).setInputFiles([
      { name: "summit.jpg", mimeType: "image/jpeg", buffer: photo },
      { name: "lake.jpg", mimeType: "image/jpeg", buffer: photo },
    ]);
    await section.getByRole("button", { name: "Send my photos" }).click();
    await expect(page.getByRole("status")).toHaveText(/your photos wait for the organisers' approval/);
    const photos = section.getByTestId("rider-photos").getByRole("listitem");
    await expect(photos).toHaveCount(2);
    await expect(photos.getByText("Waiting for approval")).toHaveCount(2);
    await expect(section.getByLabel(/Choose photos \(3 more at most/)).toBeVisible();

    // A PNG whose header claims a huge picture, named as a JPEG: the pipeline's own message.
    await section
      .getByLabel(/Choose photos/)
      .setInputFiles([{ name: "bomb.jpg", mimeType: "image/jpeg", buffer: pngClaiming(40_000, 40_000) }]);
    await section.getByRole("button", { name: "Send my photos" }).click();
    await expect(section.getByTestId("refused-photos")).toHaveText(
      /bomb\.jpg: Image dimensions too large \(40000 × 40000 pixels\)/,
    );
    await expect(section.getByTestId("rider-photos").getByRole("listitem")).toHaveCount(2);

    // Not public before approval: the ride's page names none of them.
    const sources = await section
      .getByTestId("rider-photos")
      .getByRole("img")
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLImageElement).getAttribute("src") ?? ""));
    // Each stored photo's key holds a random name of its own.
    const names = sources.map((src) => /ride-photo-[0-9a-f]{16}/.exec(src)?.[0]);
    expect(names).toEqual([expect.any(String), expect.any(String)]);
    const ridePage = await request.get(`/ride/${seeded.rideId}`);
    expect(ridePage.status()).toBe(200);
    const html = await ridePage.text();
    expect(html).toContain(TITLE);
    for (const name of names) expect(html).not.toContain(name!);

    // The rider deletes one of theirs.
    await photos
      .first()
      .getByRole("button", { name: /Delete/ })
      .click();
    await expect(page.getByRole("status")).toHaveText("Your photo is deleted.");
    await expect(section.getByTestId("rider-photos").getByRole("listitem")).toHaveCount(1);
  });
});

test("with JavaScript, the form sends the photos itself and shows the page's messages", async ({ page }) => {
  await page.goto(`/booking/${seeded.tokens[1]}`);
  const section = page.getByRole("region", { name: "Your photos of the ride" });
  await section.scrollIntoViewIfNeeded();
  await expect(page.locator('rb-island[data-island="rider-photos-upload"][data-hydrated]')).toBeAttached();

  await section.getByLabel(/Choose photos/).setInputFiles([
    { name: "pass.jpg", mimeType: "image/jpeg", buffer: await twoToneJpeg(800, 600) },
    { name: "bomb.jpg", mimeType: "image/jpeg", buffer: pngClaiming(40_000, 40_000) },
  ]);
  await section.getByRole("button", { name: "Send my photos" }).click();
  // The island's own answer: the page's messages, read from the action's answer.
  const alert = section.getByRole("alert");
  await expect(alert).toContainText("1 of your photos was added; the others were not.");
  await expect(alert).toContainText("bomb.jpg: Image dimensions too large");
  await alert.getByRole("link", { name: "See your photos" }).click();
  await expect(section.getByTestId("rider-photos").getByText("Waiting for approval")).toHaveCount(1);

  await section
    .getByLabel(/Choose photos \(4 more at most/)
    .setInputFiles([{ name: "valley.jpg", mimeType: "image/jpeg", buffer: await twoToneJpeg(640, 480) }]);
  await section.getByRole("button", { name: "Send my photos" }).click();
  await expect(page.getByRole("status")).toHaveText(/your photos wait for the organisers' approval/);
  await expect(section.getByTestId("rider-photos").getByText("Waiting for approval")).toHaveCount(2);
});
