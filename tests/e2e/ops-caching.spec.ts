import { createRide } from "~/server/rides/rides.server";
import { rideInput } from "../support/fixtures.ts";
import { createAdmin, openSqlite, sessionCookieFor } from "./support/ops-admin.ts";
import { type Instance, startInstance, stopAllInstances } from "./support/ops-support.ts";
import { expect, test } from "./support/fixtures.ts";

// HTTP caching of public pages, on an instance of its own so that content
// changes made through it reach its render cache.

const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

test.describe.configure({ mode: "default" });

let instance: Instance;
let cookie: string;

test.beforeAll(async () => {
  instance = await startInstance({});
  const db = openSqlite(instance.dataDir);
  cookie = await sessionCookieFor(db, (await createAdmin(db)).userId);
  await db.destroy();
});

test.afterAll(async () => {
  await stopAllInstances({}, test.info());
});

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${instance.url}${url}`, { headers: { "Accept-Encoding": "identity", ...headers } });

function noncesIn(html: string): Set<string> {
  return new Set([...html.matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1]!));
}

test("public pages: shared-cache headers, a strong ETag stable across responses, each with its own nonce and request id", async () => {
  const first = await get("/");
  const second = await get("/");
  for (const response of [first, second]) {
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(PUBLIC);
    expect(response.headers.get("etag")).toMatch(/^"[\w-]{20,}"$/);
  }
  expect(second.headers.get("etag")).toBe(first.headers.get("etag"));

  const [firstHtml, secondHtml] = [await first.text(), await second.text()];
  for (const [response, html] of [
    [first, firstHtml],
    [second, secondHtml],
  ] as const) {
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect([...noncesIn(html)]).toEqual([nonce]);
    expect(html).toContain(`<meta name="request-id" content="${response.headers.get("x-request-id")}"/>`);
  }
  expect(noncesIn(firstHtml)).not.toEqual(noncesIn(secondHtml));
});

test("a browser that has the page gets 304 Not Modified, without a CSP that would not match the page it kept", async () => {
  const etag = (await get("/previous")).headers.get("etag")!;
  const revalidated = await get("/previous", { "If-None-Match": etag });
  expect(revalidated.status).toBe(304);
  expect(revalidated.headers.get("etag")).toBe(etag);
  expect(revalidated.headers.get("content-security-policy")).toBeNull();
  expect(await revalidated.text()).toBe("");
});

test("pages are compressed with brotli or gzip, the encoding named in the ETag", async () => {
  const plain = await get("/about");
  const tag = plain.headers.get("etag")!.slice(0, -1);
  const brotli = await get("/about", { "Accept-Encoding": "gzip, deflate, br" });
  expect(brotli.headers.get("content-encoding")).toBe("br");
  expect(brotli.headers.get("etag")).toBe(`${tag}-br"`);
  expect(brotli.headers.get("vary")).toMatch(/Accept-Encoding/i);
  const gzip = await get("/about", { "Accept-Encoding": "gzip" });
  expect(gzip.headers.get("content-encoding")).toBe("gzip");
  expect(Number(gzip.headers.get("content-length"))).toBeLessThan(Number(plain.headers.get("content-length")) / 3);
});

test("React Router's data requests for public pages are cached the same way", async () => {
  const rideLink = /href="(\/ride\/[^"]+)"/.exec(await (await get("/")).text())?.[1];
  expect(rideLink).toBeDefined();
  const first = await get(`${rideLink}.data`);
  const second = await get(`${rideLink}.data`);
  expect(first.status).toBe(200);
  expect(first.headers.get("cache-control")).toBe(PUBLIC);
  expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
  expect(await second.text()).toBe(await first.text());
});

test("never shared: the admin portal, requests with a session, error pages", async () => {
  const portal = await get("/admin", { cookie });
  expect(portal.status).toBe(200);
  expect(portal.headers.get("cache-control")).toBe("private, no-store");
  expect(portal.headers.get("etag")).toBeNull();
  const signedIn = await get("/", { cookie });
  expect(signedIn.headers.get("cache-control")).not.toBe(PUBLIC);
  expect(signedIn.headers.get("etag")).toBeNull();
  const missing = await get("/ride/no-such-ride");
  expect(missing.status).toBe(404);
  expect(missing.headers.get("cache-control")).not.toBe(PUBLIC);
  expect(missing.headers.get("etag")).toBeNull();
});

test("built assets are cached for a year, immutable, and compressed", async () => {
  // The script the page's islands script loads (decision 017).
  const script = /data-islands-runtime="(\/assets\/[^"]+\.js)"/.exec(await (await get("/")).text())?.[1];
  expect(script).toBeDefined();
  const asset = await get(script!);
  expect(asset.status).toBe(200);
  expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect((await get(script!, { "Accept-Encoding": "br, gzip" })).headers.get("content-encoding")).toBe("br");
  expect((await get(script!, { "Accept-Encoding": "gzip" })).headers.get("content-encoding")).toBe("gzip");
});

test("a content change through the admin is on the next view of the page, with a new ETag", async () => {
  const before = await get("/");
  const title = `Cache invalidation ride ${Date.now()}`;
  const saved = await fetch(`${instance.url}/admin/rides`, {
    method: "POST",
    headers: { cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ intent: "create", ride: rideInput({ title }) }),
  });
  expect(saved.status).toBe(200);
  const after = await get("/");
  expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
  expect(await after.text()).toContain(title);
  expect((await get("/", { "If-None-Match": before.headers.get("etag")! })).status).toBe(200);
});

test("a change written to the SQLite file by another process (a CLI, say) is on the next view too", async () => {
  await get("/");
  const title = `Written elsewhere ${Date.now()}`;
  const db = openSqlite(instance.dataDir);
  try {
    await createRide(db, rideInput({ title }));
  } finally {
    await db.destroy();
  }
  expect(await (await get("/")).text()).toContain(title);
});

test("a page served from the cache runs in the browser: its scripts carry this response's nonce", async ({ page }) => {
  await page.goto(`${instance.url}/`);
  await page.goto(`${instance.url}/`);
  // Hydrated: a client-side navigation to a ride works (a cached .data request), with no CSP error.
  const firstRide = page
    .getByRole("main")
    .getByRole("link", { name: /view details/i })
    .first();
  await firstRide.click();
  await expect(page).toHaveURL(/\/ride\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
