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

type WorkerFixtures = { e2eDb: Database; adminAccount: AdminAccount };
type TestFixtures = { adminPage: Page };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  e2eDb: [
    async ({}, use) => {
      const db = openE2eDatabase();
      await use(db);
      await db.destroy();
    },
    { scope: "worker" },
  ],

  /** One admin per worker, so parallel workers never race on the same account. */
  adminAccount: [
    async ({ e2eDb }, use, workerInfo) => {
      const account = {
        email: `e2e-admin-${workerInfo.workerIndex}@roadbook.test`,
        password: `e2e-password-${workerInfo.workerIndex}-${Date.now()}`,
        displayName: `E2E Admin ${workerInfo.workerIndex}`,
      };
      const { user } = await createOrPromoteAdmin(e2eDb, account);
      await use({ ...account, id: user.id });
    },
    { scope: "worker" },
  ],

  adminPage: async ({ page, e2eDb, adminAccount, baseURL }, use) => {
    await signInAs(page, e2eDb, adminAccount.id, baseURL ?? "");
    await use(page);
  },
});
