import ogs from "open-graph-scraper";
import sharp from "sharp";
import { createRide, deleteRide, updateRide } from "~/server/rides/rides.server";
import { expect, test } from "./support/admin-fixtures.ts";
import { publicRide, ridePath } from "./support/ride-helpers.ts";

// What a link preview (WhatsApp, Facebook, X) gets, read by open-graph-scraper as such a client
// reads it: a title, a description and an image that is a 1200 × 630 JPEG.

const COMPLETED = "Nilgiris Hairpin Challenge";
const UPCOMING = "Royal Rajasthan Desert Loop";

async function preview(url: string) {
  const { error, result } = await ogs({ url, timeout: 20 });
  expect(error, `open-graph-scraper read ${url}`).toBe(false);
  const image = result.ogImage?.[0];
  expect(result.ogTitle).toBeTruthy();
  expect(result.ogDescription).toBeTruthy();
  expect(image?.type).toBe("image/jpeg");
  expect([image?.width, image?.height].map(Number)).toEqual([1200, 630]);
  return { title: result.ogTitle!, description: result.ogDescription!, image: image!.url };
}

async function expectJpegCard(request: import("@playwright/test").APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
  const body = await response.body();
  expect(body.length).toBeLessThan(300 * 1024);
  expect(await sharp(body).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
}

test.describe("share cards", () => {
  test("every public page has a title, a description and a 1200 × 630 JPEG card, and a canonical link", async ({
    request,
    baseURL,
    e2eDb,
  }) => {
    const upcoming = await publicRide(e2eDb, UPCOMING);
    const completed = await publicRide(e2eDb, COMPLETED);
    const pages = [
      ["/", "/"],
      ["/upcoming", "/"],
      ["/previous", "/previous"],
      ["/about", "/about"],
      ["/contact", "/contact"],
      [ridePath(upcoming), ridePath(upcoming)],
      [ridePath(completed), ridePath(completed)],
    ];
    const cards = new Set<string>();
    for (const [path, canonical] of pages) {
      const { image } = await preview(`${baseURL}${path}`);
      await expectJpegCard(request, image);
      cards.add(image);
      const html = await (await request.get(path!)).text();
      expect(html, path).toContain(`<link rel="canonical" href="${baseURL}${canonical}"/>`);
    }
    // '/' and '/upcoming' are one page; every other page has a card of its own.
    expect(cards.size).toBe(pages.length - 1);
  });

  test("a ride's card changes address when the ride changes, and the old address leads to the new card", async ({
    request,
    baseURL,
    e2eDb,
  }) => {
    const ride = await createRide(e2eDb, {
      title: "Share Card Test Ride",
      startDate: "2020-02-01",
      endDate: "2020-02-03",
      description: "A ride that exists for this test.",
      distance: "300 km",
      status: "completed",
      tripCost: "₹9,999",
    });
    try {
      const before = await preview(`${baseURL}${ridePath(ride)}`);
      expect(before.title).toBe("Share Card Test Ride");
      await expectJpegCard(request, before.image);

      await updateRide(e2eDb, ride.id, { ...ride, title: "Share Card Test Ride, Renamed" });
      await expect.poll(async () => (await preview(`${baseURL}${ridePath(ride)}`)).image).not.toBe(before.image);
      const after = await preview(`${baseURL}${ridePath(ride)}`);
      await expectJpegCard(request, after.image);

      const old = await request.get(before.image, { maxRedirects: 0 });
      expect(old.status()).toBe(302);
      expect(new URL(old.headers()["location"]!, baseURL).href).toBe(after.image);
    } finally {
      await deleteRide(e2eDb, ride.id);
    }
  });
});
