import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import { PUBLIC_PAGE_CACHE_CONTROL } from "../../server/http-cache/policy.ts";
import { updateSavedDetails } from "~/features/rider-accounts/server/my-details.server";
import { findOrCreateRider } from "~/features/rider-accounts/server/riders.server";
import { RIDER_SESSION_COOKIE } from "~/features/rider-accounts/server/sessions.server";
import { siteRide } from "../support/fixtures";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { fillRegistration } from "./support/registration-form.ts";
import { publicRide } from "./support/ride-helpers.ts";
import { signInRiderDirectly } from "./support/rider-session.ts";
import { testOnOwnServer } from "./support/own-server.ts";
import { freshMobile } from "./support/fresh-mobile.ts";

// A rider's data (docs/features/rider-data.md): saved details kept with consent and filled into
// the next registration, edited at /me/details, the export and the erasure of the account at
// /me/data; and the register page cached for visitors never carries a rider's values.

const LADAKH = "Leh–Ladakh Expedition";
const COORG = "Coorg Coffee Trail";

const test = testOnOwnServer({
  seedDemo: true,
  // A second ride taking registrations on the site, beside the demo's Ladakh.
  prepare: async (db) => {
    await siteRide(
      db,
      { seats: 10, options: { solo: { offered: true } } },
      { title: COORG, startDate: "2099-02-10", endDate: "2099-02-12", lastBookingDate: "", bookingFormUrl: "" },
    );
  },
});

test.describe("a rider's data", () => {
  // A refused confirmation comes back as a 400 page, which Chromium reports on the console.
  test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test("registers with consent, is filled in next time, edits, downloads and erases the account", async ({
    page,
    context,
    baseURL,
    ownServer,
  }) => {
    const { db } = ownServer;
    const [ladakh, coorg] = await Promise.all([publicRide(db, LADAKH), publicRide(db, COORG)]);
    const rider = await signInRiderDirectly(context, db, baseURL!, `asha-${randomInt(1e9)}@example.com`);
    const mobile = freshMobile();

    const first = await page.goto(`/ride/${ladakh.id}/register`);
    expect(first?.headers()["cache-control"]).toBe("private, no-store");
    const save = page.getByLabel("Save these details to my account for my next registration");
    await expect(save).not.toBeChecked();
    await expect(page.getByRole("link", { name: "Sign in to fill this in from your saved details" })).toHaveCount(0);
    await fillRegistration(page, { name: "Asha Rao", mobile, email: rider.email });
    await page.getByLabel(/^Solo rider/).check();
    await page.getByLabel("Driving licence number").fill("ka01 20200001234");
    await save.check();
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/booking\/[\w-]{43}$/);

    // The next ride's form is filled in, and its box (ticked) updates what is saved.
    await page.goto(`/ride/${coorg.id}/register`);
    await expect(page.getByLabel("Full name", { exact: true })).toHaveValue("Asha Rao");
    await expect(page.getByLabel("Mobile number", { exact: true })).toHaveValue(`+91${mobile}`);
    await expect(page.getByLabel("Blood group")).toHaveValue("B+");
    await expect(page.getByLabel("Emergency contact name")).toHaveValue("Ravi Rao");
    await expect(page.getByLabel(/^Update the details saved on my account/)).toBeChecked();

    await page.goto("/me/details");
    await expect(page.getByLabel("Driving licence number (optional)")).toHaveValue("KA01 20200001234");
    await page.getByLabel("Your bike's model (optional)").fill("Scram 411");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByRole("status")).toHaveText("Your details are saved.");
    await expect(page.getByLabel("Your bike's model (optional)")).toHaveValue("Scram 411");
    await expectNoA11yViolations(page);

    await page.goto("/me/data");
    await expect(page.getByRole("heading", { name: "Your data", level: 1 })).toBeVisible();
    await expect(page.getByText(/An account unused for 24 months/)).toBeVisible();
    await expectNoA11yViolations(page);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download my data" }).click();
    const download = await downloading;
    const exported = JSON.parse(readFileSync((await download.path())!, "utf8"));
    expect(exported.account.email).toBe(rider.email);
    expect(exported.savedDetails).toMatchObject({ name: "Asha Rao", bikeModel: "Scram 411" });
    expect(exported.bookings).toEqual([
      expect.objectContaining({
        ride: expect.objectContaining({ title: LADAKH }),
        status: "confirmed",
        answers: expect.objectContaining({ name: "Asha Rao", mobile: `+91${mobile}` }),
      }),
    ]);
    const file = await page.request.get("/me/data.json");
    expect(file.headers()["cache-control"]).toBe("private, no-store");
    expect(file.headers()["content-disposition"]).toMatch(/^attachment;/);

    // A wrong address erases nothing; the account's own (in any case) erases it and signs out.
    const confirm = page.getByLabel("Type your account's email address to confirm");
    await confirm.fill("someone@example.com");
    await page.getByRole("button", { name: "Erase my account" }).click();
    await expect(page.getByRole("alert")).toContainText("Type your account's email address to erase it");
    await confirm.fill(rider.email.toUpperCase());
    await page.getByRole("button", { name: "Erase my account" }).click();
    await expect(page.getByRole("heading", { name: "Your account is erased" })).toBeVisible();
    expect((await context.cookies()).some((cookie) => cookie.name === RIDER_SESSION_COOKIE)).toBe(false);

    expect(await db.selectFrom("riders").select("id").where("id", "=", rider.id).execute()).toEqual([]);
    const bookings = await db
      .selectFrom("registrations")
      .select(["status", "data", "rider_id"])
      .where("ride_id", "=", ladakh.id)
      .execute();
    expect(bookings).toEqual([{ status: "cancelled", data: "{}", rider_id: null }]);
    // Signed out: the rider's pages send them to sign in.
    const signedOut = await page.request.get("/me/details", { maxRedirects: 0 });
    expect(signedOut.status()).toBe(302);
    expect(signedOut.headers()["location"]).toBe("/me");
  });

  test("the register page a visitor without cookies gets is the cached public one, without a rider's values", async ({
    page,
    context,
    baseURL,
    ownServer,
    playwright,
  }) => {
    const { db } = ownServer;
    const ladakh = await publicRide(db, LADAKH);
    const email = `meera-${randomInt(1e9)}@example.com`;
    const rider = await findOrCreateRider(db, email);
    await updateSavedDetails(db, rider.id, { name: "Meera Iyer", emergencyName: "Kavya Iyer" });
    await signInRiderDirectly(context, db, baseURL!, email);

    const signedIn = await page.goto(`/ride/${ladakh.id}/register`);
    expect(signedIn?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByLabel("Full name", { exact: true })).toHaveValue("Meera Iyer");

    // A visitor without cookies, before and after: the public page, cacheable, holding nothing of hers.
    const visitor = await playwright.request.newContext({ baseURL });
    for (let visit = 0; visit < 2; visit++) {
      const anonymous = await visitor.get(`/ride/${ladakh.id}/register`);
      expect(anonymous.status()).toBe(200);
      expect(anonymous.headers()["cache-control"]).toBe(PUBLIC_PAGE_CACHE_CONTROL);
      const html = await anonymous.text();
      expect(html).not.toContain("Meera");
      expect(html).not.toContain("Kavya");
      expect(html).toContain("Sign in to fill this in from your saved details");
    }
    await visitor.dispose();
  });
});
