import type { Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { createOrPromoteAdmin } from "~/server/team/users.server";
import { expect, expectNoA11yViolations } from "./support/fixtures.ts";
import { signInAs } from "./support/admin-fixtures.ts";
import { testOnOwnServer } from "./support/own-server.ts";

// Two-factor sign-in (decision 026) on a server of its own (requiring two factors
// is a setting of the whole site): an admin enrols an authenticator app (the test computes
// its codes with otpauth, as the app would), signs in with password and code, then with a
// recovery code; an owner requires two factors and an admin without one is sent to set one up.
// Changing a factor needs a fresh proof: a session put straight into the browser confirms with
// the password first, while one that just signed in may change at once.

const test = testOnOwnServer({});
test.describe.configure({ mode: "default" });
test.use({ allowedConsoleErrors: [/the server responded with a status of (400|401|403)/] });

const PASSWORD = "two-factor-password";
const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@roadbook.test`;
const appCode = (secret: string, timestamp = Date.now()) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp });
/** The app's next code: each code is accepted once, and the current one confirmed the enrolment. */
const nextCode = (secret: string) => appCode(secret, Date.now() + 30_000);

async function signInWithPassword(page: Page, email: string) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
}

const portal = (page: Page) =>
  page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Dashboard" });

test("an admin enrols an authenticator app, then signs in with password and code, and with a recovery code", async ({
  page,
  ownServer,
  baseURL,
}) => {
  const email = unique("totp");
  const { user } = await createOrPromoteAdmin(ownServer.db, { email, password: PASSWORD });
  await signInAs(page, ownServer.db, user.id, baseURL ?? "");

  // A session alone changes nothing (decision 026, note of 2026-11-26): the admin confirms it's
  // them first.
  await page.goto("/admin/account");
  await expect(page.getByRole("button", { name: "Set up an authenticator app" })).toBeDisabled();
  await page.getByLabel("Your password").fill("not my password");
  await page.getByRole("button", { name: "Confirm with password" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That password is not right." })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Confirm with password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Confirmed" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeHidden();

  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("Code from the app").fill("000000" === appCode(secret) ? "111111" : "000000");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That code does not match" })).toBeVisible();
  // The enrolment is still under way: start again and confirm with the right code.
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const fresh = (await page.getByTestId("totp-secret").textContent()) ?? "";
  await page.getByLabel("Code from the app").fill(appCode(fresh));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Authenticator app added" })).toBeVisible();
  const codes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  await expect(page.getByText("On: each sign-in asks for the app's six-digit code.")).toBeVisible();
  await expectNoA11yViolations(page);

  // Password, then the app's code.
  await signOut(page);
  await signInWithPassword(page, email);
  const code = page.getByLabel("Code from your authenticator app");
  await expect(code).toBeVisible();
  await expectNoA11yViolations(page);
  await code.fill(nextCode(fresh) === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText("That code is not right. Please try again.");
  await code.fill(nextCode(fresh));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(portal(page)).toBeVisible();

  // Password, then a recovery code; the same code does not work twice.
  for (const expected of ["portal", "refused"] as const) {
    await signOut(page);
    await signInWithPassword(page, email);
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(codes[0] ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    if (expected === "portal") await expect(portal(page)).toBeVisible();
    else {
      await expect(page.getByRole("alert")).toHaveText("That code is not right. Please try again.");
      await page.getByRole("button", { name: "Start over" }).click();
      await expect(page.getByLabel("Password")).toBeVisible();
    }
  }
});

test("an owner requires two factors: an admin without one is sent to set one up before anything else", async ({
  page,
  ownServer,
  baseURL,
}) => {
  const { user: owner } = await createOrPromoteAdmin(ownServer.db, { email: unique("owner"), password: PASSWORD });
  const { user: editor } = await createOrPromoteAdmin(ownServer.db, { email: unique("editor"), password: PASSWORD });
  await ownServer.db.updateTable("users").set({ role: "editor" }).where("id", "=", editor.id).execute();
  await signInAs(page, ownServer.db, owner.id, baseURL ?? "");
  await page.goto("/admin/team");
  await page.getByRole("button", { name: "Require two-factor for everyone" }).click();
  await expect(page.getByRole("status").filter({ hasText: "now required for everyone" })).toBeVisible();

  await page.context().clearCookies();
  await signInWithPassword(page, editor.email);
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByRole("alert").filter({ hasText: "An owner requires two-factor sign-in" })).toBeVisible();
  await page.goto("/admin/rides");
  await expect(page).toHaveURL(/\/admin\/account$/);

  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
  await page.getByLabel("Code from the app").fill(appCode(secret));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Authenticator app added" })).toBeVisible();
  await page.goto("/admin/rides");
  await expect(page.getByRole("heading", { level: 1, name: "Ride Management" })).toBeVisible();
});
