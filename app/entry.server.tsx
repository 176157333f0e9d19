// React Router's default Node streaming entry, plus this site's two needs: every inline script
// carries the request's CSP nonce, and every error is logged with the request id the browser
// was shown (server/security.ts draws both).
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { DocumentInfoProvider } from "./components/document-info";
import { requestContext, servicesContext } from "./context";
import { loggablePath } from "./domain/loggable-paths";

export const streamTimeout = 5_000;

type Context = Readonly<RouterContextProvider>;

function logError(context: Context, request: Request, error: unknown): void {
  const { logger } = context.get(servicesContext);
  const { requestId } = context.get(requestContext);
  const path = loggablePath(new URL(request.url).pathname);
  logger.error({ err: error, requestId, method: request.method, path }, "request failed");
}

/**
 * Errors of loaders, actions and rendering: to the log, with the request id; never to the
 * browser. A request React Router refuses itself (no such page, a method no route takes) is
 * the visitor's mistake, not the site's: it is noted at info level, so nobody can fill the
 * error log by asking for pages that do not exist.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // The browser went away: nothing failed that anyone needs to know about.
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const { logger } = context.get(servicesContext);
    const { requestId } = context.get(requestContext);
    const path = loggablePath(new URL(request.url).pathname);
    logger.info({ status: error.status, requestId, method: request.method, path }, "request refused");
    return;
  }
  logError(context, request, error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, requestId } = loadContext.get(requestContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let statusCode = responseStatusCode;
    const userAgent = request.headers.get("user-agent");

    // Crawlers (and link previews) get the whole page at once; people get it streamed.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Abort the rendering stream after `streamTimeout` so it has time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <DocumentInfoProvider value={{ requestId, nonce }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentInfoProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: statusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          statusCode = 500;
          // Errors before the shell reject and React Router logs them through handleError.
          if (shellRendered) logError(loadContext, request, error);
        },
      },
    );
  });
}
