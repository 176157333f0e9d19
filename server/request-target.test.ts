import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "~/server/env.server";
import { exchange } from "./raw-http";
import { guardRequestTarget, isValidHost } from "./request-target";

// Decision 018: each of these requests got a 500 (or, for GET *, the home page) before the guard.

let port = 0;
let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  const app = express();
  app.use(guardRequestTarget(readEnv({ NODE_ENV: "production", PUBLIC_URL: "https://rides.example" })));
  // What the rest of the app does with a request: build its URL from the host and the path.
  app.use((req, res) => res.type("text/plain").send(new URL(`${req.protocol}://${req.host}${req.originalUrl}`).href));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(() => close());

const ask = async (head: string) => (await exchange(port, [`${head}\r\nConnection: close\r\n\r\n`])).text;

describe("the request target guard", () => {
  it.each(["", "a b", "127.0.0.1:99999", "[::1", "%00", "x;sandbox", "a@b", "example.com:0"])(
    "answers a Host of %j with 400",
    async (host) => {
      const answer = await ask(`GET / HTTP/1.1\r\nHost: ${host}`);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toContain("the Host header is not a valid host");
    },
  );

  it("gives an HTTP/1.0 request without a Host the public URL's host", async () => {
    const answer = (await exchange(port, ["GET /about HTTP/1.0\r\n\r\n"])).text;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/http:\/\/rides\.example\/about$/);
  });

  it("serves an absolute-form target as its path, on its authority", async () => {
    const answer = await ask("GET http://rides.example:8080/about?x=1 HTTP/1.1\r\nHost: other.example");
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/http:\/\/rides\.example:8080\/about\?x=1$/);
  });

  it("answers OPTIONS * with the methods, GET * with 400, and TRACE with 405", async () => {
    expect(await ask("OPTIONS * HTTP/1.1\r\nHost: rides.example")).toMatch(
      /^HTTP\/1\.1 204 [^]*Allow: GET, HEAD, POST/,
    );
    expect(await ask("GET * HTTP/1.1\r\nHost: rides.example")).toMatch(/^HTTP\/1\.1 400 /);
    expect(await ask("TRACE / HTTP/1.1\r\nHost: rides.example")).toMatch(/^HTTP\/1\.1 405 [^]*Allow: GET, HEAD, POST/);
  });

  it("sends a path with a control character home, as any unknown path", async () => {
    expect(await ask("GET /%0a HTTP/1.1\r\nHost: rides.example")).toMatch(/^HTTP\/1\.1 302 [^]*Location: \/\r\n/);
  });

  it("leaves ordinary requests alone", async () => {
    for (const host of ["rides.example", "RIDES.example:443", "127.0.0.1:4311", "[::1]:3000"]) {
      expect(await ask(`GET /ride/abc?d=1 HTTP/1.1\r\nHost: ${host}`)).toMatch(/^HTTP\/1\.1 200 /);
    }
    expect(isValidHost("localhost")).toBe(true);
  });
});
