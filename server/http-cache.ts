import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import type { DatabaseFailures } from "~/server/db/failures.server";
import type { Logger } from "~/server/logger.server";
import { BodyBuffers } from "./body-buffers";

/**
 * Public pages are the same for every visitor until an admin changes content, so each is
 * rendered once per change and kept in memory (HTML and React Router's .data requests,
 * keyed by URL); any content change, on this instance or another, empties the cache. A CDN
 * may keep them for a minute too (s-maxage), and browsers revalidate with the ETag.
 *
 * The CSP nonce and the request id: every response carries its own (server/security.ts), and a
 * cached HTML page holds those of the render that made it. The page is stored with where they
 * sit, and each response gets a copy with its own written in their place, as if freshly
 * rendered. The ETag is computed over the page without them, hence the same for every response until
 * the content changes, on every instance. A 304 leaves out the CSP header: the browser keeps
 * the page it has, whose scripts carry the nonce of the CSP it stored along with it.
 */

export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/** Only what a public page responds with; resources (XML, calendar files, images) have their own rules. */
const PAGE_CONTENT_TYPE = /^(text\/html|text\/x-script)\b/i;
/** Paths never cached whatever they answer: the admin portal, uploads, built assets, probes. */
const NEVER_CACHED = /^\/(admin(\/|\.data$|$)|images\/|assets\/|healthz$|readyz$)/;
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

type Encoding = "br" | "gzip";

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

/** A token's place in a cached body: its byte offset and length, and which token it is. */
type TokenAt = { at: number; length: number; slot: number };

export type Rendered = { response: Response; failures: DatabaseFailures };

export type PageCacheOptions = {
  /** Renders the request with React Router (as GET for a HEAD request, so the body can be kept). */
  render: (req: ExpressRequest, res: ExpressResponse, method: "GET") => Promise<Rendered>;
  /** Sends a response that is not served from the cache. */
  send: (req: ExpressRequest, res: ExpressResponse, rendered: Rendered) => Promise<void>;
  /** What each response has of its own (the CSP nonce, the request id), wherever it appears in a page. */
  tokensOf: (res: ExpressResponse) => string[];
  /**
   * Whether pages may be served from and kept in the cache now. When not, every request
   * renders, though a render that fails on the database still gets the last good copy.
   */
  enabled?: () => boolean;
  /**
   * Whether the stored content may have changed behind the cache's back (another process
   * wrote to the database): asked before every lookup, and the cache starts over when it has.
   */
  changedElsewhere?: () => boolean;
  logger: Logger;
};

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESS_MIN_BYTES = 1024;

async function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === "br"
    ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzip(body, { level: 6 });
}

/** The encoding to send: brotli, else gzip, when the client accepts it (q > 0). */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const item of acceptEncoding.split(",")) {
    const [name = "", ...params] = item.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get("*");
  const quality = (name: Encoding) => accepted.get(name) ?? wildcard ?? 0;
  if (quality("br") > 0 && quality("br") >= quality("gzip")) return "br";
  if (quality("gzip") > 0) return "gzip";
  return undefined;
}

/** Whether an If-None-Match header names this page (any encoding of it, weak or strong). */
export function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((candidate) => {
    const opaque = candidate.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    return opaque === tag || opaque === `${tag}-br` || opaque === `${tag}-gzip`;
  });
}

function findTokens(body: Buffer, tokens: string[]): TokenAt[] {
  const needles = tokens.flatMap((token, slot) => (token ? [{ bytes: Buffer.from(token), slot }] : []));
  const found: TokenAt[] = [];
  let start = 0;
  for (;;) {
    let next: TokenAt | undefined;
    for (const needle of needles) {
      const at = body.indexOf(needle.bytes, start);
      if (at !== -1 && (!next || at < next.at)) next = { at, length: needle.bytes.length, slot: needle.slot };
    }
    if (!next) return found;
    found.push(next);
    start = next.at + next.length;
  }
}

/**
 * The page with this response's tokens in place of the rendering response's. Tokens of the
 * same byte length (the usual case: a nonce always has, a request id we drew too) are written
 * over one copy of the page, which costs far less than joining the ~80 pieces between them.
 */
