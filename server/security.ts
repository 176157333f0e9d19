import { randomBytes, randomUUID } from "node:crypto";
import type { RequestHandler, Response } from "express";
import type { RequestInfo } from "~/context";
import type { Env } from "~/server/env.server";
import type { FrameSources } from "~/server/frame-sources.server";
import { paymentMethodsOf } from "~/server/payments/methods.server";
import type { DrawnToken } from "./http-cache/tokens";

/**
 * The HTTP shell's protections, applied to every response before anything else runs:
 * a request id and CSP nonce per request, a refusal of cross-site writes, and the security
 * headers. See docs/decisions/ (sessions and CSP) for the reasoning.
 */

const REQUEST_ID = /^[\w.:-]{1,64}$/;

const NONCE_BYTES = 16;
const NONCES_PER_DRAW = 256;
let nonceBytes = Buffer.alloc(0);
let nonceOffset = 0;

/**
 * A fresh CSP nonce: 16 bytes of the system's CSPRNG, drawn 256 nonces at a time because one
 * draw per request was a visible share of serving a cached page (as randomUUID does).
 */
function drawNonce(): DrawnToken {
  if (nonceOffset === nonceBytes.length) {
    nonceBytes = randomBytes(NONCE_BYTES * NONCES_PER_DRAW);
    nonceOffset = 0;
  }
  nonceOffset += NONCE_BYTES;
  return nonceBytes.toString("base64", nonceOffset - NONCE_BYTES, nonceOffset) as DrawnToken;
}

export function requestInfoOf(res: Response): RequestInfo {
  return res.locals.requestInfo as RequestInfo;
}

/** What a response has of its own, wherever a page shows it: its CSP nonce and its request id, both drawn here. */
export function responseTokensOf(res: Response): readonly DrawnToken[] {
  return res.locals.responseTokens as readonly DrawnToken[];
}

/** PUBLIC_URL's origin: parsed once, when a middleware is built. */
function publicOriginOf(env: Pick<Env, "publicUrl">): string {
  return new URL(env.publicUrl).origin;
}

/**
 * Names the request (X-Request-Id), draws its nonce and records who and where the client is. The
 * request id is always drawn here: a page shows it, and the render cache finds it in the page by
 * its value (http-cache/tokens.ts), so a client's choice (a proxy passes on whatever the client
 * sent) would make any word of the page a slot. Behind a trusted proxy, an X-Request-Id it sends
 * is logged beside ours as `forwardedRequestId`, to find the request in the proxy's logs.
 */
