// Helpers of the admin content specs (admin-*.spec.ts). Content is created through the
// server's own actions, never written to the database from the test, so the server's change
// events fire (page caches, live updates) exactly as for an admin's change.
import { randomUUID } from "node:crypto";
import type { APIResponse, Page } from "@playwright/test";
import type { Database } from "~/server/db/schema.server";
import { getRide } from "~/server/rides/rides.server";
import { createOrPromoteAdmin } from "~/server/team/users.server";
import { signInAs } from "./admin-fixtures.ts";
import { expect } from "./fixtures.ts";
import { type OwnServer, type OwnServerOptions, testOnOwnServer } from "./own-server.ts";

export function uniqueTitle(prefix: string): string {
  return `${prefix} ${randomUUID().slice(0, 8)}`;
}

/** A valid ride for the rides action (product.md#ride-validation): two days in the future, upcoming. */
export function rideInput(title: string, overrides: Record<string, unknown> = {}) {
  return {
    title,
    startDate: "2027-03-01",
    endDate: "2027-03-02",
    distance: "300 km",
    description: `Test ride ${title}`,
    participants: 4,
    status: "upcoming",
    ...overrides,
  };
}

/** POSTs JSON straight to an admin route's action, as the signed-in admin of `page`. */
export function postAction(page: Page, path: string, body: unknown): Promise<APIResponse> {
  return page.request.post(path, { data: body, headers: { "Content-Type": "application/json" }, maxRedirects: 0 });
}

/** Adds a ride through the server and returns its id. */
export async function addRide(
  page: Page,
  db: Database,
  title: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await postAction(page, "/admin/rides", { intent: "create", ride: rideInput(title, overrides) });
  expect(response.status(), await response.text()).toBe(200);
  return rideIdByTitle(db, title);
}

export async function rideIdByTitle(db: Database, title: string): Promise<string> {
  const rows = await db.selectFrom("rides").select(["id", "data"]).execute();
  const row = rows.find((candidate) => (JSON.parse(candidate.data) as { title?: string }).title === title);
  if (!row) throw new Error(`no ride titled ${title}`);
  return row.id;
}

export async function storedRide(db: Database, id: string) {
  return getRide(db, id);
}

/** The titles of the public ride cards of a page, in order. */
export async function publicRideTitles(page: Page, path: "/" | "/previous"): Promise<string[]> {
  await page.goto(path);
  return page.getByTestId("ride-card").getByRole("heading").allTextContents();
}

/** The admin card of a ride. */
export function adminCard(page: Page, title: string) {
  return page.getByTestId("admin-ride-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

/** The status line of an admin page (role status or alert, whichever the message's tone picked). */
export function statusLine(page: Page) {
  return page.locator('[role="status"], [role="alert"]').filter({ hasText: /\S/ }).last();
}

/**
 * An admin signed in to a server of its own (see own-server.ts). Every admin content spec runs
 * on one: the writes of one spec never show up in another's public pages, exact content (empty
 * sections, a known order, exact figures) can be asserted, and the only other writer of the
 * SQLite file is this worker's own fixtures, never another worker's (SQLite refuses a
 * read-then-write transaction when another process wrote in between).
 */
export function testOnOwnAdminServer(options: OwnServerOptions) {
  return testOnOwnServer(options).extend<{ adminPage: Page; db: Database; ownAdmin: OwnAdmin }>({
    ownAdmin: async ({ ownServer }, use, testInfo) => {
      await use(await ownAdminOf(ownServer, testInfo.workerIndex));
    },
    db: async ({ ownServer }, use) => {
      await use(ownServer.db);
    },
    adminPage: async ({ page, ownServer, ownAdmin }, use) => {
      await signInAs(page, ownServer.db, ownAdmin.id, ownServer.baseURL);
      await use(page);
    },
  });
}

type OwnAdmin = { id: string; email: string };
/** The admin of each own server, made on its first test. */
const ownAdmins = new WeakMap<OwnServer, Promise<OwnAdmin>>();
function ownAdminOf(ownServer: OwnServer, workerIndex: number): Promise<OwnAdmin> {
  if (!ownAdmins.has(ownServer)) {
    const email = `own-admin-${workerIndex}@roadbook.test`;
    const password = `own-password-${randomUUID()}`;
    ownAdmins.set(
      ownServer,
      createOrPromoteAdmin(ownServer.db, { email, password }).then(({ user }) => ({ id: user.id, email })),
    );
  }
  return ownAdmins.get(ownServer)!;
}
