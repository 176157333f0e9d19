// Decision 024: an admin uploads a three-day GPX, cuts it into days at two waypoints and names the
// meeting point; the ride page shows the sketch, profile, per-day table and downloads, Google
// Maps directions through the overnight stops, and a JSON-LD location. Then, on a server of its
// own with a tile server configured (a local stand-in), the interactive map loads on request
// only.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomInt } from "node:crypto";
import sharp from "sharp";
import { createSession } from "~/server/auth/sessions.server";
import { createRide } from "~/server/rides/rides.server";
import { createOrPromoteAdmin } from "~/server/team/users.server";
import { SESSION_COOKIE } from "~/server/auth/cookies.server";
import { rideInput } from "../support/fixtures";
import { buildGpx, threeDayRide } from "../support/gpx";
import { waitForHydration } from "./support/hydration.ts";
import { expect, test } from "./support/admin-fixtures.ts";
import { expectNoA11yViolations } from "./support/fixtures.ts";
import { startOwnServer } from "./support/own-server.ts";

const ride3 = threeDayRide(80);
/** One track from Bengaluru to the coast with the overnight towns as waypoints. */
const singleTrackGpx = buildGpx({
  days: [[...ride3.days[0]!, ...ride3.days[1]!.slice(1), ...ride3.days[2]!.slice(1)]],
  waypoints: ride3.waypoints,
});

function rideFields() {
  return rideInput({
    title: `Coorg and the Coast ${randomInt(1e6)}`,
    startDate: "2099-01-10",
    endDate: "2099-01-12",
    itinerary: [
      { day: 1, title: "To Mysuru", description: "", distance: "", activities: [] },
      { day: 2, title: "Into Coorg", description: "", distance: "160 km by the ghats", activities: [] },
      { day: 3, title: "Down to the sea", description: "", distance: "", activities: [] },
    ],
  });
}

test("an admin uploads a GPX and assigns days; the ride page shows the route, its downloads and its place", async ({
  adminPage: page,
  e2eDb,
  request,
}) => {
  const ride = await createRide(e2eDb, rideFields());

  await page.goto(`/admin/rides/${ride.id}/route`);
  await expect(page.getByRole("heading", { name: `Route of ${ride.title}` })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("GPX file").setInputFiles({
    name: "coorg.gpx",
    mimeType: "application/gpx+xml",
    buffer: Buffer.from(singleTrackGpx),
  });
  await expect(page.getByText("Route saved")).toBeVisible();
  const preview = page.getByRole("table");
  await expect(preview.getByRole("rowheader", { name: /^Day \d/ })).toHaveCount(1);

  // One track: cut it at the two towns of the file.
  await page.getByLabel("Split at overnight stops").check();
  await page.getByRole("button", { name: "Add an overnight stop" }).click();
  await page.getByRole("button", { name: "Add an overnight stop" }).click();
  for (const [index, town] of ["Mysuru", "Madikeri"].entries()) {
    const select = page.getByLabel(`End of day ${index + 1}`);
    await select.selectOption((await select.locator("option", { hasText: town }).getAttribute("value"))!);
  }
  await page.getByRole("button", { name: "Save Days" }).click();
  await expect(page.getByText("Days saved")).toBeVisible();
  await expect(preview.getByRole("rowheader", { name: /^Day \d/ })).toHaveCount(3);

  await page.getByLabel("Place name").fill("Cafe Coffee Day, Hebbal");
  await page.getByLabel("Address").fill("Bellary Road, Bengaluru 560024");
  await page.getByRole("button", { name: "Save Meeting Point" }).click();
  await expect(page.getByText("Meeting point saved")).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto(`/ride/${ride.id}`);
  const section = page.getByRole("region", { name: "Route" });
  await expect(section.getByRole("img", { name: `Route of ${ride.title}` })).toBeVisible();
  await expect(section.getByRole("img", { name: "Elevation profile" })).toBeVisible();
  await expectNoA11yViolations(page, { include: ["#route"] });
  const sketchText = await section.getByRole("img", { name: `Route of ${ride.title}` }).textContent();
  for (const word of ["Start", "Finish", "Mysuru", "Madikeri"]) expect(sketchText).toContain(word);
  const rows = section.getByRole("table").getByRole("rowheader", { name: /^Day \d/ });
  await expect(rows).toHaveText(["Day 1 → Mysuru", "Day 2 → Madikeri", "Day 3"]);
  await expect(section.getByText("Cafe Coffee Day, Hebbal", { exact: true })).toBeVisible();
  const meetingLink = section.getByRole("link", { name: /^View on Google Maps\W+Cafe Coffee Day, Hebbal$/ });
  expect(new URL((await meetingLink.getAttribute("href"))!).searchParams.get("query")).toBe(
    `${ride3.days[0]![0]!.lat},${ride3.days[0]![0]!.lon}`,
  );

  // The itinerary: empty distances come from the route, the typed one stays.
  const itinerary = page.locator("#itinerary");
  await expect(itinerary.getByText(/^Distance: \d+ km$/)).toHaveCount(2);
  await expect(itinerary.getByText("160 km by the ghats")).toBeVisible();

  // Google Maps: from the meeting point through both overnight stops.
  const directions = new URL((await section.getByRole("link", { name: "Open in Google Maps" }).getAttribute("href"))!);
  expect(directions.searchParams.get("waypoints")).toBe(
    ride3.waypoints.map((waypoint) => `${waypoint.lat},${waypoint.lon}`).join("|"),
  );
  expect(directions.searchParams.get("origin")).toBe(`${ride3.days[0]![0]!.lat},${ride3.days[0]![0]!.lon}`);

  // Downloads: the whole file as uploaded, and one day cut from it.
  const whole = await request.get((await section.getByRole("link", { name: "Download GPX" }).getAttribute("href"))!);
  expect(whole.status()).toBe(200);
  expect(whole.headers()["content-disposition"]).toMatch(/attachment; filename=".*\.gpx"/);
  expect(await whole.text()).toBe(singleTrackGpx);
  const day2 = await request.get((await section.getByRole("link", { name: "GPX of day 2" }).getAttribute("href"))!);
  expect(day2.status()).toBe(200);
  const day2Text = await day2.text();
  expect(day2Text.match(/<trkpt /g)).toHaveLength(80);
  expect(day2Text).toContain(`lat="${ride3.waypoints[0]!.lat}" lon="${ride3.waypoints[0]!.lon}"`);

  // Search engines: the Event's location is the meeting point.
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd.location).toMatchObject({
    "@type": "Place",
    name: "Cafe Coffee Day, Hebbal",
    address: { streetAddress: "Bellary Road, Bengaluru 560024" },
    geo: { "@type": "GeoCoordinates", latitude: ride3.days[0]![0]!.lat, longitude: ride3.days[0]![0]!.lon },
  });
  const calendar = await request.get(`/ride/${ride.id}/calendar.ics`);
  expect(await calendar.text()).toContain(`GEO:${ride3.days[0]![0]!.lat.toFixed(6)};`);
});

