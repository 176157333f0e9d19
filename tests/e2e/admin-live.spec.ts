import type { Browser, Page } from "@playwright/test";
import { RIDE_MESSAGES } from "~/domain/messages";
import { RIDE_CONFLICT_MESSAGE } from "~/routes/admin/rides.server";
import type { Database } from "~/server/db/schema.server";
import { signInAs } from "./support/admin-fixtures.ts";
import {
  addRide,
  adminCard,
  postAction,
  storedRide,
  uniqueTitle,
  testOnOwnAdminServer,
} from "./support/admin-helpers.ts";
import { expect, guardContext } from "./support/fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";

// Two admins at work at once (product.md#live-updates): what one saves appears on the other's
// screen without a reload, and a save based on a copy someone else has changed since is
// refused instead of silently overwriting their work.

const test = testOnOwnAdminServer({ seedDemo: true });

/**
 * Another browser, signed in with a session of its own: to the server, another admin at work.
 * (The worker's admin account is reused: creating an account here would write to the database
 * beside the server, which SQLite may refuse while the server writes.)
 */
async function otherAdmin(
  browser: Browser,
  db: Database,
  userId: string,
  baseURL: string,
): Promise<{ page: Page; problems: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL });
  const problems = await guardContext(context);
  const page = await context.newPage();
  await signInAs(page, db, userId, baseURL);
  return { page, problems, close: () => context.close() };
}

