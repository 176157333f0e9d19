import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.ts";
import { waitForHydration } from "./support/hydration.ts";

// Decision 017: the public pages are server-rendered content pages; only their islands are
// hydrated, by the islands script. Read-only, on the shared server with the demo content.

const PUBLIC_PAGES = ["/", "/upcoming", "/previous", "/about", "/contact"];

/** A public page's links to other public pages of this site (no portal, files or images). */
async function publicLinks(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator("a[href^='/']")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  return hrefs.map((href) => href.split("#")[0]!).filter((href) => href && !/^\/(admin|images)\b|\.\w+$/.test(href));
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every public page reads, and its links lead to pages that read", async ({ page }) => {
    const seen = new Set<string>();
    const queue = [...PUBLIC_PAGES];
    while (queue.length > 0) {
      const href = queue.shift()!;
      if (seen.has(href)) continue;
      seen.add(href);
      const response = await page.goto(href);
      expect(response?.status(), href).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }).first(), href).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" }), href).toBeVisible();
      queue.push(...(await publicLinks(page)));
    }
    // The pages of the demo's rides were reached from the cards, not only the menu.
    expect([...seen].filter((href) => href.startsWith("/ride/")).length).toBeGreaterThan(3);
  });

  test("a ride page's tabs are links to its sections", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "View Details" }).first().click();
    const tabs = page.getByRole("navigation", { name: "Ride sections" });
    await tabs.getByRole("link", { name: "Itinerary" }).click();
    await expect(page).toHaveURL(/#itinerary$/);
  });
});

test.describe("islands", () => {
  test("nothing hydrates at load, and on '/' nor '/previous' is the islands runtime fetched; the service worker is registered", async ({
    page,
  }) => {
    for (const href of ["/", "/previous"]) {
      const scripts: string[] = [];
      const record = (request: { url(): string; resourceType(): string }) => {
        const { pathname } = new URL(request.url());
        if (request.resourceType() === "script" && pathname.startsWith("/assets/")) scripts.push(pathname);
      };
      page.on("request", record);
      await page.goto(href);
      // Loaded, painted and the service worker registered: what the page does without a visitor's touch.
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) !== undefined), href)
        .toBe(true);
      await page.waitForLoadState("networkidle");
      page.off("request", record);
      expect(scripts, href).toEqual([]);
      await expect(page.locator("rb-island[data-hydrated]"), href).toHaveCount(0);
    }
  });

  test("each island of each public page hydrates when reached for, scrolled to, or the page is scrolled", async ({
    page,
  }) => {
    // (The 'Ride not found!' island, which alerts and leaves, has ride-not-found.spec.ts.)
    const rideHref = await page
      .goto("/")
      .then(() => page.getByRole("link", { name: "View Details" }).first().getAttribute("href"));
    for (const href of [...PUBLIC_PAGES, rideHref!]) {
      await page.goto(href);
      await page.waitForLoadState("load");
      const islands = await page.locator("rb-island[data-island]").all();
      expect(islands.length, href).toBeGreaterThan(0);
      for (const island of islands) {
        const name = `${href}: ${await island.getAttribute("data-island")}`;
        const when = await island.getAttribute("data-hydrate");
        if (when === "load") {
          await expect(island, name).toHaveAttribute("data-hydrated");
          continue;
        }
        if (await island.getAttribute("data-hydrated")) continue; // woken with one before it
        if (when === "visible") {
          await island.evaluate((element) => (element.firstElementChild ?? element).scrollIntoView());
        } else if (when === "scroll") {
          await page.mouse.wheel(0, 300);
        } else {
          expect(when, name).toBe("interaction");
          // Pointed at, as a visitor's pointer would (its first control on the screen).
          await island.locator("*:visible").first().hover();
        }
        await expect(island, name).toHaveAttribute("data-hydrated");
      }
    }
  });

  test("an island reached with the keyboard hydrates, and its link hands the focus to its button", async ({ page }) => {
    await page.goto("/contact");
    await page.waitForLoadState("load");
    const island = page.locator('rb-island[data-island="community-form"]');
    await expect(island).not.toHaveAttribute("data-hydrated");
    await page.getByRole("link", { name: "Join Our Community" }).focus();
    await expect(island).toHaveAttribute("data-hydrated");
    await expect(page.getByRole("button", { name: "Join Our Community" })).toBeFocused();
  });

  test("the islands respond: menu, carousel, tabs, share", async ({ page, context }) => {
    // (The carousel is no island since decision 057; its script is written into the page.)
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await waitForHydration(page);
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About Us" })).toBeVisible();

    await page.getByRole("button", { name: "Next slide" }).click();
    await expect(page.locator("[data-testid='hero-slide'][data-active='true']")).toHaveAttribute(
      "aria-label",
      /^2 of /,
    );

    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("link", { name: "View Details" }).first().click();
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Ride sections" }).getByRole("link", { name: "Itinerary" }).click();
    await expect(
      page.getByRole("navigation", { name: "Ride sections" }).getByRole("link", { name: "Itinerary" }),
    ).toHaveAttribute("aria-current", "true");
    await page.getByRole("button", { name: "Share This Ride" }).click();
    await expect(page.getByText("Link Copied!")).toBeVisible();
  });
});

/** The client build's manifest: which source files each script holds, and what it imports. */
type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
const manifest = () =>
  JSON.parse(
    readFileSync(path.resolve(process.env.BUILD_DIR ?? "build", "client/.vite/manifest.json"), "utf8"),
  ) as Record<string, Chunk>;

function filesOf(chunks: Record<string, Chunk>, keys: string[], dynamic: boolean): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = chunks[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const next of [...(chunk.imports ?? []), ...(dynamic ? (chunk.dynamicImports ?? []) : [])]) visit(next);
  };
  keys.forEach(visit);
  return files;
}

test("no public page loads an admin module or React Router's client", async ({ page }) => {
  const chunks = manifest();
  const keys = Object.keys(chunks);
  // The islands script itself is written into the page; what it loads is the islands runtime.
  const islandsScript = keys.filter((key) => key.endsWith("app/islands/islands-runtime.tsx"));
  const routerClient = keys.filter((key) => chunks[key]!.isEntry && /entry\.client/.test(key));
  const admin = keys.filter((key) => key.includes("app/routes/admin/"));
  expect(islandsScript).toHaveLength(1);
  expect(routerClient).toHaveLength(1);
  expect(admin.length).toBeGreaterThan(5);
  // The route modules of the portal, React Router's client entry and what that imports beyond
  // the islands script's own imports (React itself is shared by design).
  const shared = filesOf(chunks, islandsScript, false);
  const forbidden = new Set([
    ...admin.map((key) => `/${chunks[key]!.file}`),
    ...[...filesOf(chunks, routerClient, false)].filter((file) => !shared.has(file)),
  ]);
  const allowed = filesOf(chunks, islandsScript, true);

  const rideHref = await page
    .goto("/")
    .then(() => page.getByRole("link", { name: "View Details" }).first().getAttribute("href"));
  for (const href of [...PUBLIC_PAGES, rideHref!]) {
    const scripts: string[] = [];
    const record = (response: { url(): string; request(): { resourceType(): string } }) => {
      if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
    };
    page.on("response", record);
    await page.goto(href);
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
    page.off("response", record);
    expect(scripts.length, href).toBeGreaterThan(0);
    expect(
      scripts.filter((script) => forbidden.has(script)),
      href,
    ).toEqual([]);
    expect(
      scripts.filter((script) => !allowed.has(script)),
      href,
    ).toEqual([]);
  }
});
