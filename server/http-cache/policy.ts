import type { Request as ExpressRequest } from "express";

/**
 * Which requests and responses the render cache serves and keeps. Public pages are the same for
 * every visitor until an admin changes content; a CDN may keep them for a minute too (s-maxage),
 * and browsers revalidate with the ETag.
 */

export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/** Only what a public page responds with; resources (XML, calendar files, images) have their own rules. */
const PAGE_CONTENT_TYPE = /^(text\/html|text\/x-script)\b/i;
/** Paths never cached whatever they answer: the admin portal, uploads, built assets, probes. */
const NEVER_CACHED = /^\/(admin(\/|\.data$|$)|images\/|assets\/|healthz$|readyz$)/;

/**
 * A preview link (decision 025): the page of a ride not public yet, for whoever holds the link
 * while it lasts. Never kept, here or by anyone on the way, and never indexed.
 */
export function isPreviewRequest(req: ExpressRequest): boolean {
  return new URLSearchParams(req.originalUrl.split("?")[1] ?? "").has("preview");
}

export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

/** A GET or HEAD of a public page by a visitor without cookies: the only requests cached. */
export function isCacheableRequest(req: ExpressRequest): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.cookie || req.headers.authorization) return false;
  if (isPreviewRequest(req)) return false;
  return !NEVER_CACHED.test(req.path);
}

/** A page (HTML or React Router's .data) that is the same for everyone: 200, no cookie, not private. */
export function isCacheableResponse(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("set-cookie")) return false;
  if (!PAGE_CONTENT_TYPE.test(response.headers.get("content-type") ?? "")) return false;
  return !/\b(private|no-store|no-cache)\b/i.test(response.headers.get("cache-control") ?? "");
}