/** Marks the document, so a test can tell that the page was updated in place, not reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => document.documentElement.setAttribute("data-not-reloaded", "yes"));
}

test("a ride another admin renames appears renamed here, without a reload", async ({
  adminPage: page,
  db,
  browser,
  baseURL,
  ownAdmin,
}) => {
  const title = uniqueTitle("Kutch Salt Flats");
  const id = await addRide(page, db, title);
  await page.goto("/admin/rides");
  await waitForHydration(page);
  await expect(adminCard(page, title)).toBeVisible();
  await markDocument(page);

  const other = await otherAdmin(browser, db, ownAdmin.id, baseURL ?? "");
  await other.page.goto(`/admin/rides?edit=${id}`);
  await waitForHydration(other.page);
  await other.page.getByLabel("Title", { exact: true }).fill(`${title} by night`);
  await other.page.getByRole("button", { name: "Update Ride" }).click();
  await expect(other.page.getByText(RIDE_MESSAGES.updated)).toBeVisible();

  await expect(adminCard(page, `${title} by night`)).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-not-reloaded", "yes");
  await other.close();
  expect(other.problems).toEqual([]);
});

test("the dashboard counts a ride another admin adds and lists the change, without a reload", async ({
  adminPage: page,
  db,
  browser,
  baseURL,
  ownAdmin,
}) => {
  await page.goto("/admin");
  await waitForHydration(page);
  await markDocument(page);
  const total = Number(await page.getByTestId("count-Total Rides").textContent());

  const other = await otherAdmin(browser, db, ownAdmin.id, baseURL ?? "");
  const title = uniqueTitle("Pondicherry Coast");
  await addRide(other.page, db, title);

  await expect(page.getByTestId("count-Total Rides")).not.toHaveText(String(total));
  await expect(page.getByTestId("recent-activity")).toContainText(`Added ride "${title}"`);
  await expect(page.locator("html")).toHaveAttribute("data-not-reloaded", "yes");
  await other.close();
});

test.describe("a stale save", () => {
  // The refusal is a 409 answer, which the browser logs in its console.
  test.use({ allowedConsoleErrors: ["status of 409 (Conflict)"] });

  test("a stale save is refused; the admin keeps their text and chooses the latest version or theirs", async ({
    adminPage: page,
    db,
    browser,
    baseURL,
    ownAdmin,
  }) => {
    const title = uniqueTitle("Valley of Flowers");
    const id = await addRide(page, db, title);
    await page.goto(`/admin/rides?edit=${id}`);
    await waitForHydration(page);
    await page.getByLabel("Title", { exact: true }).fill(`${title} — mine`);

    const other = await otherAdmin(browser, db, ownAdmin.id, baseURL ?? "");
    await other.page.goto(`/admin/rides?edit=${id}`);
    await waitForHydration(other.page);
    await other.page.getByLabel("Title", { exact: true }).fill(`${title} — theirs`);
    await other.page.getByRole("button", { name: "Update Ride" }).click();
    await expect(other.page.getByText(RIDE_MESSAGES.updated)).toBeVisible();
    await other.close();

    // The newer version is announced while typing, and what was typed stays.
    const banner = page.getByRole("alert").filter({ hasText: "Someone else saved a newer version of this ride" });
    await expect(banner).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${title} — mine`);

    await page.getByRole("button", { name: "Update Ride" }).click();
    await expect(page.getByText(RIDE_CONFLICT_MESSAGE)).toBeVisible();
    expect((await storedRide(db, id))?.title).toBe(`${title} — theirs`);

    await banner.getByRole("button", { name: "Load the latest version" }).click();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${title} — theirs`);
    await expect(banner).toBeHidden();
  });
});

test("keeping one's own changes over a newer version is a deliberate choice", async ({ adminPage: page, db }) => {
  const title = uniqueTitle("Zanskar Ride");
  const id = await addRide(page, db, title);
  await page.goto(`/admin/rides?edit=${id}`);
  await waitForHydration(page);
  await page.getByLabel("Title", { exact: true }).fill(`${title} — mine`);

  const stored = await storedRide(db, id);
  const theirs = await postAction(page, "/admin/rides", {
    intent: "update",
    id,
    version: stored?.version,
    ride: { ...stored, title: `${title} — theirs` },
  });
  expect(theirs.status()).toBe(200);

  const banner = page.getByRole("alert").filter({ hasText: "Someone else saved a newer version of this ride" });
  await banner.getByRole("button", { name: "Keep my changes" }).click();
  await page.getByRole("button", { name: "Update Ride" }).click();
  await expect(page.getByText(RIDE_MESSAGES.updated)).toBeVisible();
  expect((await storedRide(db, id))?.title).toBe(`${title} — mine`);
});

test("the action refuses an update based on an old version, and one without a version", async ({
  adminPage: page,
  db,
}) => {
  const title = uniqueTitle("Majuli Island");
  const id = await addRide(page, db, title);
  const stored = await storedRide(db, id);
  const ride = { ...stored, title: `${title} v2` };
  expect(
    (await postAction(page, "/admin/rides", { intent: "update", id, version: stored?.version, ride })).status(),
  ).toBe(200);

  const stale = await postAction(page, "/admin/rides", {
    intent: "update",
    id,
    version: stored?.version,
    ride: { ...ride, title: `${title} stale` },
  });
  expect(stale.status()).toBe(409);
  expect(await stale.text()).toContain(RIDE_CONFLICT_MESSAGE);
  const unversioned = await postAction(page, "/admin/rides", {
    intent: "update",
    id,
    ride: { ...ride, title: `${title} unversioned` },
  });
  expect(unversioned.status()).toBe(400);
  expect((await storedRide(db, id))?.title).toBe(`${title} v2`);
});

test.describe("the live-update stream", () => {
  test("is for admins only", async ({ request }) => {
    const response = await request.get("/admin/events", { maxRedirects: 0 });
    expect(response.status()).toBe(401);
  });

  test("sends each content change as a server-sent event", async ({ adminPage: page, db, baseURL }) => {
    const cookies = await page.context().cookies();
    const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
    const controller = new AbortController();
    const response = await fetch(`${baseURL}/admin/events`, {
      headers: { Cookie: cookie, Accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    const title = uniqueTitle("Streamed Ride");
    const id = await addRide(page, db, title);
    while (!received.includes(`"id":"${id}"`)) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
    }
    controller.abort();
    expect(received).toContain(`event: content\ndata: {"collection":"rides","id":"${id}","action":"created"}`);
  });
});
