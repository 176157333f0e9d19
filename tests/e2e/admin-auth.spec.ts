import type { Server } from "node:http";
import type { Page } from "@playwright/test";
import { LOGIN_MESSAGES } from "~/domain/messages";
import { hashPassword } from "~/server/auth/password.server";
import { sessionIdOf } from "~/server/auth/session-core.server";
import { INVALID_CREDENTIALS } from "~/server/auth/sign-in.server";
import { tooManyAttemptsMessage } from "~/server/auth/throttle.server";
import { createInvite } from "~/server/team/team.server";
import type { Database } from "~/server/db/schema.server";
import { ADMIN_FLAG_KEY } from "~/components/admin/admin-flag";
import { ADMIN_NAV } from "~/components/admin/admin-nav";
import { LOADING_ADMIN_PORTAL } from "~/components/admin/portal-loading";
import { expect, signInAs, test } from "./support/admin-fixtures.ts";
import { expectNoA11yViolations } from "./support/fixtures.ts";
import { insertUser } from "../support/fixtures.ts";
import { startOidcProvider } from "./support/oidc-provider.ts";

// The admin shell (product.md#admin-shell), sign-in, session and roles (#admin-access), login
// messages (#messages) — driven through the login form and a real local OpenID provider
// standing in for Google.
//
// The tests share one client address (127.0.0.1), and the sign-in throttle counts failures per
// address: they run one after another, each starting with no recorded attempts.
test.describe.configure({ mode: "default" });

// The browser reports every 4xx answer in its console: here they are the point of the tests
// (401 for the login screen, 400/401/403/429 for refused sign-ins).
test.use({ allowedConsoleErrors: [/the server responded with a status of (400|401|403|429)/] });

const SESSION_COOKIE = "roadbook_session";

test.beforeEach(async ({ e2eDb }) => {
  await e2eDb.deleteFrom("login_attempts").execute();
});

async function createUser(db: Database, email: string, role: string, password: string): Promise<string> {
  const id = crypto.randomUUID();
  await insertUser(db, { id, email, role, passwordHash: await hashPassword(password) });
  return id;
}

function uniqueEmail(name: string): string {
  return `${name}-${crypto.randomUUID().slice(0, 8)}@roadbook.test`;
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

function adminFlag(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), ADMIN_FLAG_KEY);
}

async function sessionCookieOf(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
}

