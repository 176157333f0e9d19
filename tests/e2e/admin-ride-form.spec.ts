import { RIDE_MESSAGES } from "~/domain/messages";
import {
  addRide,
  postAction,
  rideIdByTitle,
  rideInput,
  storedRide,
  uniqueTitle,
  testOnOwnAdminServer,
} from "./support/admin-helpers.ts";
import { expect } from "./support/fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";

// Ride form rules (product.md#ride-validation), checked in the browser and again by the server;
// itinerary generation from the dates (product.md#itinerary).

const test = testOnOwnAdminServer({ seedDemo: true });

async function openAddForm(page: import("@playwright/test").Page) {
  await page.goto("/admin/rides?new");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Add New Ride" })).toBeVisible();
}

test.describe("ride form validation", () => {
  test("required fields: each message beside its field, focus on the first, nothing saved", async ({
    adminPage: page,
    db,
  }) => {
    const before = await db
      .selectFrom("rides")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    await openAddForm(page);
    await page.getByRole("button", { name: "Add Ride" }).click();

    const title = page.getByLabel("Title", { exact: true });
    await expect(title).toBeFocused();
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(title).toHaveAccessibleDescription("Title is required");
    await expect(page.getByLabel("Start date")).toHaveAccessibleDescription("Start date is required");
    await expect(page.getByLabel("End date")).toHaveAccessibleDescription("End date is required");
    await expect(page.getByLabel("Distance", { exact: true })).toHaveAccessibleDescription("Distance is required");
    await expect(page.getByLabel("Description", { exact: true })).toHaveAccessibleDescription(
      "Description is required",
    );

    await title.fill("Fixed");
    await expect(title).not.toHaveAttribute("aria-invalid", "true");
    const after = await db
      .selectFrom("rides")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  test("an end date before the start date and a malformed URL are refused in the form", async ({
    adminPage: page,
    db,
  }) => {
    const title = uniqueTitle("Backwards Ride");
    await openAddForm(page);
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Start date").fill("2027-06-10");
    await page.getByLabel("End date").fill("2027-06-05");
    await page.getByLabel("Distance", { exact: true }).fill("200 km");
    await page.getByLabel("Description", { exact: true }).fill("Goes nowhere");
    await page.getByLabel("Booking form URL").fill("forms dot google");
    await page.getByRole("button", { name: "Add Ride" }).click();

    await expect(page.getByLabel("End date")).toBeFocused();
    await expect(page.getByLabel("End date")).toHaveAccessibleDescription("End date cannot be before start date");
    await expect(page.getByLabel("Booking form URL")).toHaveAccessibleDescription(
      /Booking form URL must be a valid URL/,
    );
    await expect(rideIdByTitle(db, title)).rejects.toThrow();
  });

  test("the action itself refuses bad input with field messages and changes nothing", async ({
    adminPage: page,
    db,
  }) => {
    const title = uniqueTitle("Straight To Action");
    const bad = await postAction(page, "/admin/rides", {
      intent: "create",
      ride: rideInput(title, { endDate: "2027-02-01", youtubeUrl: "javascript:alert(1)", description: "" }),
    });
    expect(bad.status()).toBe(400);
    const body = await bad.text();
    expect(body).toContain(RIDE_MESSAGES.addFailed);
    expect(body).toContain("End date cannot be before start date");
    expect(body).toContain("YouTube URL must be a valid URL");
    expect(body).toContain("Description is required");
    await expect(rideIdByTitle(db, title)).rejects.toThrow();

    const id = await addRide(page, db, title);
    const stored = await storedRide(db, id);
    const update = await postAction(page, "/admin/rides", {
      intent: "update",
      id,
      version: stored?.version,
      ride: rideInput("", { instagramUrl: "not a url" }),
    });
    expect(update.status()).toBe(400);
    expect(await update.text()).toContain("Title is required");
    expect(await storedRide(db, id)).toEqual(stored);

    for (const body of ["not json", JSON.stringify([1, 2])]) {
      const response = await page.request.post("/admin/rides", {
        data: body,
        headers: { "Content-Type": "application/json" },
      });
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain("Invalid request");
    }
    const unknown = await postAction(page, "/admin/rides", { intent: "explode" });
    expect(unknown.status()).toBe(400);
  });

  test("the server ignores an id in the data and assigns its own", async ({ adminPage: page, db }) => {
    const title = uniqueTitle("Smuggled Id");
    const response = await postAction(page, "/admin/rides", {
      intent: "create",
      ride: { ...rideInput(title), id: "chosen-by-client" },
    });
    expect(response.status()).toBe(200);
    expect(await rideIdByTitle(db, title)).not.toBe("chosen-by-client");
  });
});

test.describe("itinerary", () => {
  test("has one day per ride day and keeps written days when a date changes", async ({ adminPage: page }) => {
    await openAddForm(page);
    await expect(page.getByText("Choose the start and end dates to plan the days.")).toBeVisible();
    await page.getByLabel("Start date").fill("2027-05-01");
    await page.getByLabel("End date").fill("2027-05-03");
    const dayTitles = page.getByLabel(/^Day \d+ title \(optional\)$/);
    await expect(dayTitles).toHaveCount(3);

    await page.getByLabel("Day 2 title").fill("Sakleshpur to Chikmagalur");
    await page.getByRole("button", { name: "Add day 2 activity" }).click();
    await expect(page.getByLabel("Day 2 activity 1")).toBeFocused();
    await page.keyboard.type("Coffee estate walk");

    await page.getByLabel("End date").fill("2027-05-05");
    await expect(dayTitles).toHaveCount(5);
    await expect(page.getByLabel("Day 2 title")).toHaveValue("Sakleshpur to Chikmagalur");
    await expect(page.getByLabel("Day 2 activity 1")).toHaveValue("Coffee estate walk");
    await expect(page.getByLabel("Duration")).toHaveValue("5D 4N");

    await page.getByLabel("Start date").fill("2027-05-04");
    await expect(dayTitles).toHaveCount(2);
    await expect(page.getByLabel("Day 2 title")).toHaveValue("Sakleshpur to Chikmagalur");

    // An end before the start keeps the days (the admin is on the way to a new range).
    await page.getByLabel("End date").fill("2027-05-01");
    await expect(dayTitles).toHaveCount(2);
  });

  test("saves a month-long itinerary typed day by day", async ({ adminPage: page, db }) => {
    const title = uniqueTitle("Great Himalayan Month");
    await openAddForm(page);
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Start date").fill("2027-07-01");
    await page.getByLabel("End date").fill("2027-07-30");
    await page.getByLabel("Distance", { exact: true }).fill("4,200 km");
    await page.getByLabel("Description", { exact: true }).fill("Thirty days across the range");
    await expect(page.getByLabel(/^Day \d+ title \(optional\)$/)).toHaveCount(30);
    await page.getByLabel("Day 30 title").pressSequentially("Home");
    await page.getByLabel("Day 1 title").pressSequentially("Manali");
    await page.getByRole("button", { name: "Add Ride" }).click();
    await expect(page.getByText(RIDE_MESSAGES.added)).toBeVisible();

    const ride = await storedRide(db, await rideIdByTitle(db, title));
    expect(ride?.itinerary).toHaveLength(30);
    expect(ride?.itinerary[0]?.title).toBe("Manali");
    expect(ride?.itinerary[29]?.title).toBe("Home");
    expect(ride?.duration).toBe("30D 29N");
  });
});

test.describe("cancellation rules", () => {
  test("are typed as tiers, refused with a message beside the field, previewed and saved sorted", async ({
    adminPage: page,
    db,
  }) => {
    const title = uniqueTitle("Tiered Coorg Loop");
    await openAddForm(page);
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Start date").fill("2027-07-01");
    await page.getByLabel("End date").fill("2027-07-03");
    await page.getByLabel("Distance", { exact: true }).fill("600 km");
    await page.getByLabel("Description", { exact: true }).fill("Three days of coffee estates");
    await expect(page.getByText(/^No cancellation rules set: /)).toBeVisible();
    await page.getByRole("button", { name: "Set cancellation rules" }).click();
    await page.getByLabel("Tier 1: at least (days before)").fill("15");
    await page.getByLabel("Tier 1: % kept").fill("150");
    await page.getByRole("button", { name: "Add a tier" }).click();
    await page.getByLabel("Tier 2: at least (days before)").fill("30");
    await page.getByLabel("Tier 2: % kept").fill("10");
    await page.getByLabel("Fee on every cancellation (₹) (optional)").fill("500");
    await page.getByRole("button", { name: "Add Ride" }).click();
    await expect(page.getByLabel("Tier 1: % kept")).toHaveAccessibleDescription(
      "The share kept must be a whole percent from 0 to 100",
    );

    await page.getByLabel("Tier 1: % kept").fill("25");
    await expect(page.getByTestId("policy-preview")).toContainText("29–15 days: 25 % kept");
    await expect(page.getByTestId("policy-preview")).toContainText("₹500 fee on every cancellation");
    await page.getByRole("button", { name: "Add Ride" }).click();
    await expect(page.getByText(RIDE_MESSAGES.added)).toBeVisible();
    const ride = await storedRide(db, await rideIdByTitle(db, title));
    expect(ride?.registration?.cancellation).toEqual({
      tiers: [
        { daysBefore: 30, keepPercent: 10 },
        { daysBefore: 15, keepPercent: 25 },
      ],
      feePaise: 50_000,
      bookingAmountKept: false,
    });
  });
});
