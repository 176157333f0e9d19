// Signed-in admin pages for end-to-end specs: import { test, expect } from "./admin-fixtures.ts"
// and ask for `adminPage`. The admin is signed in by writing a session straight into the
// database of the server under test and giving the browser its cookie, so only the sign-in specs
// (admin-auth.spec.ts) drive the login form.
import type { Page } from "@playwright/test";
import { SESSION_COOKIE } from "~/server/auth/cookies.server";
import { createSession } from "~/server/auth/sessions.server";
import { openDatabase } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { dataPaths } from "~/server/env.server";
import { createOrPromoteAdmin } from "~/server/team/users.server";
import { test as base } from "./fixtures.ts";
import { atWorkerEnd } from "./worker-end.ts";

export { expect } from "./fixtures.ts";

export type AdminAccount = { id: string; email: string; password: string; displayName: string };

/**
 * The SQLite database of the server playwright.config.ts started (its DATA_DIR). The server and
 * the tests share it safely: WAL mode and a busy timeout serialise the writers.
 */
export function openE2eDatabase(): Database {
  const dataDir = process.env.ROADBOOK_E2E_DATA_DIR;
  if (!dataDir) throw new Error("ROADBOOK_E2E_DATA_DIR is not set: run the specs through playwright.config.ts");
  return openDatabase({ sqlitePath: dataPaths(dataDir).sqlitePath }).db;
}

/** Puts a new session of the user into the browser context of `page`. */
export async function signInAs(page: Page, db: Database, userId: string, baseURL: string): Promise<void> {
  const { token } = await createSession(db, userId);
  await page
    .context()
    .addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

type TestFixtures = { adminPage: Page; e2eDb: Database; adminAccount: AdminAccount };

/** The shared server's database, opened once per worker on first use and closed when it ends. */
let e2eDb: Database | undefined;
export function workerDb(): Database {
  if (!e2eDb) {
    const db = openE2eDatabase();
    e2eDb = db;
    atWorkerEnd(async () => db.destroy());
  }
  return e2eDb;
}

/** One admin per worker, so parallel workers never race on the same account. */
let adminAccount: Promise<AdminAccount> | undefined;
function workerAdmin(workerIndex: number): Promise<AdminAccount> {
  adminAccount ??= (async () => {
    const account = {
      email: `e2e-admin-${workerIndex}@roadbook.test`,
      password: `e2e-password-${workerIndex}-${Date.now()}`,
      displayName: `E2E Admin ${workerIndex}`,
    };
    const { user } = await createOrPromoteAdmin(workerDb(), account);
    return { ...account, id: user.id };
  })();
  return adminAccount;
}

// Test fixtures over what the worker keeps (worker-end.ts): worker fixtures of their own would
// make Playwright restart the worker between these specs and the others (decision 055).
export const test = base.extend<TestFixtures>({
  e2eDb: async ({}, use) => {
    await use(workerDb());
  },
  adminAccount: async ({}, use, testInfo) => {
    await use(await workerAdmin(testInfo.workerIndex));
  },
  adminPage: async ({ page, e2eDb, adminAccount, baseURL }, use) => {
    await signInAs(page, e2eDb, adminAccount.id, baseURL ?? "");
    await use(page);
  },
});
