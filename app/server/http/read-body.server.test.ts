import { describe, expect, it } from "vitest";
import { rejectionOf } from "../../../tests/support/rejection";
import { BodyTooLargeError, readBody } from "./read-body.server";

/** A body of `chunks` chunks of 1,000 bytes ('a'), counting what was pulled. */
function counted(chunks: number) {
  const state = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled === chunks) return controller.close();
      state.pulled += 1;
      controller.enqueue(new Uint8Array(1000).fill(0x61));
    },
  });
  return { body, state };
}

const post = (body: ReadableStream<Uint8Array> | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/", { method: "POST", body, headers, duplex: "half" } as RequestInit);

const refusal = (work: Promise<unknown>) => rejectionOf(work, BodyTooLargeError);

describe("readBody", () => {
  it("reads a body within the limit whole, and no body as empty", async () => {
    expect((await readBody(post(counted(3).body), { limit: 3000 })).byteLength).toBe(3000);
    expect((await readBody(post(null), { limit: 10 })).byteLength).toBe(0);
  });

  it("refuses a declared length over the limit before reading", async () => {
    const { body, state } = counted(10);
    const error = await refusal(readBody(post(body, { "content-length": "10000" }), { limit: 5000 }));
    expect([error.size, error.declared, error.head.byteLength]).toEqual([10000, true, 0]);
    expect(state.pulled).toBeLessThanOrEqual(1);
  });

  it("stops at the chunk that passes the limit, keeping the first `limit` bytes", async () => {
    const { body, state } = counted(10);
    const error = await refusal(readBody(post(body), { limit: 2500 }));
    expect([error.size, error.declared, error.head.byteLength]).toEqual([3000, false, 2500]);
    expect(state.pulled).toBeLessThanOrEqual(4);
  });

  it("reads on to `readUpTo` before refusing, holding no more than the limit", async () => {
    const { body, state } = counted(10);
    const error = await refusal(readBody(post(body), { limit: 2500, readUpTo: 100_000 }));
    expect([error.size, error.head.byteLength]).toEqual([10_000, 2500]);
    expect(state.pulled).toBe(10);
  });
});