/** The provider's development login page: the login name is the Google account's email. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test.describe("admin login screen", () => {
  test("/admin without a session answers 401 with the login screen, offering Google, an 'or' and the form", async ({
    page,
  }) => {
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(401);
    await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
    await expect(page.getByRole("separator", { name: "or" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
    await expectNoA11yViolations(page);
  });

  test("the login screen shows no credentials of any kind", async ({ page, request }) => {
    await page.goto("/admin/rides");
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
    const text = await page.locator("body").innerText();
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.\w+/);
    expect(text).not.toMatch(/demo|credential|password\s*:|admin123/i);
    await expect(page.getByLabel("Email")).toHaveValue("");
    await expect(page.getByLabel("Password")).toHaveValue("");
    const html = await (await request.get("/admin")).text();
    expect(html).not.toMatch(/<input[^>]*\svalue="[^"]+"/);
  });

  test("the login screen is usable on a phone @mobile", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("/admin/login and unknown admin paths redirect to /admin", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto("/admin/no/such/page");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  });
});

// Each refusal's answer (a non-admin, an unverified Google email, ...) is proven against the
// service in app/server/auth/sign-in.test.ts; here the page shows one of each path's refusals.
test.describe("password sign-in", () => {
  test("an admin signs in: the portal opens, an HttpOnly session cookie and the browser flag are set, lastLoginAt stored", async ({
    page,
    e2eDb,
    adminAccount,
  }) => {
    await page.goto("/admin");
    await fillLogin(page, adminAccount.email, adminAccount.password);
    const sidebar = page.getByRole("navigation", { name: "Admin sections" });
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).toBeVisible();

    expect(await sessionCookieOf(page)).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", secure: false });
    await expect.poll(() => adminFlag(page)).toBe("true");
    const user = await e2eDb
      .selectFrom("users")
      .select("last_login_at")
      .where("id", "=", adminAccount.id)
      .executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(user.last_login_at ?? "")).toBeLessThan(60_000);
  });

  test("signing in replaces the session the browser already held (rotation)", async ({
    page,
    e2eDb,
    adminAccount,
    baseURL,
  }) => {
    await signInAs(page, e2eDb, adminAccount.id, baseURL ?? "");
    const before = await sessionCookieOf(page);
    const response = await page.request.post("/admin/login", {
      form: { email: adminAccount.email, password: adminAccount.password },
      headers: { Origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    const after = await sessionCookieOf(page);
    expect(after?.value).toBeTruthy();
    expect(after?.value).not.toBe(before?.value);
    const ids = (await e2eDb.selectFrom("sessions").select("id").where("user_id", "=", adminAccount.id).execute()).map(
      (row) => row.id,
    );
    expect(ids).toContain(sessionIdOf(after?.value ?? ""));
    expect(ids).not.toContain(sessionIdOf(before?.value ?? ""));
  });

  test("'Loading Admin Portal...' shows while the portal loads after sign-in", async ({ page, adminAccount }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.goto("/admin");
    await page.route(/\/admin\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await fillLogin(page, adminAccount.email, adminAccount.password);
    await expect(page.getByRole("status")).toHaveText(LOADING_ADMIN_PORTAL);
    release();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page.getByText(LOADING_ADMIN_PORTAL)).toHaveCount(0);
  });

  test("a wrong password and an unknown email get the same message and no session", async ({ page, adminAccount }) => {
    await page.goto("/admin");
    await fillLogin(page, adminAccount.email, "not-the-password");
    await expect(page.getByRole("alert")).toHaveText(INVALID_CREDENTIALS);
    await fillLogin(page, uniqueEmail("nobody"), "not-the-password");
    await expect(page.getByRole("alert")).toHaveText(INVALID_CREDENTIALS);
    expect(await sessionCookieOf(page)).toBeUndefined();
  });

  test("email and password are both required, on the server too", async ({ page, request, baseURL }) => {
    const response = await request.post("/admin/login", {
      form: { email: "", password: "" },
      headers: { Origin: baseURL ?? "" },
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Email is required");
    expect(html).toContain("Password is required");
    expect(response.headers()["set-cookie"]).toBeUndefined();

    await page.goto("/admin");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByLabel("Email")).toBeFocused();
  });

  test("after five failed attempts for an account the next one waits a minute: 429 and a clear message", async ({
    page,
    e2eDb,
    baseURL,
  }) => {
    const email = uniqueEmail("target");
    await createUser(e2eDb, email, "owner", "the-right-password");
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await page.request.post("/admin/login", {
        form: { email, password: `guess-${attempt}` },
        headers: { Origin: baseURL ?? "" },
      });
      expect(response.status()).toBe(401);
    }
    await page.goto("/admin");
    const answer = page.waitForResponse(
      (response) => response.url().includes("/admin/login") && response.request().method() === "POST",
    );
    // Even the right password waits for the delay to pass.
    await fillLogin(page, email, "the-right-password");
    const refused = await answer;
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(30);
    await expect(page.getByRole("alert")).toHaveText(tooManyAttemptsMessage(60));
    expect(await sessionCookieOf(page)).toBeUndefined();
  });
});

test.describe("Google sign-in (local OpenID provider)", () => {
  let provider: Server | undefined;

  test.beforeAll(async ({ baseURL }) => {
    provider = await startOidcProvider(baseURL ?? "");
  });

  test.afterAll(async () => {
    await new Promise((resolve) => provider?.close(resolve));
  });

  test.beforeEach(async ({ page }) => {
    // The provider's development login page asks Google Fonts for its typeface.
    await page.route("https://fonts.googleapis.com/**", (route) =>
      route.fulfill({ contentType: "text/css", body: "" }),
    );
  });

  test("an admin whose verified Google email matches signs in, and the Google account is linked", async ({
    page,
    e2eDb,
  }) => {
    const email = uniqueEmail("google-admin");
    const id = await createUser(e2eDb, email, "owner", "unused-password-1");
    await page.goto("/admin");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await signInAtProvider(page, email);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    const user = await e2eDb
      .selectFrom("users")
      .select(["google_subject", "last_login_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    // The provider names the account by the login typed there: that is its subject.
    expect(user.google_subject).toBe(email);
    expect(user.last_login_at).not.toBeNull();
  });

  test("an invitee joins with Google: the invitation link, then the Google account of the invited address (decision 026)", async ({
    page,
    e2eDb,
    adminAccount,
  }) => {
    const email = uniqueEmail("google-invitee");
    const { token } = await createInvite(e2eDb, { email, role: "captain" }, adminAccount.id);
    await page.goto(`/admin/invite/${token}`);
    await page.getByRole("button", { name: "Join with my Google account instead" }).click();
    await signInAtProvider(page, email);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    const user = await e2eDb
      .selectFrom("users")
      .select(["role", "google_subject", "password_hash"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ role: "captain", google_subject: email, password_hash: null });
  });

  test("an unknown Google account is denied with the product's message and no session", async ({ page }) => {
    await page.goto("/admin");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await signInAtProvider(page, uniqueEmail("stranger"));
    await expect(page.getByRole("alert")).toHaveText(LOGIN_MESSAGES.accessDenied);
    expect(await sessionCookieOf(page)).toBeUndefined();
  });

  test("a callback without a sign-in started in this browser fails with the product's Google message", async ({
    page,
  }) => {
    await page.goto("/admin/auth/google/callback?code=forged&state=forged");
    await expect(page).toHaveURL(/\/admin\?login=google-failed$/);
    await expect(page.getByRole("alert")).toHaveText(LOGIN_MESSAGES.googleFailed);
  });
});

test.describe("admin shell", () => {
  test("the sidebar links go to each section and mark the current one; View Site opens the site in a new tab", async ({
    adminPage,
  }) => {
    await adminPage.goto("/admin");
    const sidebar = adminPage.getByRole("navigation", { name: "Admin sections" });
    for (const { to, label } of ADMIN_NAV) {
      await sidebar.getByRole("link", { name: label }).click();
      await expect(adminPage).toHaveURL(new RegExp(`${to}$`));
      await expect(sidebar.getByRole("link", { name: label })).toHaveAttribute("aria-current", "page");
      await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1);
    }
    // The shell's own parts; each section's content is its page's spec's business.
    await expectNoA11yViolations(adminPage, { include: ["header", "nav[aria-label='Admin sections']"] });
    const viewSite = adminPage.getByRole("link", { name: /View Site/ });
    await expect(viewSite).toHaveAttribute("href", "/");
    await expect(viewSite).toHaveAttribute("target", "_blank");
    const [site] = await Promise.all([adminPage.context().waitForEvent("page"), viewSite.click()]);
    await expect(site).toHaveURL(/\/$/);
    await site.close();
  });

  test("Logout ends the session on the server, clears the flag and returns to the login screen", async ({
    adminPage,
  }) => {
    await adminPage.goto("/admin");
    const cookie = await sessionCookieOf(adminPage);
    await expect.poll(() => adminFlag(adminPage)).toBe("true");
    await adminPage.getByRole("button", { name: "Logout" }).click();
    await expect(adminPage.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
    await expect(adminPage).toHaveURL(/\/admin$/);
    await expect.poll(() => adminFlag(adminPage)).toBeNull();
    expect(await sessionCookieOf(adminPage)).toBeUndefined();
    // The old token no longer opens anything, wherever it is replayed from.
    const replay = await adminPage.request.get("/admin", { headers: { Cookie: `${SESSION_COOKIE}=${cookie?.value}` } });
    expect(replay.status()).toBe(401);
  });
});

test.describe("admin shell on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("on a phone the sidebar folds behind a menu button", async ({ adminPage }) => {
    await adminPage.goto("/admin");
    await expect(adminPage.getByRole("navigation", { name: "Admin sections" })).toBeHidden();
    await adminPage.getByRole("button", { name: "Open admin menu" }).click();
    const drawer = adminPage.getByRole("dialog", { name: "Admin menu" });
    await expect(drawer).toBeVisible();
    await drawer.getByRole("link", { name: "Ride Management" }).click();
    await expect(adminPage).toHaveURL(/\/admin\/rides$/);
    await expect(drawer).toBeHidden();
    await adminPage.getByRole("button", { name: "Open admin menu" }).click();
    await adminPage.keyboard.press("Escape");
    await expect(adminPage.getByRole("dialog")).toBeHidden();
  });
});
