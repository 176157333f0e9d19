import { instantToZoned } from "~/domain/publication";
import { listRecentActivity } from "~/server/audit/audit.server";
import { type AdminLogin, createAdmin, sessionCookieFor } from "./support/ops-admin.ts";
import { type Instance, startInstance, stopAllInstances, waitFor } from "./support/ops-support.ts";
import { type SharedPostgres, sharedPostgres, skipWithoutPostgres } from "./support/shared-postgres.ts";
import { expect, test } from "./support/admin-fixtures.ts";
import { adminCard, postAction, rideIdByTitle, rideInput, uniqueTitle } from "./support/admin-helpers.ts";
import { waitForHydration } from "./support/hydration.ts";
import { type TestClock, testClock } from "./support/test-clock.ts";
import type { Database } from "~/server/db/schema.server";

// Publishing (decision 025): a draft is seen only by admins and through its signed
// preview link; a scheduled publication appears at its minute on every instance without any
// write then (the test moves the instances' clock to it); every save is a revision that can be
// restored.

test("a draft ride: hidden from visitors, seen by a signed-out browser through its preview link, then published", async ({
  adminPage: page,
  e2eDb,
  browser,
}) => {
  const title = uniqueTitle("Draft over Zojila");
  const created = await postAction(page, "/admin/rides", { intent: "create", ride: rideInput(title), draft: true });
  expect(created.status(), await created.text()).toBe(200);
  const id = await rideIdByTitle(e2eDb, title);

  const visitor = await browser.newContext();
  const stranger = await visitor.newPage();
  expect((await visitor.request.get(`/ride/${id}`)).status()).toBe(404);
  await stranger.goto("/");
  await expect(stranger.getByText(title)).toHaveCount(0);
  expect(await (await stranger.request.get("/sitemap.xml")).text()).not.toContain(id);

  await page.goto("/admin/rides");
  await waitForHydration(page);
  const card = adminCard(page, title);
  await expect(card.getByText("Draft", { exact: true })).toBeVisible();
  await card.getByRole("link", { name: `Publishing & History of ${title}` }).click();
  await expect(page.getByTestId("publication-state")).toHaveText(/^Draft/);
  await page.getByRole("button", { name: "Create Preview Link" }).click();
  const link = await page.getByLabel(/Preview link \(expires/).inputValue();
  expect(link).toMatch(new RegExp(`/ride/${id}\\?preview=\\d+\\.[\\w-]{43}$`));

  const preview = await stranger.goto(link);
  expect(preview?.status()).toBe(200);
  expect(preview?.headers()["cache-control"]).toBe("private, no-store");
  await expect(stranger.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // A tampered token, or an expired one, opens nothing.
  expect((await visitor.request.get(link.replace(/.$/, (c) => (c === "A" ? "B" : "A")))).status()).toBe(404);
  expect((await visitor.request.get(`/ride/${id}?preview=1.${"A".repeat(43)}`)).status()).toBe(404);

  await page.getByLabel("Publish now").check();
  await page.getByRole("button", { name: "Save Publication" }).click();
  await expect(page.getByText("Published: visitors see it now.")).toBeVisible();
  await expect(page.getByTestId("publication-state")).toHaveText(/^Published/);
  expect((await visitor.request.get(`/ride/${id}`)).status()).toBe(200);
  // A new visitor: the first one's browser may show its copy of the home page once more
  // (stale-while-revalidate, decision 025).
  const newcomer = await browser.newContext();
  const home = await newcomer.newPage();
  await home.goto("/");
  await expect(home.getByRole("heading", { name: title })).toBeVisible();
  await newcomer.close();
  const activity = await listRecentActivity(e2eDb, 20);
  expect(activity.map((entry) => entry.summary)).toContain(`Published ride "${title}"`);
  await visitor.close();
});

test("a draft hero slide: marked in the list, in the home page's carousel only through its preview link", async ({
  adminPage: page,
  browser,
}) => {
  const title = uniqueTitle("Monsoon draft slide");
  const slide = {
    title,
    subtitle: "Western Ghats",
    tagline: "Soon",
    cta: "Know More",
    background: "/images/demo/ladakh.webp",
    isActive: true,
  };
  const created = await postAction(page, "/admin/hero", { intent: "create", slide, draft: true });
  expect(created.status(), await created.text()).toBe(200);
  await page.goto("/admin/hero");
  await waitForHydration(page);
  const card = page.getByTestId("slide-card").filter({ hasText: title });
  await expect(card).toContainText("Draft");
  await card.getByRole("link", { name: `Publishing & History of slide ${title}` }).click();
  await page.getByRole("button", { name: "Create Preview Link" }).click();
  const link = await page.getByLabel(/Preview link \(expires/).inputValue();

  const visitor = await browser.newContext();
  const stranger = await visitor.newPage();
  await stranger.goto("/");
  await expect(stranger.getByText(title)).toHaveCount(0);
  await stranger.goto(link);
  await expect(stranger.getByRole("heading", { name: title })).toBeAttached();
  await visitor.close();
});

test("every save is a revision with its differences; restoring one makes it current again, as a new revision", async ({
  adminPage: page,
  e2eDb,
}) => {
  const title = uniqueTitle("Spiti loop");
  const created = await postAction(page, "/admin/rides", { intent: "create", ride: rideInput(title) });
  expect(created.status()).toBe(200);
  const id = await rideIdByTitle(e2eDb, title);
  const renamed = `${title} (monsoon edition)`;
  const updated = await postAction(page, "/admin/rides", {
    intent: "update",
    id,
    version: 1,
    ride: rideInput(renamed, { distance: "450 km" }),
  });
  expect(updated.status(), await updated.text()).toBe(200);

  await page.goto(`/admin/publishing/rides/${id}`);
  await waitForHydration(page);
  const revisions = page.getByRole("listitem", { name: /^Revision of / });
  await expect(revisions).toHaveCount(2);
  const latest = revisions.first();
  await expect(latest.getByRole("row", { name: /^title/ })).toContainText(title);
  await expect(latest.getByRole("row", { name: /^title/ })).toContainText(renamed);
  await expect(latest.getByRole("row", { name: /^distance/ })).toContainText("450 km");
  await expect(latest).toContainText("Saved by e2e-admin-");

  page.once("dialog", (dialog) => void dialog.accept());
  await revisions.nth(1).getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText("Revision restored")).toBeVisible();
  await expect(revisions).toHaveCount(3);
  await expect(revisions.first()).toContainText("Restored by e2e-admin-");
  await page.goto(`/ride/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
});

test.describe("on two instances", () => {
  skipWithoutPostgres();

  let database: SharedPostgres;
  let db: Database;
  let a: Instance;
  let b: Instance;
  let admin: AdminLogin;
  const base = Number(process.env.E2E_PORT ?? 4311);
  let clock: TestClock;

  test.beforeAll(async () => {
    database = await sharedPostgres();
    clock = testClock();
    // Both instances read one clock file (app/server/clock.server.ts): the test moves them past
    // the scheduled minute by writing it, instead of waiting for the minute to come.
    const env = { ...database.env, TEST_CLOCK_FILE: clock.file };
    [a, b] = await Promise.all([startInstance({ port: base + 2, env }), startInstance({ port: base + 3, env })]);
    db = database.db;
    admin = await createAdmin(db, "publishing-admin@roadbook.test");
  });

  test.afterAll(async () => {
    await stopAllInstances({}, test.info());
    await database?.close();
  });

  const home = async (instance: Instance) => (await fetch(`${instance.url}/`)).text();

  test("a scheduled publication appears at its minute on both instances, with nothing written then", async () => {
    const cookie = await sessionCookieFor(db, admin.userId);
    const post = (path: string, body: unknown) =>
      fetch(`${a.url}${path}`, {
        method: "POST",
        headers: { cookie, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const title = uniqueTitle("Scheduled Kinnaur");
    expect((await post("/admin/rides", { intent: "create", ride: rideInput(title), draft: true })).status).toBe(200);
    const id = await rideIdByTitle(db, title);

    // A whole minute ten minutes on (in India time, as the admin types it): the real clock never
    // reaches it during the test, only the instances' moved clock does.
    const boundary = Math.ceil((Date.now() + 10 * 60_000) / 60_000) * 60_000;
    const scheduled = await post(`/admin/publishing/rides/${id}`, {
      intent: "publish",
      publish: "at",
      at: instantToZoned(new Date(boundary)),
    });
    expect(scheduled.status, await scheduled.text()).toBe(200);
    const stored = await db.selectFrom("rides").select("published_at").where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.published_at).toBe(new Date(boundary).toISOString());

    // Both instances keep their home page in the render cache meanwhile, without the ride.
    for (const instance of [a, b]) expect(await home(instance)).not.toContain(title);
    const etag = (await fetch(`${b.url}/`)).headers.get("etag");
    expect((await fetch(`${b.url}/`)).headers.get("etag")).toBe(etag);
    expect((await fetch(`${b.url}/ride/${id}`)).status).toBe(404);

    const updatedAt = (await db.selectFrom("rides").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow())
      .updated_at;
    clock.set(boundary - Date.now() + 1_000);
    await Promise.all(
      [a, b].map((instance) =>
        waitFor(async () => (await home(instance)).includes(title), `the ride on ${instance.url}`),
      ),
    );
    expect((await fetch(`${b.url}/ride/${id}`)).status).toBe(200);
    expect(await (await fetch(`${a.url}/sitemap.xml`)).text()).toContain(`/ride/${id}`);
    const after = await db.selectFrom("rides").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow();
    expect(after.updated_at).toBe(updatedAt);
  });
});
