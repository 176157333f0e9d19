import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import pino from "pino";
import { afterEach, describe, expect, test } from "vitest";
import { type Rendered, pageCaching } from "./page-caching";
import { PageCache } from "./page-store";
import { PUBLIC_PAGE_CACHE_CONTROL } from "./policy";
import type { DrawnToken } from "./tokens";

type Page = {
  status?: number;
  headers?: Record<string, string>;
  body?: (tokens: { nonce: string; requestId: string }) => string;
  failed?: boolean;
  unavailable?: boolean;
};

const html = ({ nonce, requestId }: { nonce: string; requestId: string }) =>
  `<!DOCTYPE html><meta name="request-id" content="${requestId}"><script nonce="${nonce}">1</script>${"<p>ride</p>".repeat(200)}<script nonce="${nonce}">2</script>`;

/** An Express app with the page cache in front of a fake renderer that counts its renders. */
async function harness(page: Page = {}, enabled = () => true, changedElsewhere = () => false) {
  const cache = new PageCache();
  const state = { renders: 0, sent: 0, page, delayMs: 0, nextNonce: 0, duringRender: () => {} };
  const app = express();
  app.use((_req, res, next) => {
    state.nextNonce += 1;
    res.locals.nonce = `nonce${state.nextNonce}AAAA==`;
    res.locals.requestId = `request-${state.nextNonce}`;
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.nonce}'`);
    next();
  });
  const tokens = (res: express.Response) => ({
    nonce: res.locals.nonce as string,
    requestId: res.locals.requestId as string,
  });
  const pages = pageCaching(cache, {
    render: async (_req, res) => {
      state.renders += 1;
      state.duringRender();
      await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      const current = state.page;
      const response = new Response((current.body ?? html)(tokens(res)), {
        status: current.status ?? 200,
        headers: { "Content-Type": "text/html; charset=utf-8", ...current.headers },
      });
      return { response, failures: { failed: current.failed ?? false, unavailable: current.unavailable ?? false } };
    },
    send: async (_req, res, { response }: Rendered) => {
      state.sent += 1;
      res.status(response.status);
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.end(Buffer.from(await response.arrayBuffer()));
    },
    tokensOf: (res) => [tokens(res).nonce, tokens(res).requestId] as DrawnToken[],
    enabled,
    changedElsewhere,
    logger: pino({ level: "silent" }),
  });
  app.use(pages.hits);
  app.use((req, res, next) => void pages.renders(req, res, next));
  app.use((_req, res) => void res.status(418).send("fell through"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(server);
  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    fetch(`${base}${path}`, { headers: { "Accept-Encoding": "identity", ...headers }, method });
  return { cache, state, get };
}

const servers: import("node:http").Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("pageCaching", () => {
  test("renders a public page once, then serves it with each response's own nonce and request id", async () => {
    const { state, get } = await harness();
    const first = await get("/ride/abc");
    const second = await get("/ride/abc");
    expect(state.renders).toBe(1);
    const [firstBody, secondBody] = [await first.text(), await second.text()];
    expect(firstBody).toContain('nonce="nonce1AAAA=="');
    expect(secondBody).toContain('nonce="nonce2AAAA=="');
    expect(secondBody).not.toContain("nonce1");
    expect(secondBody).toContain('content="request-2"');
    expect(secondBody.replaceAll("nonce2", "nonce1").replaceAll("request-2", "request-1")).toBe(firstBody);
    expect(second.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("etag")).toMatch(/^"[\w-]+"$/);
  });

  test("concurrent responses of a cached page each carry only their own tokens", async () => {
    const { get } = await harness();
    await (await get("/ride/abc")).text();
    const bodies = await Promise.all(Array.from({ length: 30 }, () => get("/ride/abc").then((r) => r.text())));
    const nonces = bodies.map((body) => new Set(body.match(/nonce\d+AAAA==/g)));
    expect(nonces.every((found) => found.size === 1)).toBe(true);
    expect(new Set(nonces.map((found) => [...found][0])).size).toBe(30);
  });

  test("a token of another length than the rendering response's (request-10 after request-1) is put in whole", async () => {
    const { get } = await harness();
    const bodies: string[] = [];
    for (let index = 1; index <= 10; index += 1) bodies.push(await (await get("/ride/abc")).text());
    expect(bodies[9]).toContain('content="request-10"');
    expect(bodies[9]).toContain('nonce="nonce10AAAA=="');
    expect(bodies[9]!.replaceAll("nonce10", "nonce1").replaceAll("request-10", "request-1")).toBe(bodies[0]);
  });

  test("answers 304 to a matching If-None-Match, without a CSP that would not fit the page the browser kept", async () => {
    const { get } = await harness();
    const etag = (await get("/")).headers.get("etag")!;
    const revalidated = await get("/", { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
    expect(await revalidated.text()).toBe("");
    expect((await get("/", { "If-None-Match": '"other"' })).status).toBe(200);
  });

  test("answers 304 to a list of tags or a weak tag naming the page, and to *, even asked not to use a cache", async () => {
    const { get } = await harness();
    const etag = (await get("/")).headers.get("etag")!;
    expect((await get("/", { "If-None-Match": `"other", W/${etag}`, "Cache-Control": "no-cache" })).status).toBe(304);
    expect((await get("/", { "If-None-Match": "*" })).status).toBe(304);
    expect((await get("/", { "If-None-Match": etag.replace(/"$/, 'x"') })).status).toBe(200);
  });

  test("prefers brotli whatever order the client lists encodings in, and honours q=0", async () => {
    const { get } = await harness();
    const encodingFor = async (acceptEncoding: string) =>
      (await get("/", { "Accept-Encoding": acceptEncoding })).headers.get("content-encoding");
    expect(await encodingFor("gzip, deflate, br, zstd")).toBe("br");
    expect(await encodingFor("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(await encodingFor("*")).toBe("br");
    expect(await encodingFor("*;q=0")).toBeNull();
    expect(await encodingFor("identity")).toBeNull();
  });

  test("compresses with brotli or gzip as accepted, with the encoding in the ETag", async () => {
    const { get } = await harness();
    const plain = await get("/");
    const body = await plain.text();
    const brotli = await get("/", { "Accept-Encoding": "br" });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("etag")).toBe(plain.headers.get("etag")!.replace(/"$/, '-br"'));
    expect(brotli.headers.get("vary")).toMatch(/accept-encoding/i);
    const gzip = await fetch(brotli.url, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    // fetch decodes the body; decoding a fresh copy by hand shows the bytes are real gzip.
    const raw = await new Promise<Buffer>((resolve, reject) =>
      import("node:http").then(({ get: httpGet }) =>
        httpGet(brotli.url, { headers: { "Accept-Encoding": "gzip" } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve(Buffer.concat(chunks)));
        }).on("error", reject),
      ),
    );
    expect(zlib.gunzipSync(raw).toString()).toBe(body.replace(/nonce1/g, "nonce4").replace("request-1", "request-4"));
  });

  test("any content change makes every page render again", async () => {
    const { cache, state, get } = await harness();
    await get("/");
    await get("/previous");
    cache.invalidate();
    await get("/");
    await get("/previous");
    expect(state.renders).toBe(4);
  });

  test("a page whose render began before a content change is served but not kept", async () => {
    const { cache, state, get } = await harness();
    state.duringRender = () => {
      state.duringRender = () => {};
      cache.invalidate();
    };
    expect((await get("/")).status).toBe(200);
    await get("/");
    expect(state.renders).toBe(2);
  });

  test("concurrent requests for a page being rendered share the one render", async () => {
    const { state, get } = await harness();
    state.delayMs = 50;
    const responses = await Promise.all(Array.from({ length: 20 }, () => get("/")));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(state.renders).toBe(1);
    const bodies = await Promise.all(responses.map((response) => response.text()));
    expect(new Set(bodies).size).toBe(20);
  });

  test("never serves from the cache: requests with cookies, admin pages, non-GET methods", async () => {
    const { state, get } = await harness();
    await get("/");
    expect((await get("/", { Cookie: "roadbook_session=x" })).status).toBe(418);
    expect((await get("/admin")).status).toBe(418);
    expect((await get("/admin/rides.data")).status).toBe(418);
    expect((await get("/images/a.webp")).status).toBe(418);
    expect((await get("/", {}, "POST")).status).toBe(418);
    expect(state.renders).toBe(1);
  });

  test("does not keep error pages, responses that set cookies or are private, or resources", async () => {
    const uncacheable: Page[] = [
      { status: 404 },
      { status: 500 },
      { headers: { "Set-Cookie": "a=b" } },
      { headers: { "Cache-Control": "private, no-store" } },
      { headers: { "Content-Type": "application/xml" }, body: () => "<urlset/>" },
    ];
    for (const page of uncacheable) {
      const { state, get } = await harness(page);
      await get("/x");
      await get("/x");
      expect({ page, renders: state.renders, sent: state.sent }).toEqual({ page, renders: 2, sent: 2 });
    }
  });

  test("a page rendered during a database failure is not kept; the last good copy is served instead", async () => {
    const { cache, state, get } = await harness();
    const good = await (await get("/")).text();
    cache.invalidate();
    state.page = { failed: true, unavailable: true, body: () => "<p>sample content</p>" };
    const during = await get("/");
    expect(during.status).toBe(200);
    expect(during.headers.get("cache-control")).toBe("no-cache");
    expect((await during.text()).replace(/nonce2/g, "nonce1").replace("request-2", "request-1")).toBe(good);
    state.page = {};
    await get("/");
    expect(state.renders).toBe(3);
  });

  test("without a last good copy, a render during a database failure goes out as it is, uncached", async () => {
    const { state, get } = await harness({ failed: true, body: () => "<p>sample content</p>" });
    expect(await (await get("/")).text()).toBe("<p>sample content</p>");
    await get("/");
    expect(state.renders).toBe(2);
  });

  test("HEAD is answered from the cache without a body", async () => {
    const { state, get } = await harness();
    const head = await get("/", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(head.headers.get("etag")).toBeTruthy();
    expect((await get("/")).headers.get("etag")).toBe(head.headers.get("etag"));
    expect(state.renders).toBe(1);
  });

  test("while disabled (deaf to other instances), every request renders, yet a failed render still gets the last good copy", async () => {
    let enabled = true;
    const { state, get } = await harness({}, () => enabled);
    const good = await (await get("/")).text();
    enabled = false;
    await get("/");
    await get("/");
    expect(state.renders).toBe(3);
    state.page = { failed: true, body: () => "<p>sample content</p>" };
    const during = await get("/");
    expect(during.headers.get("cache-control")).toBe("no-cache");
    expect((await during.text()).replace(/nonce4/g, "nonce1").replace("request-4", "request-1")).toBe(good);
  });

  test("a write by another process to the database makes every page render again", async () => {
    let written = false;
    const { state, get } = await harness({}, undefined, () => {
      const changed = written;
      written = false;
      return changed;
    });
    await get("/");
    await get("/");
    expect(state.renders).toBe(1);
    written = true;
    await get("/");
    await get("/");
    expect(state.renders).toBe(2);
  });
});
