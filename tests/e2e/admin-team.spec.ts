import type { Browser, Page } from "@playwright/test";
import { NOT_ALLOWED } from "~/server/auth/admin-access.server";
import type { Database } from "~/server/db/schema.server";
import { createInvite, acceptInvite } from "~/server/team/team.server";
import { expect, signInAs, test } from "./support/admin-fixtures.ts";
import { expectNoA11yViolations } from "./support/fixtures.ts";

// The team (decision 026): an owner invites by a one-time link, the invitee joins
// with a password in a browser of their own, the owner removes them and their session ends at
// once; each role is refused where it must be.

test.use({ allowedConsoleErrors: [/the server responded with a status of (403|404)/] });

const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@roadbook.test`;

/** A member of the team with `role`, added as an owner's invitation accepted would. */
async function teamMember(db: Database, role: string, inviter: string): Promise<string> {
  const { token } = await createInvite(db, { email: unique(role), role }, inviter);
  return (await acceptInvite(db, token, { method: "password", password: "member-password" })).userId;
}

async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "en-IN", timezoneId: "Asia/Kolkata" });
  return context.newPage();
}

test("an owner invites an editor by link and the editor joins with a password, once", async ({
  adminPage: page,
  browser,
  baseURL,
}) => {
  // Two people's whole journeys (an invitation, a password set and checked, four pages, an
  // accessibility scan): longer than one page's test.
  const email = unique("invitee");
  await page.goto("/admin/team");
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption("editor");
  await page.getByRole("button", { name: "Create invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation created for ${email}` })).toBeVisible();
  const link = await page.getByLabel("Invitation link (works once, for 72 hours)").inputValue();
  expect(link).toMatch(/\/admin\/invite\/[\w-]{43}$/);
  await expect(page.getByRole("link", { name: "Send on WhatsApp" })).toHaveAttribute(
    "href",
    `https://wa.me/?text=${encodeURIComponent(`Join the admin team: ${link}`)}`,
  );
  await expect(page.getByRole("list", { name: "Pending invitations" })).toContainText(email);
  await expectNoA11yViolations(page);

  // The invitee, signed out, in a browser of their own.
  const invitee = await freshPage(browser, baseURL);
  await invitee.goto(link);
  await expect(invitee.getByText(`You are invited as Editor, with the address ${email}.`)).toBeVisible();
  await invitee.getByLabel("Your name").fill("Meera Editor");
  await invitee.getByLabel("Choose a password").fill("short");
  await invitee.getByRole("button", { name: "Set password and join" }).click();
  await expect(invitee.getByRole("alert")).toContainText("at least 8 characters");
  await invitee.getByLabel("Choose a password").fill("meera-rides-2027");
  await invitee.getByRole("button", { name: "Set password and join" }).click();
  const sidebar = invitee.getByRole("navigation", { name: "Admin sections" });
  await expect(sidebar.getByRole("link", { name: "Ride Management" })).toBeVisible();
  // An editor has no Team page: no link, and the address refuses.
  await expect(sidebar.getByRole("link", { name: "Team" })).toHaveCount(0);
  const refused = await invitee.goto("/admin/team");
  expect(refused?.status()).toBe(403);
  await expect(invitee.getByText(NOT_ALLOWED)).toBeVisible();
  await invitee.context().close();

  // The link worked once.
  const again = await freshPage(browser, baseURL);
  expect((await again.goto(link))?.status()).toBe(404);
  await expect(again.getByRole("heading", { name: "Invitation not valid" })).toBeVisible();
  await again.context().close();

  // The owner sees the new editor, with a session; the dashboard names the invitation.
  await page.reload();
  const member = page.getByRole("listitem", { name: "Meera Editor" });
  await expect(member).toContainText("Active sessions: 1");
  await expect(member).toContainText(email);
  await page.goto("/admin");
  await expect(page.getByText(`Invited ${email} as Editor`)).toBeVisible();
});

test("removing an admin ends their session at once, and the dashboard names it", async ({
  adminPage: page,
  e2eDb,
  adminAccount,
  browser,
  baseURL,
}) => {
  // An editor who joined earlier (the invitation's pages have the test above), signed in elsewhere.
  const userId = await teamMember(e2eDb, "editor", adminAccount.id);
  const { email } = await e2eDb.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  const name = `Editor ${email}`;
  await e2eDb.updateTable("users").set({ display_name: name }).where("id", "=", userId).execute();
  const editor = await freshPage(browser, baseURL);
  await signInAs(editor, e2eDb, userId, baseURL ?? "");
  expect((await editor.goto("/admin/rides"))?.status()).toBe(200);

  await page.goto("/admin/team");
  const member = page.getByRole("listitem", { name });
  await expect(member).toContainText("Active sessions: 1");
  page.once("dialog", (dialog) => void dialog.accept());
  await member.getByRole("button", { name: `Remove ${name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Their sessions have ended" })).toBeVisible();
  await expect(page.getByRole("listitem", { name })).toHaveCount(0);

  // The removed editor's very next request shows the login screen.
  const after = await editor.goto("/admin/rides");
  expect(after?.status()).toBe(401);
  await expect(editor.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  await editor.context().close();

  await page.goto("/admin");
  await expect(page.getByText(`Removed ${email} from the team`)).toBeVisible();
});

test("each role is refused where it must be: a captain reads, checks in only the rides they lead, and writes no content", async ({
  page,
  e2eDb,
  adminAccount,
  baseURL,
}) => {
  const rides = await e2eDb.selectFrom("rides").select("id").limit(2).execute();
  const [led, other] = rides.map((ride) => ride.id) as [string, string];
  const captain = await teamMember(e2eDb, "captain", adminAccount.id);
  await e2eDb.insertInto("ride_captains").values({ ride_id: led, user_id: captain }).execute();
  await signInAs(page, e2eDb, captain, baseURL ?? "");

  // Reading the content is open to a captain...
  expect((await page.goto("/admin/rides"))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Ride Management" })).toBeVisible();
  // ...the riders of the ride they lead too, not of another ride, and not the team.
  expect((await page.goto(`/admin/rides/${led}/check-in`))?.status()).toBe(200);
  for (const path of [`/admin/rides/${other}/riders`, `/admin/rides/${other}/check-in`, "/admin/team"]) {
    expect((await page.goto(path))?.status(), path).toBe(403);
    await expect(page.getByText(NOT_ALLOWED)).toBeVisible();
  }
  // A content write is refused: the page says so and stays as it was.
  await page.goto("/admin/stats");
  await page.getByRole("button", { name: "Refresh Stats" }).click();
  await expect(page.getByRole("alert").filter({ hasText: NOT_ALLOWED })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // And one sent by hand from the captain's own browser.
  const write = await page.evaluate(async () => {
    const response = await fetch("/admin/stats", { method: "POST", body: new URLSearchParams({ intent: "refresh" }) });
    return response.status;
  });
  expect(write).toBe(403);

  // An editor writes content but not the contact configuration, nor the team.
  const editor = await teamMember(e2eDb, "editor", adminAccount.id);
  await page.context().clearCookies();
  await signInAs(page, e2eDb, editor, baseURL ?? "");
  await page.goto("/admin/contact");
  const statuses = await page.evaluate(async () => {
    const post = (url: string) =>
      fetch(url, { method: "POST", body: new URLSearchParams({ intent: "invite", email: "x@example.com" }) });
    return [(await post("/admin/contact")).status, (await post("/admin/team")).status];
  });
  expect(statuses).toEqual([403, 403]);
});
