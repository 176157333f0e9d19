import { describe, expect, it } from "vitest";
import { MAX_DISCARD_BYTES, MAX_FORM_BYTES, readSmallForm } from "./read-form.server";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost/form", { method: "POST", body, headers, duplex: "half" } as RequestInit);

/** A body without a length, sent in chunks as a browser or a script may stream it. */
function streamed(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe("readSmallForm", () => {
  it("reads a url-encoded form, the first value of each name", async () => {
    const form = await readSmallForm(post(new URLSearchParams("name=Asha&name=Other&mobile=98%2000")));
    expect(form).toEqual({ ok: true, fields: { name: "Asha", mobile: "98 00" } });
  });

  it("reads fields named as an object's own properties like any other", async () => {
    const form = await readSmallForm(post(new URLSearchParams("toString=a&constructor=b&__proto__=c&__proto__=d")));
    expect(form.ok && Object.entries(form.fields)).toEqual([
      ["toString", "a"],
      ["constructor", "b"],
      ["__proto__", "c"],
    ]);
  });

  it("reads a multipart form, leaving files out", async () => {
    const body = new FormData();
    body.set("name", "Asha");
    body.set("photo", new Blob(["x"]), "x.png");
    expect(await readSmallForm(post(body))).toEqual({ ok: true, fields: { name: "Asha" } });
  });

  it("reads anything else as an empty form", async () => {
    expect(await readSmallForm(post('{"name":"Asha"}', { "content-type": "application/json" }))).toEqual({
      ok: true,
      fields: {},
    });
    expect(await readSmallForm(post("--broken", { "content-type": "multipart/form-data; boundary=x" }))).toEqual({
      ok: true,
      fields: {},
    });
  });

  it("refuses a body declared larger than the limit, and one that streams past it, keeping the fields it read", async () => {
    const urlencoded = { "content-type": "application/x-www-form-urlencoded" };
    const large = `name=Asha&bikeModel=${"x".repeat(MAX_FORM_BYTES)}`;
    expect(await readSmallForm(post(large, urlencoded))).toEqual({
      ok: false,
      tooLarge: true,
      fields: { name: "Asha" },
    });
    const chunks = Array.from({ length: 20 }, () => "x".repeat(1024));
    const request = post(streamed(["name=Asha&mobile=98", ...chunks]), urlencoded);
    expect(await readSmallForm(request)).toEqual({ ok: false, tooLarge: true, fields: { name: "Asha" } });
  });

  it("reads a body past the limit to its end before answering, so that the client reads the answer", async () => {
    // 2 MiB chunked: a client or proxy that reads only once it has sent everything gets the
    // answer, instead of a connection cut while it is still sending (decision 020).
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 2 * 1024 * 1024) return controller.close();
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
        sent += 64 * 1024;
      },
    });
    const form = await readSmallForm(post(body, { "content-type": "application/x-www-form-urlencoded" }));
    expect(form).toMatchObject({ ok: false, tooLarge: true });
    expect(sent).toBe(2 * 1024 * 1024);
  });

  it("stops reading a body past MAX_DISCARD_BYTES, which the HTTP shell drains or cuts after the answer", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(1024 * 1024));
        sent += 1024 * 1024;
      },
    });
    expect(await readSmallForm(post(body))).toMatchObject({ ok: false, tooLarge: true });
    expect(sent).toBeLessThanOrEqual(MAX_DISCARD_BYTES + 2 * 1024 * 1024);
    const declared = post("x", { "content-length": String(MAX_DISCARD_BYTES + 1) });
    expect(await readSmallForm(declared)).toEqual({ ok: false, tooLarge: true, fields: {} });
  });
});
