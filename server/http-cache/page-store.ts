import { LRUCache } from "lru-cache";
import type { CachedPage } from "./cached-page";

/**
 * Rendered pages by URL, least recently used evicted first beyond a number of pages or of body
 * bytes. Any content change starts a new generation: pages of an older one are stale.
 */
export class PageCache {
  readonly #pages: LRUCache<string, CachedPage>;
  #generation = 0;

  constructor({ maxEntries = 500, maxBytes = 64 * 1024 * 1024 }: { maxEntries?: number; maxBytes?: number } = {}) {
    // lru-cache counts sizes as positive integers: an empty body weighs one byte.
    this.#pages = new LRUCache({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (page) => page.size || 1 });
  }

  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#pages.size;
  }

  /**
   * Every page becomes stale: the next request renders it again. Stale pages are kept (until
   * evicted) to stand in for a render that fails while the database is unavailable.
   */
  invalidate(): void {
    this.#generation += 1;
  }

  /** The page, fresh or stale (compare its generation); refreshes its place in the LRU order. */
  get(key: string): CachedPage | undefined {
    return this.#pages.get(key);
  }

  /** Keeps a page rendered in `page.generation`, unless content changed while it rendered; whether it did. */
  set(key: string, page: CachedPage): boolean {
    if (page.generation !== this.#generation) return false;
    this.#pages.set(key, page);
    return this.#pages.has(key);
  }
}
