import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { readEnv } from "~/server/env.server";
import { contentSecurityPolicy, identifyRequests, requestInfoOf, security } from "./security";

type Started = { url: string; close(): Promise<void> };
const running: Started[] = [];

/** An Express app with the security middlewares in front of a route that echoes what they recorded. */
async function start(
  variables: Record<string, string> = {},
  frameSources: string[] | (() => string[]) = [],
): Promise<Started> {
  const env = readEnv({ NODE_ENV: "production", HOST: "127.0.0.1", ...variables });
  const app = express();
  app.set("trust proxy", env.trustProxy);
  app.use(identifyRequests(env));
  app.use(security(env, async () => (typeof frameSources === "function" ? frameSources() : frameSources)));
  app.all("/{*path}", (_req, res) => res.json(requestInfoOf(res)));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const started = { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  running.push(started);
  return started;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

function directives(header: string | null): Map<string, string[]> {
  return new Map(
    (header ?? "").split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe("security headers", () => {
  it("every response carries the CSP with a fresh nonce and the other security headers", async () => {
    const { url } = await start({}, ["https://docs.google.com"]);
    const [first, second] = await Promise.all([fetch(`${url}/any/page`), fetch(`${url}/assets/app.js`)]);
    const csp = directives(first.headers.get("content-security-policy"));
    const { nonce } = (await first.json()) as { nonce: string };
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp.get("style-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp.get("style-src")).not.toContain("'unsafe-inline'");
    expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:", "https:"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(csp.get("frame-src")).toEqual(["https://docs.google.com"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);

    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("permissions-policy")).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
    expect(first.headers.get("strict-transport-security")).toBeNull();
    expect(first.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("frames nothing when no form is embedded; forms may post to the Google sign-in issuer when configured", async () => {
    const { url } = await start({
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      OIDC_ISSUER: "https://accounts.google.com",
    });
    const csp = directives((await fetch(url)).headers.get("content-security-policy"));
    expect(csp.get("frame-src")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'", "https://accounts.google.com"]);
  });

  it("the policy follows the frame sources as they change, and each request's own scheme", async () => {
    let sources = ["https://forms.gle"];
    const { url } = await start({ TRUST_PROXY: "loopback" }, () => sources);
    const policyOf = async (headers: Record<string, string> = {}) => {
      const response = await fetch(url, { headers });
      const { nonce } = (await response.json()) as { nonce: string };
      return { csp: directives(response.headers.get("content-security-policy")), nonce };
    };
    expect((await policyOf()).csp.get("frame-src")).toEqual(["https://forms.gle"]);
    const secure = await policyOf({ "X-Forwarded-Proto": "https" });
    expect(secure.csp.has("upgrade-insecure-requests")).toBe(true);
    expect(secure.csp.get("script-src")).toEqual(["'self'", `'nonce-${secure.nonce}'`]);
    sources = ["https://docs.google.com", "https://forms.gle"];
    const after = await policyOf();
    expect(after.csp.get("frame-src")).toEqual(["https://docs.google.com", "https://forms.gle"]);
    expect(after.csp.has("upgrade-insecure-requests")).toBe(false);
    expect(after.csp.get("style-src")).toEqual(["'self'", `'nonce-${after.nonce}'`]);
  });

  it("HSTS, upgrade-insecure-requests and secure cookies only over https: a trusted proxy's X-Forwarded-Proto or an https PUBLIC_URL", async () => {
    const untrusted = await start();
    const spoofed = await fetch(untrusted.url, { headers: { "X-Forwarded-Proto": "https" } });
    expect(spoofed.headers.get("strict-transport-security")).toBeNull();
    expect(((await spoofed.json()) as { secure: boolean }).secure).toBe(false);

    const proxied = await start({ TRUST_PROXY: "loopback" });
    const viaProxy = await fetch(proxied.url, {
      headers: { "X-Forwarded-Proto": "https", "X-Forwarded-For": "198.51.100.23" },
    });
    expect(viaProxy.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect(directives(viaProxy.headers.get("content-security-policy")).has("upgrade-insecure-requests")).toBe(true);
    expect(await viaProxy.json()).toMatchObject({ secure: true, clientIp: "198.51.100.23" });

    const published = await start({ PUBLIC_URL: "https://rides.example.org" });
    expect(await (await fetch(published.url)).json()).toMatchObject({
      secure: true,
      origin: "https://rides.example.org",
    });
  });

  it("the site's origin is the configured one, whatever Host or a trusted proxy's X-Forwarded-Host says", async () => {
    const published = await start({ PUBLIC_URL: "https://rides.example.org", TRUST_PROXY: "loopback" });
    const forwarded = await fetch(published.url, { headers: { "X-Forwarded-Host": "evil.example" } });
    expect(((await forwarded.json()) as { origin: string }).origin).toBe("https://rides.example.org");
    // Without PUBLIC_URL, on a loopback HOST: the explicit local default, never the request's host.
    const local = await start({ TRUST_PROXY: "loopback" });
    const spoofed = await fetch(local.url, { headers: { "X-Forwarded-Host": "evil.example" } });
    expect(((await spoofed.json()) as { origin: string }).origin).toBe("http://localhost:3000");
    expect(((await (await fetch(local.url)).json()) as { origin: string }).origin).toBe("http://localhost:3000");
  });

  it("names every request itself; a trusted proxy's X-Request-Id (and client address) is only noted beside it", async () => {
    const direct = await start();
    const response = await fetch(direct.url, {
      headers: { "X-Request-Id": "from-the-client", "X-Forwarded-For": "198.51.100.23" },
    });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const info = (await response.json()) as { clientIp: string; forwardedRequestId?: string };
    expect(info.clientIp).toBe("127.0.0.1");
    expect(info.forwardedRequestId).toBeUndefined();
    const proxied = await start({ TRUST_PROXY: "1" });
    const forwarded = await fetch(proxied.url, { headers: { "X-Request-Id": "lb-1234" } });
    expect(forwarded.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await forwarded.json()) as { forwardedRequestId?: string }).forwardedRequestId).toBe("lb-1234");
  });

  it("development allows Vite's injected styles and its WebSocket", () => {
    const csp = directives(
      contentSecurityPolicy({ nonce: "n", frameSources: [], formTargets: [], secure: false, development: true }),
    );
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
    expect(csp.get("script-src")).toEqual(["'self'", "'nonce-n'"]);
  });
});

describe("cross-site writes", () => {
  const post = (url: string, headers: Record<string, string>) =>
    fetch(`${url}/admin/rides`, { method: "POST", headers, body: "a=b" });

  it("refuses a POST, PUT, PATCH or DELETE whose Origin is another site's, with 403", async () => {
    const { url } = await start();
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const response = await fetch(`${url}/admin/rides`, { method, headers: { Origin: "https://evil.example" } });
      expect(response.status, method).toBe(403);
      expect(await response.text()).toBe("Cross-site request refused.");
    }
  });

  it("refuses an opaque origin ('null', from sandboxed frames and data: pages) and, without Origin, a foreign Referer", async () => {
    const { url } = await start();
    expect((await post(url, { Origin: "null" })).status).toBe(403);
    expect((await post(url, { Referer: "https://evil.example/page" })).status).toBe(403);
    expect((await post(url, { Referer: "not a url" })).status).toBe(403);
  });

  it("allows the site's own origin (the request's, or PUBLIC_URL's), a same-site Referer, and programs sending neither", async () => {
    const { url } = await start({ PUBLIC_URL: "https://rides.example.org" });
    expect((await post(url, { Origin: url })).status).toBe(200);
    expect((await post(url, { Origin: "https://rides.example.org" })).status).toBe(200);
    expect((await post(url, { Referer: `${url}/admin` })).status).toBe(200);
    expect((await post(url, {})).status).toBe(200);
  });

  it("the port is part of the origin, and reads are never refused", async () => {
    const { url } = await start();
    expect((await post(url, { Origin: "http://127.0.0.1:1" })).status).toBe(403);
    expect((await fetch(url, { headers: { Origin: "https://evil.example" } })).status).toBe(200);
  });
});
