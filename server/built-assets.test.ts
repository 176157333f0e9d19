import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtAssets } from "./built-assets";

const SCRIPT = `export const answer = ${JSON.stringify("x".repeat(2_000))};\n`;

let url = "";
let close: () => Promise<void> = async () => {};
let directory = "";

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), "roadbook-assets-"));
  writeFileSync(path.join(directory, "app-1.js"), SCRIPT);
  writeFileSync(path.join(directory, "app-1.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(directory, "app-1.js.gz"), gzipSync(SCRIPT));
  const app = express();
  // As server/app.ts does first (identifyRequests): every response starts with the request's id.
  app.use((_req, res, next) => {
    res.setHeader("X-Request-Id", "an-id");
    next();
  });
  app.use("/assets", builtAssets(directory));
  app.use((_req, res) => res.status(404).send("not an asset"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
});

afterAll(async () => {
  await close();
  rmSync(directory, { recursive: true, force: true });
});

/** A raw GET (fetch would decode the body and hide the encoding). */
function get(pathname: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding };
      request(`${url}${pathname}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on("error", reject)
        .end();
    },
  );
}

describe("built assets", () => {
  it("are the brotli copy when the browser takes it, gzip when it takes only that, else the file", async () => {
    const br = await get("/assets/app-1.js", "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body).toEqual(brotliCompressSync(SCRIPT));
    const gzip = await get("/assets/app-1.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const plain = await get("/assets/app-1.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    for (const answer of [br, gzip, plain]) {
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toMatch(/^text\/javascript/);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
      expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["last-modified"]).toBeUndefined();
      expect(answer.headers["content-security-policy"]).toBeUndefined();
      expect(answer.headers["x-request-id"]).toBeUndefined();
    }
  });

  it("leave any other path to the rest of the app", async () => {
    expect((await get("/assets/missing-2.js", "br")).status).toBe(404);
  });
});
