import sharp from "sharp";
import { createOrPromoteAdmin } from "~/server/team/users.server";
import { findOrCreateRider } from "~/features/rider-accounts/server/riders.server";
import { NOT_ALLOWED } from "~/server/auth/admin-access.server";
import { insertUser } from "../support/fixtures.ts";
import { riddenSiteRide } from "../support/passport-fixtures.ts";
import { signInAs } from "./support/admin-fixtures.ts";
import { statusLine } from "./support/admin-helpers.ts";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { testOnOwnServer } from "./support/own-server.ts";
import { signInRiderDirectly } from "./support/rider-session.ts";

// docs/features/ride-passport.md: a rider's passport from their check-ins (one ride with a GPX
// route, one with only a distance), made public and private again; the admins' riders directory.

const EMAIL = "anjali.menon@example.com";
const OWNER = { email: "passport-owner@roadbook.test", password: "owner-password-2027" };
const CAPTAIN = { id: "passport-captain", email: "passport-captain@roadbook.test" };
// What the rider's account and bookings hold, none of which a public passport may show.
const PRIVATE_TEXTS = [
  EMAIL,
  "Menon",
  "9800000031",
  "9800000032",
  "Ravi Rao",
  "9123456789",
  "91234 56789",
  "Himalayan",
];

const test = testOnOwnServer({
  prepare: async (db) => {
    const rider = await findOrCreateRider(db, EMAIL);
    await db
      .updateTable("riders")
      .set({
        details: JSON.stringify({
          name: "Anjali Menon",
          mobile: "+919800000031",
          email: EMAIL,
          emergencyName: "Ravi Rao",
          emergencyPhone: "+919123456789",
          bloodGroup: "B+",
          licenceNumber: "KA0120270001234",
          bikeModel: "Himalayan 450",
        }),
      })
      .where("id", "=", rider.id)
      .execute();
    await riddenSiteRide(db, [{ n: 31, riderId: rider.id }, { n: 33 }], {
      overrides: { title: "Spiti Passport Loop", startDate: "2027-06-10", endDate: "2027-06-18", distance: "1,250 km" },
      route: { distance: 1_180_400, climb: 9_800, highest: { elevation: 4_590, name: "Kunzum La" } },
    });
    await riddenSiteRide(db, [{ n: 32, riderId: rider.id }], {
      overrides: { title: "Konkan Coast Run", startDate: "2027-05-01", endDate: "2027-05-02", distance: "420 km" },
    });
    await createOrPromoteAdmin(db, OWNER);
    await insertUser(db, { ...CAPTAIN, role: "captain" });
  },
});

test.use({ allowedConsoleErrors: [/the server responded with a status of (403|404)/] });

test("a rider's passport: figures, public with a first name and a share card only, then private again", async ({
  page,
  context,
  ownServer,
  baseURL,
  playwright,
}) => {
  await signInRiderDirectly(context, ownServer.db, baseURL!, EMAIL);
  const own = await page.goto("/me/passport");
  expect(own?.headers()["cache-control"]).toBe("private, no-store");
  const list = page.getByTestId("passport-ride-list");
  await expect(list.getByRole("link")).toHaveText(["Spiti Passport Loop", "Konkan Coast Run"]);
  await expect(page.getByTestId("passport-rides")).toHaveText("2");
  // 1,180.4 km of route and 420 km typed on the ride without one.
  await expect(page.getByTestId("passport-kilometres")).toHaveText("1,600 km");
  await expect(page.getByTestId("passport-climb")).toHaveText("9,800 m");
  await expect(page.getByTestId("passport-highest")).toHaveText("4,590 m · Kunzum La");
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Make my passport public" }).click();
  const link = page.getByTestId("passport-public-link");
  await expect(link).toBeVisible();
  const publicPath = (await link.getAttribute("href"))!;
  expect(publicPath).toMatch(/^\/passport\/[A-Za-z0-9_-]{22}$/);

  // A visitor without cookies.
  const visitor = await playwright.request.newContext({ baseURL });
  const shown = await visitor.get(publicPath);
  expect(shown.status()).toBe(200);
  expect(shown.headers()["cache-control"]).toBe("no-store");
  const html = await shown.text();
  expect(html).toContain("Anjali&#x27;s ride passport");
  expect(html).toContain("1,600 km");
  expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  for (const text of PRIVATE_TEXTS) expect(html, `the public passport shows ${text}`).not.toContain(text);
  const card = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  expect(card).toMatch(/\/share\/passport\/[A-Za-z0-9_-]{22}\/[0-9a-f]{16}\.jpg$/);
  const image = await visitor.get(card!);
  expect(image.status()).toBe(200);
  expect(image.headers()["cache-control"]).toBe("no-store");
  expect(await sharp(await image.body()).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });

  await page.goto(publicPath);
  await expect(page.getByTestId("passport-title")).toHaveText("Anjali's ride passport");
  await expect(page.getByTestId("passport-first")).toHaveText("2027");
  await expectNoA11yViolations(page);

  await page.goto("/me/passport");
  await page.getByRole("button", { name: "Make my passport private" }).click();
  await expect(page.getByRole("button", { name: "Make my passport public" })).toBeVisible();
  expect((await visitor.get(publicPath)).status()).toBe(404);
  expect((await visitor.get(card!)).status()).toBe(404);
  await visitor.dispose();
});

test("the riders directory: an owner finds the rider and saves a note; a captain cannot open it", async ({
  page,
  ownServer,
  baseURL,
}) => {
  const owner = await ownServer.db
    .selectFrom("users")
    .select("id")
    .where("email", "=", OWNER.email)
    .executeTakeFirstOrThrow();
  await signInAs(page, ownServer.db, owner.id, baseURL!);
  await page.goto("/admin/riders");
  await expect(
    page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Riders" }),
  ).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).fill("menon");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/search=menon/);
  const row = page.getByTestId("directory-rider");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Anjali Menon");
  await expect(row).toContainText(EMAIL);
  await expect(row.getByTestId("rides-ridden")).toHaveText("2");
  await expect(row).toContainText("Spiti Passport Loop");

  await row.getByRole("link", { name: "Anjali Menon" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Anjali Menon" })).toBeVisible();
  await expect(page.getByTestId("rider-booking")).toHaveCount(2);
  await page.getByLabel("Note for the team").fill("Sweeps well on hill rides");
  await page.getByRole("button", { name: "Save note" }).click();
  await expect(statusLine(page)).toHaveText("Note saved");
  const saved = await ownServer.db
    .selectFrom("riders")
    .select("admin_note")
    .where("email", "=", EMAIL)
    .executeTakeFirstOrThrow();
  expect(saved.admin_note).toBe("Sweeps well on hill rides");

  await page.context().clearCookies();
  await signInAs(page, ownServer.db, CAPTAIN.id, baseURL!);
  const refused = await page.goto("/admin/riders");
  expect(refused?.status()).toBe(403);
  await expect(page.getByText(NOT_ALLOWED)).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Riders" }),
  ).toHaveCount(0);
});
