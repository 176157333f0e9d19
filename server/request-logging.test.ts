import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { createLogger } from "~/server/logger.server";
import { requestLogging } from "./request-logging";
import { identifyRequests } from "./security";

type Line = Record<string, unknown>;

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** The shell's logging in front of a route that logs from deep inside its work, as loaders do. */
async function start({ trustProxy = false } = {}) {
  const lines: Line[] = [];
  const logger = createLogger("debug", false, { write: (line: string) => void lines.push(JSON.parse(line) as Line) });
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(identifyRequests({ publicUrl: "http://localhost:3000", trustProxy }));
  app.use(requestLogging(logger));
  app.get("/ride/:id", async (_req, res) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    logger.warn({ rideId: "r1" }, "something worth knowing");
    res.send("ok");
  });
  app.get("/healthz", (_req, res) => void res.send("ok"));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** Resolves once the access line is written (after the response has been sent). */
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${path}`, { headers });
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 20));
    return response;
  };
  return { lines, get, logger, port: (server.address() as AddressInfo).port };
}

describe("request logging", () => {
  test("every line written while handling a request carries its id, which the response names too", async () => {
    const { lines, get } = await start();
    const response = await get("/ride/r1?code=one-time-secret");
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const warning = lines.find((line) => line.msg === "something worth knowing");
    expect(warning).toMatchObject({ requestId, rideId: "r1", level: 40 });
    const access = lines.find((line) => line.msg === "request");
    expect(access).toMatchObject({ requestId, method: "GET", path: "/ride/r1", status: 200, level: 30 });
    expect(typeof access?.ms).toBe("number");
    // One-time codes in query strings (sign-in callbacks) stay out of the log.
    expect(JSON.stringify(lines)).not.toContain("one-time-secret");
  });

  test("a secret in a path is left out however the path is written, as the router would read it", async () => {
    const { lines, port } = await start();
    for (const target of [
      "/x/../admin/invite/abc-invite",
      "/Booking/abc-booking?done=utr",
      "/x/%2e%2e/booking/abc-dots",
    ]) {
      await new Promise<void>((resolve, reject) => {
        const request = http.get({ host: "127.0.0.1", port, path: target }, (response) => {
          response.resume().once("end", resolve);
        });
        request.once("error", reject);
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    const paths = lines.filter((line) => line.msg === "request").map((line) => line.path);
    expect(paths).toEqual(["/admin/invite/[token]", "/booking/[token]", "/booking/[token]"]);
    expect(JSON.stringify(lines)).not.toContain("abc-");
  });

  test("concurrent requests keep their own ids", async () => {
    const { lines, get } = await start();
    const responses = await Promise.all(Array.from({ length: 10 }, () => get("/ride/r1")));
    const ids = responses.map((response) => response.headers.get("x-request-id"));
    const warned = lines.filter((line) => line.msg === "something worth knowing").map((line) => line.requestId);
    expect(new Set(ids).size).toBe(10);
    expect(warned.sort()).toEqual([...ids].sort());
  });

  test("behind a trusted proxy, its X-Request-Id (a plain token) is logged beside ours on every line; never otherwise", async () => {
    const trusted = await start({ trustProxy: true });
    const response = await trusted.get("/ride/r1", { "X-Request-Id": "lb-1234.abc" });
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const ids = { requestId, forwardedRequestId: "lb-1234.abc" };
    expect(trusted.lines.find((line) => line.msg === "something worth knowing")).toMatchObject(ids);
    expect(trusted.lines.find((line) => line.msg === "request")).toMatchObject(ids);
    await trusted.get("/ride/r1", { "X-Request-Id": "<script>alert(1)</script>" });
    const direct = await start();
    await direct.get("/ride/r1", { "X-Request-Id": "lb-1234.abc" });
    for (const line of [...trusted.lines.slice(2), ...direct.lines])
      expect(line).not.toHaveProperty("forwardedRequestId");
  });

  test("load balancer probes are logged at debug level, not info", async () => {
    const { lines, get } = await start();
    await get("/healthz");
    expect(lines.find((line) => line.msg === "request")).toMatchObject({ path: "/healthz", level: 20 });
  });

  test("passwords, hashes, tokens, secrets and cookies never reach a line", async () => {
    const { lines, logger } = await start();
    logger.info(
      {
        password: "hunter2-password",
        user: { id: "u-1", passwordHash: "scrypt$hash-value" },
        session: { token: "session-token-value" },
        env: { sessionSecret: "session-secret-value", databaseUrl: "postgres://u:db-password@h/db" },
        s3: { secretAccessKey: "s3-secret-value" },
        google: { clientSecret: "google-secret-value" },
        req: { headers: { cookie: "roadbook_session=cookie-value", authorization: "Bearer bearer-value" } },
      },
      "everything secret",
    );
    const written = JSON.stringify(lines);
    for (const secret of [
      "hunter2",
      "hash-value",
      "session-token-value",
      "session-secret-value",
      "db-password",
      "s3-secret-value",
      "google-secret-value",
      "cookie-value",
      "bearer-value",
    ]) {
      expect(written).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({ msg: "everything secret", user: { id: "u-1" } });
  });
});
