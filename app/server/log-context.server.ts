import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What every log line written while handling one request carries (its request id), whoever
 * writes it: a loader, a service, the database layer. The HTTP shell opens the scope for each
 * request; the logger adds its fields to each line (logger.server.ts).
 */
export type LogContext = {
  readonly requestId: string | undefined;
  /** The id a trusted proxy gave the request (server/security.ts), to find it in the proxy's logs. */
  readonly forwardedRequestId?: string | undefined;
};

const scope = new AsyncLocalStorage<LogContext>();

export function withLogContext<T>(context: LogContext, work: () => T): T {
  return scope.run(context, work);
}

/** Fields for the current line; a field the line sets itself wins, so none appears twice. */
export function logContextFields(): { requestId?: string; forwardedRequestId?: string } {
  const context = scope.getStore();
  if (!context?.requestId) return {};
  const { requestId, forwardedRequestId } = context;
  return forwardedRequestId ? { requestId, forwardedRequestId } : { requestId };
}
