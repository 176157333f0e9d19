import type { RequestHandler, Response } from "express";
import { isValidHostName } from "~/domain/web-url";
import type { Env } from "~/server/env.server";

// What a request names before anything else reads it: its method, its target and its host.
// Later code (the URL React Router gets, the site's own origin, the cross-site check) builds
// URLs from them and may then rely on their being valid. The fuzzer of decision 018 found each
// refusal below answered with a 500 before.

/** Every method the site answers (React Router itself refuses the ones no route takes). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const ALLOW = "GET, HEAD, POST";

const CONTROL = /\p{Cc}/u;

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function refuse(res: Response, status: 400 | 405, message: string): void {
  if (status === 405) res.setHeader("Allow", ALLOW);
  res.status(status).type("text/plain").send(message);
}

const HOST_AND_PORT = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/;

/** A Host header's value: a valid host name or address (as sent, not for the URL parser to mend), with an optional port 1–65535. */
export function isValidHost(host: string): boolean {
  const [, name = "", port] = HOST_AND_PORT.exec(host) ?? [];
  if (!name || (port !== undefined && (Number(port) < 1 || Number(port) > 65_535))) return false;
  const hostname = URL.parse(`http://${name}`)?.hostname;
  return hostname === name.toLowerCase() && isValidHostName(hostname);
}

/**
 * Refuses what names no resource of this site (400, or 405 for a method it never answers),
 * answers the server-wide `OPTIONS *`, and turns an absolute-form target
 * (`GET http://host/about`, which HTTP/1.1 servers must accept) into its path, with its
 * authority as the host. An HTTP/1.0 request may come without a Host: it gets PUBLIC_URL's.
 */
export function guardRequestTarget(env: Pick<Env, "publicUrl">): RequestHandler {
  const defaultHost = new URL(env.publicUrl).host;
  return (req, res, next) => {
    if (!METHODS.has(req.method)) return refuse(res, 405, "Method not allowed.");
    if (req.url === "*") {
      if (req.method !== "OPTIONS") return refuse(res, 400, "Bad request: * names no page.");
      res.setHeader("Allow", ALLOW);
      res.status(204).end();
      return;
    }
    if (!req.url.startsWith("/")) {
      const target = /^https?:\/\//i.test(req.url) ? URL.parse(req.url) : null;
      if (!target) return refuse(res, 400, "Bad request: the request target is not a path or a URL.");
      req.url = `${target.pathname}${target.search}`;
      req.originalUrl = req.url;
      req.headers.host = target.host;
    }
    if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 0) {
      req.headers.host = defaultHost;
    }
    if (!isValidHost(req.host ?? "")) return refuse(res, 400, "Bad request: the Host header is not a valid host.");
    // No page's path holds a control character (a newline, say), and React Router's catch-all
    // route does not match one either: such a path is sent home, as any unknown path is.
    if (CONTROL.test(decodedPath(req.path))) return res.redirect(302, "/");
    next();
  };
}
