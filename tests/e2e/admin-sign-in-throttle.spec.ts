import { tooManyAttemptsMessage } from "~/server/auth/throttle.server";
import { createOrPromoteAdmin } from "~/server/team/users.server";
import { testOnOwnServer } from "./support/own-server.ts";
import { expect } from "./support/fixtures.ts";

// Sign-in throttling (decision 026) on a server of its own that trusts the loopback
// proxy, so the test speaks from a network of its own (X-Forwarded-For): a mobile carrier's
// NAT address shared by many people, one account guessed at. The rules themselves (a sprayer
// stopped by its network's failures, not others) are app/server/auth/throttle.test.ts's.

const test = testOnOwnServer({ env: { TRUST_PROXY: "loopback" } });
test.use({ allowedConsoleErrors: [/the server responded with a status of (401|429)/] });

const unique = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@roadbook.test`;

test("a guessed-at account waits, while a colleague behind the same address signs in", async ({
  page,
  ownServer,
  baseURL,
}) => {
  const network = "100.64.7.9";
  const target = unique("target");
  const colleague = unique("colleague");
  await createOrPromoteAdmin(ownServer.db, { email: target, password: "the-right-password" });
  await createOrPromoteAdmin(ownServer.db, { email: colleague, password: "colleague-password" });
  const post = (email: string, password: string) =>
    page.request.post("/admin/login", {
      form: { email, password },
      headers: { Origin: baseURL ?? "", "X-Forwarded-For": network },
      maxRedirects: 0,
    });

  for (let attempt = 0; attempt < 5; attempt++) expect((await post(target, `guess-${attempt}`)).status()).toBe(401);
  const refused = await post(target, "the-right-password");
  expect(refused.status()).toBe(429);
  expect(await refused.text()).toContain(tooManyAttemptsMessage(60));

  // The colleague, same address, through the form.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": network });
  await page.goto("/admin");
  await page.getByLabel("Email").fill(colleague);
  await page.getByLabel("Password").fill("colleague-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(
    page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Dashboard" }),
  ).toBeVisible();
});
