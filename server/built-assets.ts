import type { RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";

/**
 * The build's hashed files under /assets: each script, stylesheet and SVG as the .br (quality
 * 11) or .gz (level 9) copy the build made (vite.config.ts), whichever the browser accepts
 * (brotli first), with `Vary: Accept-Encoding`; cached for a year, since a changed file gets
 * a new name. Mounted ahead of the page headers: these responses carry only what a script or
 * stylesheet needs (nosniff), not a document's Content-Security-Policy, nor the request's id:
 * the access log keeps it, and no one quotes a script's headers (a page visited on a weak signal
 * pays for each of its scripts' headers: decision 017's budgets count them).
 */
export function builtAssets(directory: string): RequestHandler {
  return expressStaticGzip(directory, {
    enableBrotli: true,
    orderPreference: ["br", "gz"],
    index: false,
    serveStatic: {
      immutable: true,
      maxAge: "1y",
      // The ETag is enough to revalidate, and no script needs a range: two headers fewer on
      // every file, which a first visit on a phone pays for a dozen times.
      lastModified: false,
      acceptRanges: false,
      fallthrough: true,
      setHeaders: (res) => {
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.removeHeader("X-Request-Id");
      },
    },
  }) as RequestHandler;
}
