import { describe, expect, test } from "vitest";
import { BodyBuffers } from "./body-buffers";

describe("BodyBuffers", () => {
  test("gives a buffer of the size asked, and reuses one given back for the next of its size class", () => {
    const buffers = new BodyBuffers();
    const first = buffers.take(50_000);
    expect(first.length).toBe(50_000);
    first[0] = 42;
    buffers.give(first);
    const second = buffers.take(60_000);
    expect(second.length).toBe(60_000);
    expect(second.buffer === first.buffer).toBe(true);
    expect(buffers.take(60_000).buffer === first.buffer).toBe(false);
  });

  test("keeps no more spare bytes than its limit, and never a buffer it did not make", () => {
    const buffers = new BodyBuffers({ maxBytes: BodyBuffers.STEP });
    const [a, b] = [buffers.take(100), buffers.take(100)];
    buffers.give(a);
    buffers.give(b);
    expect(buffers.take(100).buffer === a.buffer).toBe(true);
    expect(buffers.take(100).buffer === b.buffer).toBe(false);
    const foreign = Buffer.from("not from the pool");
    buffers.give(foreign);
    expect(buffers.take(100).buffer === foreign.buffer).toBe(false);
  });
});
