import type { NextFunction, Request, Response } from "express";
import { loggablePath } from "~/domain/loggable-paths";
import { withLogContext } from "~/server/log-context.server";
import type { Logger } from "~/server/logger.server";
import { requestInfoOf } from "./security";

/** Paths polled by load balancers every few seconds: logged at debug, not to drown the rest. */
const PROBE_PATHS = new Set(["/healthz", "/readyz"]);

/** The id server/security.ts gave this request, once it has. */
export function requestIdOf(res: Response): string | undefined {
  return (requestInfoOf(res) as ReturnType<typeof requestInfoOf> | undefined)?.requestId;
}

/**
 * Mounted right after identifyRequests (server/security.ts): every log line written while the
 * request is handled carries its request id, and one access line (method, path, status,
 * milliseconds) goes out when the response ends. The path is logged as loggablePath gives it:
 * without its query string and without the secret a route declares in it (~/domain/loggable-paths).
 */
export function requestLogging(logger: Logger) {
  // The access line holds only the fields below, none of them secret (the path as loggablePath
  // gives it): it skips the redaction of keys, which costs several times the rest of writing it
  // (the logger's pass over values' shapes, far cheaper, still applies).
  const accessLog = logger.child({}, { redact: { paths: [], remove: true } });
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const info = requestInfoOf(res) as ReturnType<typeof requestInfoOf> | undefined;
    const ids = { requestId: info?.requestId, forwardedRequestId: info?.forwardedRequestId };
    const log = (aborted: boolean) => {
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
      const line = {
        ...ids,
        method: req.method,
        path: loggablePath(req.originalUrl),
        status: res.statusCode,
        ms,
        ...(aborted ? { aborted } : {}),
      };
      if (PROBE_PATHS.has(req.path)) accessLog.debug(line, "request");
      else accessLog.info(line, "request");
    };
    res.once("finish", () => log(false));
    res.once("close", () => {
      if (!res.writableFinished) log(true);
    });
    // The context holds the id itself, never the response: whatever keeps the context (a timer
    // of the connection, say) would keep the whole request alive, and under load that made the
    // young-generation collections copy megabytes and pause every response for ~9 ms.
    withLogContext(ids, next);
  };
}