test.describe("a refused file", () => {
  // The upload's 400 answer, which the field turns into its message.
  test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test("a hostile GPX is refused with its message and changes nothing", async ({ adminPage: page, e2eDb }) => {
    const ride = await createRide(e2eDb, rideFields());
    await page.goto(`/admin/rides/${ride.id}/route`);
    await waitForHydration(page);
    await page.getByLabel("GPX file").setInputFiles({
      name: "lol.gpx",
      mimeType: "application/gpx+xml",
      buffer: Buffer.from(`<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><gpx>&lol;</gpx>`),
    });
    await expect(page.getByRole("alert").filter({ hasText: "declares a DTD or entities" })).toBeVisible();
    await page.goto(`/ride/${ride.id}`);
    await expect(page.getByRole("region", { name: "Route" })).toHaveCount(0);
  });
});

test.describe("the interactive map", () => {
  let tiles: Server;
  let tileRequests: string[];
  let server: Awaited<ReturnType<typeof startOwnServer>>;
  let rideId: string;

  test.beforeAll(async () => {
    // A local stand-in for a tile server: one grey PNG for every tile.
    const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#d8dde3" } })
      .png()
      .toBuffer();
    tileRequests = [];
    tiles = createServer((req, res) => {
      tileRequests.push(req.url ?? "");
      res.writeHead(200, { "Content-Type": "image/png", "Access-Control-Allow-Origin": "*" }).end(png);
    });
    await new Promise<void>((resolve) => tiles.listen(0, "127.0.0.1", resolve));
    const tileOrigin = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}`;
    server = await startOwnServer({
      env: { MAP_TILE_URL: `${tileOrigin}/tiles/{z}/{x}/{y}.png`, MAP_ATTRIBUTION: "© Stand-in tiles" },
    });
    const ride = await createRide(server.db, rideFields());
    rideId = ride.id;
    const { user } = await createOrPromoteAdmin(server.db, {
      email: "route-map-admin@roadbook.test",
      password: "route-map-password",
    });
    const { token } = await createSession(server.db, user.id);
    const upload = await fetch(`${server.baseURL}/admin/rides/${ride.id}/route/gpx?name=coorg.gpx`, {
      method: "POST",
      headers: {
        Cookie: `${SESSION_COOKIE}=${token}`,
        Origin: server.baseURL,
        "Content-Type": "application/gpx+xml",
      },
      body: buildGpx(ride3),
    });
    expect(upload.status).toBe(200);
  });

  test.afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => tiles?.close(resolve));
  });

  test("loads Leaflet and the tiles only when asked, from the configured tile server", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    const response = await page.goto(`${server.baseURL}/ride/${rideId}`);
    const policy = response!.headers()["content-security-policy"]!;
    expect(policy).toMatch(new RegExp(`img-src [^;]*http://127\\.0\\.0\\.1:${(tiles.address() as AddressInfo).port}`));
    await waitForHydration(page);
    // The map's island hydrates as its section nears the screen; its button is drawn from then on.
    await page.locator("#route").scrollIntoViewIfNeeded();
    const button = page.getByRole("button", { name: "Show interactive map" });
    await expect(button).toBeEnabled();
    expect(tileRequests).toEqual([]);
    const before = scripts.length;

    await button.click();
    const map = page.getByRole("region", { name: "Interactive route map" });
    await expect(map.locator(".leaflet-tile-loaded").first()).toBeVisible();
    await expect(map.getByText("© Stand-in tiles")).toBeVisible();
    await expect(map.locator("path.leaflet-interactive").first()).toBeVisible();
    expect(tileRequests.length).toBeGreaterThan(0);
    expect(tileRequests.every((url) => /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url))).toBe(true);
    expect(scripts.length).toBeGreaterThan(before);
  });
});
