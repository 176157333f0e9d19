import type { NextFunction, Request, Response } from "express";
import type { Logger } from "~/server/logger.server";
import { requestInfoOf } from "./security";

/** Paths polled by load balancers every few seconds: logged at debug, not to drown the rest. */
const PROBE_PATHS = new Set(["/healthz", "/readyz"]);

type Locals = { logger?: Logger; baseLogger: Logger };

/**
 * A logger whose every line carries this request's id (drawn by server/security.ts, which
 * runs right after requestLogging; before that, lines go out without it).
 */
export function requestLoggerOf(res: Response): Logger {
  const locals = res.locals as Locals;
  if (locals.logger) return locals.logger;
  const requestId = requestInfoOf(res)?.requestId;
  if (!requestId) return locals.baseLogger;
  locals.logger = locals.baseLogger.child({ requestId });
  return locals.logger;
}

/**
 * One access line per request when its response ends (method, path, status, milliseconds).
 * The path is logged without its query string: sign-in callbacks carry one-time codes there.
 */
export function requestLogging(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    (res.locals as Locals).baseLogger = logger;
    const log = (aborted: boolean) => {
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
      const line = { method: req.method, path: req.path, status: res.statusCode, ms, ...(aborted ? { aborted } : {}) };
      const requestLogger = requestLoggerOf(res);
      if (PROBE_PATHS.has(req.path)) requestLogger.debug(line, "request");
      else requestLogger.info(line, "request");
    };
    res.once("finish", () => log(false));
    res.once("close", () => {
      if (!res.writableFinished) log(true);
    });
    next();
  };
}
