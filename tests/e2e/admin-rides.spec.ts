import { UNSAVED_CHANGES_CONFIRM } from "~/components/admin/form/use-unsaved-changes-guard";
import { RIDE_MESSAGES } from "~/domain/messages";
import {
  addRide,
  adminCard,
  postAction,
  publicRideTitles,
  rideIdByTitle,
  storedRide,
  uniqueTitle,
  testOnOwnAdminServer,
} from "./support/admin-helpers.ts";
import { expect } from "./support/fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";

// Ride management (product.md#admin-rides), defaults / duplicate / status (#new-rides,
// #ride-status), ride messages (#messages).

const test = testOnOwnAdminServer({ seedDemo: true });

test.describe("Ride Management", () => {
  test("adds a ride through the form: it is listed, public, and in the dashboard's recent activity", async ({
    adminPage: page,
    ownAdmin,
  }) => {
    const title = uniqueTitle("Nilgiri Loop");
    await page.goto("/admin/rides");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Add New Ride" }).click();
    await expect(page.getByRole("heading", { name: "Add New Ride" })).toBeVisible();

    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Start date").fill("2027-04-10");
    await page.getByLabel("End date").fill("2027-04-12");
    await expect(page.getByLabel("Duration")).toHaveValue("3D 2N");
    await page.getByLabel("Distance", { exact: true }).fill("520 km");
    await page.getByLabel("Participants").fill("12");
    await page.getByLabel("Description", { exact: true }).fill("Tea estates and hairpin bends");
    await page.getByRole("button", { name: "Add Ride" }).click();

    await expect(page.getByText(RIDE_MESSAGES.added)).toBeVisible();
    await expect(adminCard(page, title)).toBeVisible();
    const upcoming = page.getByRole("region", { name: /^Upcoming Rides/ });
    await expect(upcoming.getByRole("heading", { name: title })).toBeVisible();

    expect(await publicRideTitles(page, "/")).toContain(title);

    await page.goto("/admin");
    const activity = page
      .getByTestId("recent-activity")
      .getByRole("listitem")
      .filter({ hasText: `Added ride "${title}"` });
    await expect(activity).toContainText(ownAdmin.email);
  });

  test("edits a ride: the new details are saved and shown publicly", async ({ adminPage: page, db }) => {
    const title = uniqueTitle("Coorg Coffee Run");
    const id = await addRide(page, db, title);
    await page.goto("/admin/rides");
    await waitForHydration(page);
    await adminCard(page, title).getByRole("link", { name: /^Edit/ }).click();
    await expect(page.getByRole("heading", { name: "Edit Ride" })).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

    const renamed = `${title} (renamed)`;
    await page.getByLabel("Title", { exact: true }).fill(renamed);
    await page.getByRole("button", { name: "Update Ride" }).click();

    await expect(page.getByText(RIDE_MESSAGES.updated)).toBeVisible();
    await expect(adminCard(page, renamed)).toBeVisible();
    expect((await storedRide(db, id))?.title).toBe(renamed);
    await page.goto(`/ride/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();
  });

  test("duplicates a ride into a prefilled add form that creates a new upcoming ride on save", async ({
    adminPage: page,
    db,
  }) => {
    const title = uniqueTitle("Spiti Circuit");
    const id = await addRide(page, db, title, { status: "completed", distance: "1,050 km" });
    await page.goto("/admin/rides");
    await waitForHydration(page);
    await adminCard(page, title)
      .getByRole("link", { name: /^Duplicate/ })
      .click();

    await expect(page.getByText(RIDE_MESSAGES.duplicated)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Add New Ride (copy)" })).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${title} (Copy)`);
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("upcoming");
    await expect(page.getByLabel("Distance", { exact: true })).toHaveValue("1,050 km");

    await page.getByRole("button", { name: "Add Ride" }).click();
    await expect(page.getByText(RIDE_MESSAGES.added)).toBeVisible();
    const copyId = await rideIdByTitle(db, `${title} (Copy)`);
    expect(copyId).not.toBe(id);
    expect((await storedRide(db, copyId))?.status).toBe("upcoming");
    expect((await storedRide(db, id))?.status).toBe("completed");
  });

  test("deletes a ride only after confirmation", async ({ adminPage: page, db }) => {
    const title = uniqueTitle("Chopta Trek Ride");
    const id = await addRide(page, db, title);
    await page.goto("/admin/rides");
    await waitForHydration(page);
    const card = adminCard(page, title);

    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("Are you sure you want to delete this ride?");
      void dialog.dismiss();
    });
    await card.getByRole("button", { name: /^Delete/ }).click();
    await expect(card).toBeVisible();
    expect(await storedRide(db, id)).not.toBeNull();

    page.once("dialog", (dialog) => void dialog.accept());
    await card.getByRole("button", { name: /^Delete/ }).click();
    await expect(page.getByText(RIDE_MESSAGES.deleted)).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(await storedRide(db, id)).toBeNull();
    expect(await publicRideTitles(page, "/")).not.toContain(title);
  });

  test("refuses to delete without a valid ride id", async ({ adminPage: page }) => {
    const missing = await postAction(page, "/admin/rides", { intent: "delete", id: "" });
    expect(missing.status()).toBe(400);
    expect(await missing.text()).toContain("Cannot delete: Invalid ride ID");

    const unknown = await postAction(page, "/admin/rides", { intent: "delete", id: "no-such-ride" });
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain("Cannot delete: Invalid ride ID");
  });

  test("changes a ride's status from its card: it moves section and public page", async ({ adminPage: page, db }) => {
    const title = uniqueTitle("Hampi Boulder Ride");
    const id = await addRide(page, db, title);
    await page.goto("/admin/rides");
    await waitForHydration(page);

    await adminCard(page, title)
      .getByLabel(/^Status/)
      .selectOption("completed");

    await expect(page.getByText(RIDE_MESSAGES.statusUpdated)).toBeVisible();
    const completed = page.getByRole("region", { name: /^Completed Rides/ });
    await expect(completed.getByRole("heading", { name: title })).toBeVisible();
    expect((await storedRide(db, id))?.status).toBe("completed");
    expect(await publicRideTitles(page, "/previous")).toContain(title);
    expect(await publicRideTitles(page, "/")).not.toContain(title);
  });

  test("View Details goes to the ride's public page", async ({ adminPage: page, db }) => {
    const title = uniqueTitle("Wayanad Mist");
    const id = await addRide(page, db, title);
    await page.goto("/admin/rides");
    await waitForHydration(page);
    await adminCard(page, title)
      .getByRole("link", { name: /^View Details/ })
      .click();
    await expect(page).toHaveURL(`/ride/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  });

  test("leaving a form with unsaved changes asks first; Cancel and saving do not", async ({ adminPage: page }) => {
    await page.goto("/admin/rides?new");
    await waitForHydration(page);
    await page.getByRole("navigation").getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL("/admin");

    await page.goto("/admin/rides?new");
    await waitForHydration(page);
    await page.getByLabel("Title", { exact: true }).fill("Half-typed ride");
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe(UNSAVED_CHANGES_CONFIRM);
      void dialog.dismiss();
    });
    await page.getByRole("navigation").getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Half-typed ride");

    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(page).toHaveURL("/admin/rides");
    await expect(page.getByRole("link", { name: "Add New Ride" })).toBeVisible();
  });
});
