import type { AddressInfo } from "node:net";
import express, { type NextFunction, type Request, type Response } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "~/domain/upload";
import { readUploadBody } from "~/server/images/read-body.server";
import { ImageRejectedError } from "~/server/images/upload-errors.server";
import { readSmallForm } from "~/server/registrations/read-form.server";
import { fetchRequestOf } from "./fetch-bridge";
import { chunkedBody, exchange } from "./raw-http";
import { DRAIN_LIMIT_BYTES, settleUnreadBodies } from "./unread-bodies";

// Decision 018: an answer sent before its request's body was read left the rest of the body on the
// connection; the next request on it was reset. And an upload past the limit, chunked, got a
// reset instead of its 413.

let port = 0;
let close: () => Promise<void> = async () => {};
const LIMIT = MAX_IMAGE_BYTES;

beforeAll(async () => {
  const app = express();
  app.use(settleUnreadBodies());
  // Refused before the body is read, as the admin gate refuses a signed-out upload: React
  // Router has the request, its body a stream nobody reads.
  app.post("/refused", (req, res) => {
    fetchRequestOf(req, res);
    res.status(401).send("sign in first");
  });
  // Read through the Fetch API, as React Router reads it, and refused past 20 MB (the limit of product.md#images).
  const upload = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const body = await readUploadBody(fetchRequestOf(req, res), LIMIT);
      res.send(`received ${body.length}`);
    } catch (error) {
      if (error instanceof ImageRejectedError) res.status(error.status).send(error.message);
      else next(error);
    }
  };
  app.post("/upload", (req, res, next) => void upload(req, res, next));
  // A rider's form, read as the registration and booking pages read it.
  const form = async (req: Request, res: Response) => {
    const read = await readSmallForm(fetchRequestOf(req, res));
    res.status(read.ok ? 200 : 413).send(`fields ${JSON.stringify(read.fields)}`);
  };
  app.post("/form", (req, res) => void form(req, res));
  app.get("/next", (_req, res) => void res.send("next answered"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(() => close());

const post = (path: string, headers: string) => `POST ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}\r\n`;
const next = "GET /next HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n";

describe("a request body nobody read", () => {
  it("is read and dropped: the next request on the connection is answered", async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 0x61);
    const result = await exchange(port, [post("/refused", `Content-Length: ${body.length}\r\n`), body, next]);
    expect(result.statusLines).toEqual(["HTTP/1.1 401 Unauthorized", "HTTP/1.1 200 OK"]);
    expect(result.text).toContain("next answered");
    expect(result.reset).toBe(false);
  });

  it("declared longer than the site ever reads, closes the connection after the answer", async () => {
    const result = await exchange(port, [post("/refused", `Content-Length: ${DRAIN_LIMIT_BYTES + 1}\r\n`)]);
    expect(result.statusLines).toEqual(["HTTP/1.1 401 Unauthorized"]);
    expect(result.text).toMatch(/Connection: close/i);
  });

  it("past the upload limit, chunked, gets the 413 with its message, as with a Content-Length", async () => {
    const chunked = await exchange(port, [
      post("/upload", "Transfer-Encoding: chunked\r\nConnection: close\r\n"),
      ...chunkedBody(LIMIT + 200_000),
    ]);
    expect(chunked.statusLines).toEqual(["HTTP/1.1 413 Payload Too Large"]);
    expect(chunked.text).toContain("File size too large. Please upload images smaller than 20MB.");
    const declared = await exchange(port, [
      post("/upload", `Content-Length: ${LIMIT + 1}\r\nConnection: close\r\n`),
      Buffer.alloc(LIMIT + 1),
    ]);
    expect(declared.statusLines).toEqual(["HTTP/1.1 413 Payload Too Large"]);
  });

  it("of a rider's form, 2 MiB chunked, gets the 413 with the fields that fitted, and the next request is answered", async () => {
    const head = post("/form", "Transfer-Encoding: chunked\r\nContent-Type: application/x-www-form-urlencoded\r\n");
    const body = chunkedBody(2 * 1024 * 1024);
    body[1] = Buffer.concat([Buffer.from("name=Asha&bike="), body[1]!.subarray(15)]);
    const result = await exchange(port, [head, ...body, next]);
    expect(result.statusLines).toEqual(["HTTP/1.1 413 Payload Too Large", "HTTP/1.1 200 OK"]);
    expect(result.text).toContain('fields {"name":"Asha"}');
    expect(result.reset).toBe(false);
  });

  it("within the limit, is read whole", async () => {
    const result = await exchange(port, [
      post("/upload", "Transfer-Encoding: chunked\r\nConnection: close\r\n"),
      ...chunkedBody(300_000),
    ]);
    expect(result.text).toContain("received 300000");
  });
});
