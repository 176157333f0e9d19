import { createHash } from "node:crypto";
import { type DrawnToken, type TokenAt, findTokens } from "./tokens";

export type Encoding = "br" | "gzip";

/** What the render cache keeps of a rendered page. */
export type CachedPage = {
  headers: [string, string][];
  /** The body as rendered, holding the rendering response's own tokens. */
  body: Buffer;
  /** Where those tokens sit in it, in order. */
  tokens: TokenAt[];
  /** The ETag without quotes or encoding suffix. */
  tag: string;
  size: number;
  /** The cache generation the page was rendered in; older pages are stale. */
  generation: number;
  /** Compressed bodies, kept only for pages without per-response tokens (the same bytes every time). */
  encoded: Map<Encoding, Buffer>;
};

/** Per-response headers; the shell sets its own. */
const UNSTORED_HEADERS = new Set([
  "set-cookie",
  "date",
  "content-length",
  "etag",
  "cache-control",
  "x-request-id",
  "vary",
]);

/**
 * The ETag: a SHA-256 over the page without its tokens, hence the same for every response until
 * the content changes, on every instance. Each token stands as a byte no page contains next to
 * its slot number, so pages differing only in where (or which) tokens appear get different tags.
 */
function tagOf(body: Buffer, tokens: TokenAt[]): string {
  const hash = createHash("sha256");
  let start = 0;
  for (const { at, length, slot } of tokens) {
    hash.update(body.subarray(start, at));
    hash.update(Buffer.from([0, slot]));
    start = at + length;
  }
  hash.update(body.subarray(start));
  return hash.digest("base64url").slice(0, 27);
}

/** The page a render answered, with the places of the rendering response's `tokens`. */
export function cachedPage(
  response: Response,
  body: Buffer,
  tokens: readonly DrawnToken[],
  generation: number,
): CachedPage {
  const found = findTokens(body, tokens);
  const headers = [...response.headers.entries()].filter(([name]) => !UNSTORED_HEADERS.has(name.toLowerCase()));
  return { headers, body, tokens: found, tag: tagOf(body, found), size: body.length, generation, encoded: new Map() };
}
