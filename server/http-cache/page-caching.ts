import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from "express";
import { loggablePath } from "~/domain/loggable-paths";
import type { DatabaseFailures } from "~/server/db/failures.server";
import type { Logger } from "~/server/logger.server";
import { BodyBuffers } from "../body-buffers";
import { type CachedPage, cachedPage } from "./cached-page";
import type { PageCache } from "./page-store";
import { PUBLIC_PAGE_CACHE_CONTROL, isCacheableRequest, isCacheableResponse } from "./policy";
import { sendPage } from "./send-page";
import type { DrawnToken } from "./tokens";

/**
 * The render cache: public pages are rendered once per content change and kept in memory (HTML
 * and React Router's .data requests, keyed by URL); any content change, on this instance or
 * another, makes them stale. Each response to a kept page carries its own nonce and request id
 * (tokens.ts), and an ETag that is the same for every response until the content changes.
 */

export type Rendered = { response: Response; failures: DatabaseFailures };

export type PageCacheOptions = {
  /** Renders the request with React Router (as GET for a HEAD request, so the body can be kept). */
  render: (req: ExpressRequest, res: ExpressResponse, method: "GET") => Promise<Rendered>;
  /** Sends a response that is not served from the cache. */
  send: (req: ExpressRequest, res: ExpressResponse, rendered: Rendered) => Promise<void>;
  /** What each response has of its own (the CSP nonce, the request id), wherever it appears in a page. */
  tokensOf: (res: ExpressResponse) => readonly DrawnToken[];
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
    const page = cachedPage(response, body, tokensOf(res), generation);
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
          logger.warn(
            { path: loggablePath(req.originalUrl) },
            "database failure while rendering; serving the last good copy of the page",
          );
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
