import type { Request, RequestHandler } from "express";
import onHeaders from "on-headers";

// A response that goes out before its request's body was read (a 401 for a signed-out upload,
// a 405, a 413 for a photo past 20 MB) leaves the rest of that body on the connection. Left
// there, it is read as the start of the next request, and Node resets the connection: behind a
// proxy that reuses connections, a random 502 (issue 17).

/** A body this size or less that nobody read is read and dropped: the connection stays open. */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;

function hasBody(req: Request): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

function drainable(req: Request): boolean {
  const declared = Number(req.headers["content-length"]);
  return req.headers["transfer-encoding"] === undefined && Number.isFinite(declared) && declared <= DRAIN_LIMIT_BYTES;
}

/**
 * Once the answer is sent, the rest of an unread body is read and dropped, and the connection
 * stays open for the next request. A larger or unbounded one is answered with
 * `Connection: close`: Node ends the connection once the answer is out, and a client that reads
 * while it sends (a browser, curl, a proxy) has the answer, not a reset.
 */
export function settleUnreadBodies(): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    onHeaders(res, () => {
      if (!req.complete && !drainable(req)) res.setHeader("Connection", "close");
    });
    res.once("finish", () => {
      if (req.complete || req.destroyed) return;
      // Whoever was reading the body (the Fetch API's stream) is done with it.
      req.removeAllListeners("data");
      req.resume();
    });
    next();
  };
}
