import { describe, expect, test } from "vitest";
import { PageCache } from "./page-store";

describe("PageCache", () => {
  const page = (size: number, generation = 0) => ({
    headers: [],
    body: Buffer.alloc(size),
    tokens: [],
    tag: "t",
    size,
    generation,
    encoded: new Map(),
  });

  test("evicts the least recently used page beyond its entry or byte limits", () => {
    const cache = new PageCache({ maxEntries: 2, maxBytes: 100 });
    cache.set("a", page(10));
    cache.set("b", page(10));
    cache.get("a");
    cache.set("c", page(10));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    cache.set("d", page(95));
    expect(cache.size).toBe(1);
  });

  test("refuses a page larger than its byte limit, keeping the others", () => {
    const cache = new PageCache({ maxBytes: 100 });
    cache.set("a", page(10));
    expect(cache.set("b", page(101))).toBe(false);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
  });

  test("keeps an empty page", () => {
    const cache = new PageCache();
    expect(cache.set("a", page(0))).toBe(true);
  });

  test("refuses a page rendered before the last invalidation", () => {
    const cache = new PageCache();
    cache.invalidate();
    expect(cache.set("a", page(10, 0))).toBe(false);
    expect(cache.set("a", page(10, 1))).toBe(true);
  });
});
