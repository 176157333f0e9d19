import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/**
 * Express ↔ Fetch API, as @react-router/express does it, split in two so the HTTP shell can
 * look at React Router's Response (cache it, turn a 500 during a database outage into a 503)
 * before sending it.
 */

function headersOf(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(name, value);
    else headers.set(name, values);
  }
  return headers;
}

function urlOf(req: ExpressRequest): URL {
  // req.protocol and req.host already honour X-Forwarded-* when (and only when) TRUST_PROXY says
  // so; the host and the path were checked on the way in (server/request-target.ts).
  return new URL(`${req.protocol}://${req.host}${req.originalUrl}`);
}

/** The Fetch Request React Router expects; aborted when the client goes away before the end. */
export function fetchRequestOf(req: ExpressRequest, res: ExpressResponse, method = req.method): Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method, headers: headersOf(req), signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(urlOf(req), init);
}

export function isResponseClosed(res: ExpressResponse): boolean {
  return res.destroyed || res.writableEnded;
}

/** Streams a Fetch Response out through Express (and so through the compression middleware). */
export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (isResponseClosed(res)) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!isResponseClosed(res)) throw error;
  }
}