export function identifyRequests(env: Pick<Env, "publicUrl" | "trustProxy">): RequestHandler {
  const publicOrigin = publicOriginOf(env);
  const publicIsSecure = publicOrigin.startsWith("https:");
  return (req, res, next) => {
    const forwarded = env.trustProxy ? req.get("x-request-id") : undefined;
    const requestId = randomUUID() as DrawnToken;
    const nonce = drawNonce();
    // Read once: behind a trusted proxy each read parses the forwarding headers again.
    const protocol = req.protocol;
    const info: RequestInfo = {
      requestId,
      nonce,
      clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      secure: protocol === "https" || publicIsSecure,
      // Never the Host or X-Forwarded-Host: the client chooses those (decision 043).
      origin: publicOrigin,
      ...(forwarded && REQUEST_ID.test(forwarded) ? { forwardedRequestId: forwarded } : {}),
    };
    res.locals.requestInfo = info;
    res.locals.responseTokens = [nonce, requestId];
    res.setHeader("X-Request-Id", requestId);
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a write (POST, PUT, PATCH, DELETE…) that a page of another site made the browser
 * send. Browsers always send Origin on such requests (Referer is the fallback for the rare one
 * that does not); a request with neither comes from a program, not a browser carrying the
 * admin's cookie, and the session check still applies to it.
 */
export function refuseCrossSiteWrites(env: Pick<Env, "publicUrl">): RequestHandler {
  const publicOrigin = publicOriginOf(env);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const referer = req.get("referer");
    let source: string | undefined;
    if (origin !== undefined) source = origin;
    else if (referer !== undefined) {
      try {
        source = new URL(referer).origin;
      } catch {
        source = "invalid";
      }
    }
    // The site's own origin: the one the request reached, or PUBLIC_URL's.
    const sameSite = source === publicOrigin || source === `${req.protocol}://${req.host}`;
    if (source === undefined || sameSite) return next();
    res.status(403).type("text/plain").send("Cross-site request refused.");
  };
}

export type PolicyOptions = {
  nonce: string;
  /** Origins whose pages the site shows in frames (the booking and community forms). */
  frameSources: string[];
  /** Origins a form may submit to besides the site (the Google sign-in issuer, the payment provider's page). */
  formTargets: string[];
  /** The route map's tile server (MAP_TILE_URL), whose tiles are images. */
  imageSources?: string[];
  secure: boolean;
  /** Vite's dev server injects styles and talks over a WebSocket. */
  development: boolean;
};

/** The Content-Security-Policy header value for one response. */
export function contentSecurityPolicy({
  nonce,
  frameSources,
  formTargets,
  imageSources = [],
  secure,
  development,
}: PolicyOptions): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", `'nonce-${nonce}'`],
    // A nonce, not 'unsafe-inline': Radix's scroll lock injects one small <style> with it.
    development ? ["style-src", "'self'", "'unsafe-inline'"] : ["style-src", "'self'", `'nonce-${nonce}'`],
    ["img-src", "'self'", "data:", "blob:", "https:", ...imageSources],
    ["font-src", "'self'"],
    development ? ["connect-src", "'self'", "ws:", "wss:"] : ["connect-src", "'self'"],
    frameSources.length > 0 ? ["frame-src", ...frameSources] : ["frame-src", "'none'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'", ...formTargets],
    ["frame-ancestors", "'none'"],
  ];
  if (secure) directives.push(["upgrade-insecure-requests"]);
  return directives.map((directive) => directive.join(" ")).join("; ");
}

const PERMISSIONS_POLICY = ["camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()"].join(", ");

/** Stands for the nonce in a policy built ahead; no origin or keyword contains it. */
const NONCE_MARK = "\0";

/** The security headers of every response, the CSP with this request's nonce. */
export function securityHeaders(
  env: Pick<Env, "nodeEnv" | "google" | "map" | "razorpay">,
  frameSources: FrameSources,
): RequestHandler {
  // "Pay online" posts to the booking page, which redirects to the provider's page: Chromium
  // holds a form's redirects to form-action too.
  const formTargets = [
    ...(env.google ? [new URL(env.google.issuer).origin] : []),
    ...(paymentMethodsOf(env).online?.checkoutOrigins ?? []),
  ];
  const imageSources = env.map ? [env.map.origin] : [];
  const development = env.nodeEnv === "development";
  // Responses' policies differ only in their nonce, so each is built once per list of frame
  // sources (a new list whenever rides or the configuration change) and cut where the nonce goes.
  let built: { sources: string[]; pieces: Map<boolean, string[]> } | undefined;
  const policy = (sources: string[], secure: boolean, nonce: string) => {
    if (built?.sources !== sources) built = { sources, pieces: new Map() };
    let pieces = built.pieces.get(secure);
    if (!pieces) {
      const options = { nonce: NONCE_MARK, frameSources: sources, formTargets, imageSources, secure, development };
      pieces = contentSecurityPolicy(options).split(NONCE_MARK);
      built.pieces.set(secure, pieces);
    }
    return pieces.join(nonce);
  };
  return async (_req, res, next) => {
    const { nonce, secure } = requestInfoOf(res);
    res.setHeader("Content-Security-Policy", policy(await frameSources(), secure, nonce));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (secure) res.setHeader("Strict-Transport-Security", "max-age=31536000");
    next();
  };
}

/** The protections above, in order: mount after identifyRequests, before static files and React Router. */
export function security(env: Env, frameSources: FrameSources): RequestHandler[] {
  return [refuseCrossSiteWrites(env), securityHeaders(env, frameSources)];
}
