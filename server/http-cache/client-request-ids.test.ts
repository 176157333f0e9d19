import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { readEnv } from "~/server/env.server";
import { identifyRequests, requestInfoOf, responseTokensOf, security } from "../security";
import { pageCaching } from "./page-caching";
import { PageCache } from "./page-store";

// Decision 013 (note of 2026-11-26): behind a trusted proxy, a client's X-Request-Id became a token
// of the render cache, and `X-Request-Id: script` made every later visitor's copy of the page lose
// its <script> tags.

/** A page as the root route renders one: the request id in a meta tag, the nonce on every script. */
const page = ({ nonce, requestId }: { nonce: string; requestId: string }) =>
  `<!DOCTYPE html><html><head><meta name="request-id" content="${requestId}"/>` +
  `<script nonce="${nonce}">window.e = 1</script></head>` +
  `<body><div class="e nonce">A script, a class, a div, an e and a nonce.</div>` +
  `<script nonce="${nonce}" type="module" src="/assets/entry.js"></script></body></html>`;

const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** The HTTP shell's identification and headers in front of the render cache, behind a trusted proxy. */
async function start(): Promise<string> {
  const env = readEnv({ NODE_ENV: "production", HOST: "127.0.0.1", TRUST_PROXY: "true" });
  const app = express();
  app.set("trust proxy", env.trustProxy);
  app.use(identifyRequests(env));
  app.use(security(env, async () => []));
  const pages = pageCaching(new PageCache(), {
    render: async (_req, res) => ({
      response: new Response(page(requestInfoOf(res)), { headers: { "Content-Type": "text/html; charset=utf-8" } }),
      failures: { failed: false, unavailable: false },
    }),
    send: async () => {
      throw new Error("every page here is cacheable");
    },
    tokensOf: responseTokensOf,
    logger: pino({ level: "silent" }),
  });
  app.use(pages.hits);
  app.use((req, res, next) => void pages.renders(req, res, next));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  running.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers: { "Accept-Encoding": "identity", ...headers } });
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  return { body: await response.text(), nonce, requestId: response.headers.get("x-request-id") ?? "" };
}

describe("a client's X-Request-Id and the render cache", () => {
  it.each(["script", "class", "e", "div", "nonce"])(
    "a first request with X-Request-Id: %s leaves every later copy of the page intact",
    async (chosen) => {
      const url = await start();
      const first = await get(`${url}/ride/r1`, { "X-Request-Id": chosen });
      expect(first.requestId).not.toBe(chosen);
      expect(first.body).toBe(page(first));
      for (const later of [await get(`${url}/ride/r1`), await get(`${url}/ride/r1`, { "X-Request-Id": "lb-7" })]) {
        expect(later.requestId).toMatch(/^[0-9a-f-]{36}$/);
        expect(later.body).toBe(page(later));
      }
    },
  );
});
