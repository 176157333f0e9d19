import { CONFIG_MESSAGES } from "~/domain/messages";
import { listRecentActivity } from "~/server/audit/audit.server";
import { postAction, testOnOwnAdminServer } from "./support/admin-helpers.ts";
import { expect } from "./support/fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";

// Contact and company details: management, rules, messages (product.md#admin-contact). The details
// are in every public page's footer: on a server of its own.

const test = testOnOwnAdminServer({ seedDemo: true });
test.describe.configure({ mode: "serial" });

test("saves the contact information; the contact page and footer show it", async ({
  adminPage: page,
  ownServer,
  ownAdmin,
}) => {
  await page.goto("/admin/contact");
  await waitForHydration(page);
  await expect(page.getByLabel("Email (optional)", { exact: true })).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Phone")).toHaveAttribute("type", "tel");

  await page.getByLabel("Company name").fill("Deccan Riders Club");
  await page.getByLabel("Email (optional)", { exact: true }).fill("ride@deccanriders.in");
  await page.getByLabel("Phone").fill("+91 90000 12345");
  await page.getByLabel("Location").fill("Hyderabad, Telangana");
  await page.getByLabel("Business hours").fill("Tue-Sun 10 AM-7 PM");
  await page.getByLabel("Instagram link").fill("https://www.instagram.com/deccanriders");
  await page.getByRole("button", { name: "Save Contact Information" }).click();
  await expect(page.getByText(CONFIG_MESSAGES.updated)).toBeVisible();
  expect((await listRecentActivity(ownServer.db))[0]).toMatchObject({
    actorEmail: ownAdmin.email,
    summary: "Updated the contact information",
  });

  await page.goto("/contact");
  const main = page.getByRole("main");
  await expect(main).toContainText("ride@deccanriders.in");
  await expect(main).toContainText("+91 90000 12345");
  await expect(main).toContainText("Hyderabad, Telangana");
  await expect(main).toContainText("Tue-Sun 10 AM-7 PM");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("Deccan Riders Club");
  await expect(footer.getByRole("link", { name: /Instagram/ })).toHaveAttribute(
    "href",
    "https://www.instagram.com/deccanriders",
  );
});

test("a bad email and bad social links are refused, in the form and by the action", async ({
  adminPage: page,
  ownServer,
}) => {
  await page.goto("/admin/contact");
  await waitForHydration(page);
  await page.getByLabel("Email (optional)", { exact: true }).fill("not-an-email");
  await page.getByLabel("YouTube link").fill("youtube");
  await page.getByRole("button", { name: "Save Contact Information" }).click();
  await expect(page.getByLabel("Email (optional)", { exact: true })).toBeFocused();
  await expect(page.getByLabel("Email (optional)", { exact: true })).toHaveAccessibleDescription(
    "Please enter a valid email address",
  );
  await expect(page.getByLabel("YouTube link")).toHaveAccessibleDescription("YouTube link must be a valid URL");

  const before = await ownServer.db.selectFrom("documents").selectAll().where("collection", "=", "config").execute();
  const response = await postAction(page, "/admin/contact", {
    config: { company: { email: "nope" }, socialMedia: { whatsapp: "javascript:alert(1)" }, googleForm: "" },
  });
  expect(response.status()).toBe(400);
  const text = await response.text();
  expect(text).toContain(CONFIG_MESSAGES.updateFailed);
  expect(text).toContain("WhatsApp link must be a valid URL");
  expect(await ownServer.db.selectFrom("documents").selectAll().where("collection", "=", "config").execute()).toEqual(
    before,
  );
});

test.describe("without a connection", () => {
  test.use({ allowedConsoleErrors: ["net::ERR_INTERNET_DISCONNECTED"] });

  test("a save that cannot reach the server keeps the form as typed and says so", async ({ adminPage: page }) => {
    await page.goto("/admin/contact");
    await waitForHydration(page);
    await page.getByLabel("Location").fill("Somewhere without signal");
    await page.route("**/admin/contact.data*", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Save Contact Information" }).click();
    await expect(page.getByText(CONFIG_MESSAGES.updateError)).toBeVisible();
    await expect(page.getByLabel("Location")).toHaveValue("Somewhere without signal");
  });
});
