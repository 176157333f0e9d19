import { DELETE_SLIDE_CONFIRM, SLIDE_MESSAGES } from "~/domain/messages";
import { listRecentActivity } from "~/server/audit/audit.server";
import { postAction, testOnOwnAdminServer, uniqueTitle } from "./support/admin-helpers.ts";
import { expect } from "./support/fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";

// Hero slides: management, new-slide defaults, rules (product.md#admin-hero), messages (#messages).
// The carousel is on every visitor's home page: on a server of its own.

const test = testOnOwnAdminServer({ seedDemo: true });

const BACKGROUND = "/images/demo/ladakh.webp";

test("adds a slide: required fields first, then it is listed, counted and in the home page carousel", async ({
  adminPage: page,
  ownServer,
  ownAdmin,
}) => {
  const title = uniqueTitle("Into the Himalaya");
  await page.goto("/admin/hero");
  await waitForHydration(page);
  const count = Number(
    (await page.getByRole("heading", { name: /^Slides \(\d+\)$/ }).textContent())?.match(/\d+/)?.[0],
  );

  await page.getByRole("link", { name: "Add New Slide" }).click();
  await page.getByRole("button", { name: "Add Slide" }).click();
  await expect(page.getByLabel("Title", { exact: true })).toBeFocused();
  for (const [label, message] of [
    ["Title", "Title is required"],
    ["Subtitle", "Subtitle is required"],
    ["Tagline", "Tagline is required"],
    ["Button text", "Button text is required"],
  ] as const) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(message);
  }
  await expect(page.getByText("Background must be a valid URL")).toBeVisible();
  await expect(page.getByLabel("Active (shown in the carousel)")).toBeChecked();

  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Subtitle", { exact: true }).fill("Three passes in a week");
  await page.getByLabel("Tagline", { exact: true }).fill("Ride with us");
  await page.getByLabel("Button text", { exact: true }).fill("See the ride");
  await page.getByLabel("Background image", { exact: true }).fill(BACKGROUND);
  await page.getByRole("button", { name: "Add Slide" }).click();

  await expect(page.getByText(SLIDE_MESSAGES.added)).toBeVisible();
  await expect(page.getByRole("heading", { name: `Slides (${count + 1})` })).toBeVisible();
  const card = page.getByTestId("slide-card").filter({ hasText: title });
  await expect(card).toContainText(`Position ${count + 1}`);
  await expect(card).toContainText("Active");

  await page.goto("/");
  await expect(page.getByText(title)).toBeAttached();
  expect((await listRecentActivity(ownServer.db))[0]).toMatchObject({
    actorEmail: ownAdmin.email,
    summary: `Added hero slide "${title}"`,
  });
});

test("edits a slide", async ({ adminPage: page }) => {
  await page.goto("/admin/hero");
  await waitForHydration(page);
  const card = page.getByTestId("slide-card").first();
  await card.getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByRole("heading", { name: "Edit Slide" })).toBeVisible();
  const title = uniqueTitle("Renamed slide");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Active (shown in the carousel)").uncheck();
  await page.getByRole("button", { name: "Update Slide" }).click();

  await expect(page.getByText(SLIDE_MESSAGES.updated)).toBeVisible();
  await expect(page.getByTestId("slide-card").first()).toContainText(title);
  await expect(page.getByTestId("slide-card").first()).toContainText("Hidden");
});

test("deletes a slide only after confirmation", async ({ adminPage: page }) => {
  await page.goto("/admin/hero");
  await waitForHydration(page);
  const card = page.getByTestId("slide-card").last();
  const title = (await card.getByRole("heading").textContent()) ?? "";

  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe(DELETE_SLIDE_CONFIRM);
    void dialog.dismiss();
  });
  await card.getByRole("button", { name: /^Delete/ }).click();
  await expect(page.getByTestId("slide-card").filter({ hasText: title })).toHaveCount(1);

  page.once("dialog", (dialog) => void dialog.accept());
  await card.getByRole("button", { name: /^Delete/ }).click();
  await expect(page.getByText(SLIDE_MESSAGES.deleted)).toBeVisible();
  await expect(page.getByTestId("slide-card").filter({ hasText: title })).toHaveCount(0);
});

test("the slide action refuses bad input and unknown slides with the product's messages", async ({
  adminPage: page,
  ownServer,
}) => {
  const before = await ownServer.db.selectFrom("hero_slides").selectAll().execute();
  const bad = await postAction(page, "/admin/hero", {
    intent: "create",
    slide: { title: "Only a title", background: "javascript:alert(1)" },
  });
  expect(bad.status()).toBe(400);
  const text = await bad.text();
  expect(text).toContain(SLIDE_MESSAGES.addFailed);
  expect(text).toContain("Subtitle is required");
  expect(text).toContain("Background must be a valid URL");

  const missing = await postAction(page, "/admin/hero", { intent: "delete", id: "no-such-slide" });
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain(SLIDE_MESSAGES.deleteFailed);

  const update = await postAction(page, "/admin/hero", { intent: "update", id: before[0]?.id, slide: { title: "" } });
  expect(update.status()).toBe(400);
  expect(await update.text()).toContain(SLIDE_MESSAGES.updateFailed);
  expect(await ownServer.db.selectFrom("hero_slides").selectAll().execute()).toEqual(before);
});
