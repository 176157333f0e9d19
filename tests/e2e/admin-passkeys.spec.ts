import { generateKeyPairSync, randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { openDatabase } from "~/server/db/database.server";
import type { Database } from "~/server/db/schema.server";
import { dataPaths } from "~/server/env.server";
import { createOrPromoteAdmin } from "~/server/team/users.server";
import { runPort } from "./support/run-ports.ts";
import { signInAs } from "./support/admin-fixtures.ts";
import { expect, test } from "./support/fixtures.ts";
import { type Instance, startInstance } from "./support/ops-support.ts";
import { virtualAuthenticator } from "./support/virtual-authenticator.ts";

// Passkeys (decision 026) with Chromium's virtual authenticator (the DevTools
// protocol's WebAuthn domain): an admin adds a passkey on Sign-in & Security, then signs in
// with it alone, and with password then passkey once an authenticator app is not at hand.
// WebAuthn needs a domain, not an IP address, as its relying party: this spec runs its own
// instance whose PUBLIC_URL is http://localhost:<port>.

test.describe.configure({ mode: "serial" });
test.use({ allowedConsoleErrors: [/the server responded with a status of (401)/] });

const PASSWORD = "passkey-admin-password";
let instance: Instance;
let db: Database;
let origin: string;

test.beforeAll(async () => {
  const port = await runPort();
  origin = `http://localhost:${port}`;
  instance = await startInstance({ port, env: { PUBLIC_URL: origin, SEED_DEMO: "false" } });
  db = openDatabase({ sqlitePath: dataPaths(instance.dataDir).sqlitePath }).db;
});

test.afterAll(async () => {
  await db?.destroy();
  await instance?.stop();
});

const portal = (page: Page) =>
  page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Dashboard" });

test("an admin adds a passkey, then signs in with it instead of the password, and as the second step after it", async ({
  page,
}) => {
  const email = `passkey-${crypto.randomUUID().slice(0, 8)}@roadbook.test`;
  const { user } = await createOrPromoteAdmin(db, { email, password: PASSWORD });
  await virtualAuthenticator(page);
  await signInAs(page, db, user.id, origin);

  // Adding a passkey needs a fresh proof (decision 026, note of 2026-11-26): this session confirms
  // with the password first.
  await page.goto(`${origin}/admin/account`);
  await expect(page.getByRole("button", { name: "Add a passkey" })).toBeDisabled();
  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Confirm with password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Confirmed" })).toBeVisible();
  await page.getByLabel("Passkey name").fill("Test phone");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Passkey added" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Your passkeys" })).toContainText("Test phone");
  const stored = await db.selectFrom("passkeys").select(["user_id", "name"]).execute();
  expect(stored).toEqual([{ user_id: user.id, name: "Test phone" }]);

  // Signed out: the passkey alone opens the portal.
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(portal(page)).toBeVisible();

  // With a passkey, the password alone is not enough: the passkey is asked for next.
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("button", { name: "Use my passkey" }).click();
  await expect(portal(page)).toBeVisible();
  const used = await db.selectFrom("passkeys").select("last_used_at").executeTakeFirstOrThrow();
  expect(used.last_used_at).not.toBeNull();

  // A session that has proved nothing confirms with the passkey, then may remove it.
  await signInAs(page, db, user.id, origin);
  await page.goto(`${origin}/admin/account`);
  const remove = page.getByRole("button", { name: "Remove passkey Test phone" });
  await expect(remove).toBeDisabled();
  await page.getByRole("button", { name: "Confirm with a passkey" }).click();
  await expect(remove).toBeEnabled();
  await remove.click();
  await expect(page.getByRole("status").filter({ hasText: "Passkey removed." })).toBeVisible();
  expect(await db.selectFrom("passkeys").select("id").execute()).toEqual([]);
});

test("a passkey the site does not know signs no one in", async ({ page }) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  // A real key pair for this site, never registered here: the browser signs, the server refuses.
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  await cdp.send("WebAuthn.addCredential", {
    authenticatorId,
    credential: {
      credentialId: randomBytes(16).toString("base64"),
      isResidentCredential: true,
      rpId: "localhost",
      privateKey: privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"),
      userHandle: Buffer.from("stranger").toString("base64"),
      signCount: 0,
    },
  });
  await page.goto(`${origin}/admin`);
  const answer = page.waitForResponse(
    (response) => response.url().endsWith("/admin/auth/passkey") && response.status() === 401,
  );
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await answer;
  await expect(page.getByRole("alert").filter({ hasText: "That passkey could not sign you in" })).toBeVisible();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("roadbook_session");
});
