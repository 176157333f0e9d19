import type { Request, RequestHandler } from "express";
import onHeaders from "on-headers";
import { MAX_IMAGE_BYTES } from "~/domain/upload";

// A response that goes out before its request's body was read (a 401 for a signed-out upload,
// a 405, a 413 for a photo past 20 MB) leaves the rest of that body on the connection. Left
// there, it is read as the start of the next request, and Node resets the connection: behind a
// proxy that reuses connections, a random 502 (decision 018). Closed at once instead, the client,
// still sending, gets a reset that wipes the answer it had not read yet.

/**
 * How much of a body nobody read is read and dropped after the answer, so that the client
 * finishes sending, reads the answer and may use the connection again: the largest upload the
 * site takes, and then some.
 */
export const DRAIN_LIMIT_BYTES = MAX_IMAGE_BYTES + 12 * 1024 * 1024;

function hasBody(req: Request): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/** A body that says it is longer than the limit: answered with `Connection: close`. */
function tooLongToDrain(req: Request): boolean {
  return Number(req.headers["content-length"] ?? 0) > DRAIN_LIMIT_BYTES;
}

/**
 * Once the answer is sent, the rest of an unread body is read and dropped, up to
 * DRAIN_LIMIT_BYTES, and the connection serves the next request. A body declared longer is
 * answered with `Connection: close`; one that turns out longer (chunked) has its connection cut
 * there.
 */
export function settleUnreadBodies(): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    onHeaders(res, () => {
      if (!req.complete && tooLongToDrain(req)) res.setHeader("Connection", "close");
    });
    res.once("finish", () => {
      if (req.complete || req.destroyed) return;
      // Whoever was reading the body (the Fetch API's stream) is done with it.
      req.removeAllListeners("data");
      let drained = 0;
      req.on("data", (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > DRAIN_LIMIT_BYTES) req.socket.destroy();
      });
      req.resume();
    });
    next();
  };
}
