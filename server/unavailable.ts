import type { Response as ExpressResponse } from "express";
import type { DatabaseFailures } from "~/server/db/failures.server";

/** How soon a client (or a crawler) should try again during an outage. */
export const RETRY_AFTER_SECONDS = 5;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The page for requests that arrive before the database is reachable (start-up during an
 * outage). Plain markup: it must not depend on anything that could be failing too, and the
 * CSP forbids inline styles.
 */
export function unavailablePage(requestId: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Back in a moment</title></head>
<body>
<main>
<h1>Back in a moment</h1>
<p>The site cannot reach its data right now. Please try again in a few seconds.</p>
<p><small>Reference: ${escapeHtml(requestId)}</small></p>
</main>
</body>
</html>
`;
}

export function sendUnavailable(res: ExpressResponse, requestId: string): void {
  res.status(503);
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  res.setHeader("Cache-Control", "no-store");
  if (res.req.accepts(["html", "text"]) === "html") res.type("html").send(unavailablePage(requestId));
  else res.type("text/plain").send("Service temporarily unavailable: the database cannot be reached.");
}

/**
 * A response that failed because the database was unreachable says so: 503 with Retry-After,
 * not 500, so clients, crawlers and load balancers know it is temporary. The body (the error
 * page React Router rendered) stays. Degraded responses are never stored by a cache.
 */
export function withOutageStatus(response: Response, failures: DatabaseFailures): Response {
  if (!failures.failed) return response;
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "no-store");
  if (!failures.unavailable || response.status < 500)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
}
