import { servicesContext } from "~/context";
import { absoluteUrl } from "~/domain/ride-seo";
import { buildRobotsTxt } from "~/domain/sitemap";
import type { Route } from "./+types/robots";

/** /robots.txt: crawl everything but the admin portal; the sitemap's absolute address. */
export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  const sitemapUrl = absoluteUrl(env.publicUrl, "/sitemap.xml");
  return new Response(buildRobotsTxt(sitemapUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