function bodyFor(page: Pick<CachedPage, "body" | "tokens">, tokens: string[], buffers: BodyBuffers): Buffer {
  if (page.tokens.length === 0) return page.body;
  const glue = tokens.map((token) => Buffer.from(token));
  if (page.tokens.every(({ length, slot }) => glue[slot]?.length === length)) {
    const body = buffers.take(page.body.length);
    page.body.copy(body);
    for (const { at, slot } of page.tokens) glue[slot]!.copy(body, at);
    return body;
  }
  const chunks: Buffer[] = [];
  let start = 0;
  for (const { at, length, slot } of page.tokens) {
    chunks.push(page.body.subarray(start, at), glue[slot] ?? Buffer.alloc(0));
    start = at + length;
  }
  chunks.push(page.body.subarray(start));
  return Buffer.concat(chunks);
}

function tagOf(body: Buffer, tokens: TokenAt[]): string {
  const hash = createHash("sha256");
  // Each token stands as a byte no page contains next to its slot number, so pages differing
  // only in where (or which) tokens appear get different tags.
  let start = 0;
  for (const { at, length, slot } of tokens) {
    hash.update(body.subarray(start, at));
    hash.update(Buffer.from([0, slot]));
    start = at + length;
  }
  hash.update(body.subarray(start));
  return hash.digest("base64url").slice(0, 27);
}

/** A GET or HEAD of a public page by a visitor without cookies: the only requests cached. */
export function isCacheableRequest(req: ExpressRequest): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.cookie || req.headers.authorization) return false;
  return !NEVER_CACHED.test(req.path);
}

function isCacheableResponse(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("set-cookie")) return false;
  if (!PAGE_CONTENT_TYPE.test(response.headers.get("content-type") ?? "")) return false;
  return !/\b(private|no-store|no-cache)\b/i.test(response.headers.get("cache-control") ?? "");
}

export class PageCache {
  readonly #pages = new Map<string, CachedPage>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #bytes = 0;
  #generation = 0;

