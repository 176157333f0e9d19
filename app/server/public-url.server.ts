import type { Env } from "./env.server";

/**
 * The origin absolute links are built on (canonical links, Open Graph, sitemap, calendar
 * files): PUBLIC_URL when set, else the origin the request came to. Set PUBLIC_URL in
 * production: behind a proxy the request origin may be an internal address, and it comes
 * from the Host header, which the client chooses.
 */
export function publicOrigin(env: Pick<Env, "publicUrl">, request: Request): string {
  return env.publicUrl ?? new URL(request.url).origin;
}