  constructor({ maxEntries = 500, maxBytes = 64 * 1024 * 1024 }: { maxEntries?: number; maxBytes?: number } = {}) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
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
    const page = this.#pages.get(key);
    if (page) {
      this.#pages.delete(key);
      this.#pages.set(key, page);
    }
    return page;
  }

  /** Keeps a page rendered in `page.generation`, unless content changed while it rendered. */
  set(key: string, page: CachedPage): boolean {
    if (page.generation !== this.#generation || page.size > this.#maxBytes) return false;
    this.delete(key);
    this.#pages.set(key, page);
    this.#bytes += page.size;
    for (const [oldest, evicted] of this.#pages) {
      if (this.#pages.size <= this.#maxEntries && this.#bytes <= this.#maxBytes) break;
      this.#pages.delete(oldest);
      this.#bytes -= evicted.size;
    }
    return true;
  }

  delete(key: string): void {
    const page = this.#pages.get(key);
    if (!page) return;
    this.#pages.delete(key);
    this.#bytes -= page.size;
  }
}

function toCachedPage(response: Response, body: Buffer, tokens: string[], generation: number): CachedPage {
  const found = findTokens(body, tokens);
  const headers = [...response.headers.entries()].filter(([name]) => !UNSTORED_HEADERS.has(name.toLowerCase()));
  return { headers, body, tokens: found, tag: tagOf(body, found), size: body.length, generation, encoded: new Map() };
}

async function encodedBody(page: CachedPage, body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (page.tokens.length > 0) return compress(body, encoding);
  let encoded = page.encoded.get(encoding);
  if (!encoded) {
    encoded = await compress(body, encoding);
    page.encoded.set(encoding, encoded);
  }
  return encoded;
}

/** Sends a cached page: 304 when the client has it, else the page with this response's own tokens. */
async function sendPage(
  req: ExpressRequest,
  res: ExpressResponse,
  page: CachedPage,
  tokens: string[],
  cacheControl: string,
  buffers: BodyBuffers,
) {
  const encoding = page.size >= COMPRESS_MIN_BYTES ? negotiateEncoding(req.get("accept-encoding")) : undefined;
  res.setHeader("Cache-Control", cacheControl);
  res.append("Vary", "Accept-Encoding");
  res.setHeader("ETag", `"${page.tag}${encoding ? `-${encoding}` : ""}"`);
  if (matchesTag(req.get("if-none-match"), page.tag)) {
    res.removeHeader("Content-Security-Policy");
    res.status(304).end();
    return;
  }
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.status(200);
  const body = bodyFor(page, tokens, buffers);
  const payload = encoding ? await encodedBody(page, body, encoding) : body;
  // Once the body has been handed to the socket ('finish'), nothing reads it any more.
  if (body !== page.body) {
    if (payload === body) res.once("finish", () => buffers.give(body));
    else buffers.give(body);
  }
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", payload.length);
  res.end(req.method === "HEAD" ? undefined : payload);
}

export type PageCaching = {
  /** Answers from the cache when it has the page fresh; mounted early, before anything costly. */
  hits: (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => void;
  /** Renders what the cache lacks (after the static files) and keeps it. */
  renders: (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => Promise<void>;
};

const keyOf = (req: ExpressRequest) => `${req.protocol}://${req.host}${req.originalUrl}`;

/**
 * Express middleware serving cacheable requests from the cache, rendering them on a miss.
 * Concurrent misses of one page share one render. A page rendered while the database failed
 * is not kept; the last good copy is served in its place when there is one.
 */
export function pageCaching(
  cache: PageCache,
  { render, send, tokensOf, enabled = () => true, changedElsewhere = () => false, logger }: PageCacheOptions,
): PageCaching {
  /** The page under `key` when it is current. */
  const freshPage = (key: string) => {
    if (changedElsewhere()) cache.invalidate();
    const page = cache.get(key);
    return page && page.generation === cache.generation && enabled() ? page : undefined;
  };
  const inflight = new Map<string, Promise<CachedPage | Rendered>>();
  const buffers = new BodyBuffers();
  const answer = (req: ExpressRequest, res: ExpressResponse, page: CachedPage, cacheControl: string) =>
    sendPage(req, res, page, tokensOf(res), cacheControl, buffers);

  async function renderOnce(key: string, req: ExpressRequest, res: ExpressResponse): Promise<CachedPage | Rendered> {
    // While disabled, pages render afresh but none is kept: a kept page could go stale unnoticed.
    const generation = enabled() ? cache.generation : -1;
    const rendered = await render(req, res, "GET");
    if (!isCacheableResponse(rendered.response)) return rendered;
    // The whole page first: a streamed part may still be loading data (and failing).
    const body = Buffer.from(await rendered.response.arrayBuffer());
    const { response, failures } = rendered;
    if (failures.failed) return { response: new Response(body, response), failures };
    const page = toCachedPage(response, body, tokensOf(res), generation);
    cache.set(key, page);
    return page;
  }

  const serveHit = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction, page: CachedPage) => {
    try {
      await answer(req, res, page, PUBLIC_PAGE_CACHE_CONTROL);
    } catch (error) {
      next(error);
    }
  };

  const hits = (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!isCacheableRequest(req)) return next();
    const page = freshPage(keyOf(req));
    if (!page) return next();
    void serveHit(req, res, next, page);
  };

  const renders = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!isCacheableRequest(req)) return next();
    try {
      const key = keyOf(req);
      const fresh = freshPage(key);
      if (fresh) return await answer(req, res, fresh, PUBLIC_PAGE_CACHE_CONTROL);
      const known = cache.get(key);

      let pending = inflight.get(key);
      const leader = !pending;
      if (!pending) {
        pending = renderOnce(key, req, res).finally(() => inflight.delete(key));
        inflight.set(key, pending);
      }
      let outcome: CachedPage | Rendered;
      try {
        outcome = await pending;
      } catch (error) {
        if (leader) throw error;
        return next();
      }
      if ("tokens" in outcome) return await answer(req, res, outcome, PUBLIC_PAGE_CACHE_CONTROL);
      if (outcome.failures.failed && known) {
        if (leader) {
          logger.warn({ path: req.path }, "database failure while rendering; serving the last good copy of the page");
          await outcome.response.body?.cancel();
        }
        return await answer(req, res, known, "no-cache");
      }
      // Another request's render that cannot be shared (an error page, say): render this one itself.
      if (!leader) return next();
      await send(req, res, outcome);
    } catch (error) {
      next(error);
    }
  };

  return { hits, renders };
}
