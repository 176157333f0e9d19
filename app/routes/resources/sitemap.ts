import { servicesContext } from "~/context";
import { buildSitemap, type SitemapEntry } from "~/domain/sitemap";
import { ABOUT_PATH, CONTACT_PATH, HOME_PATH, PREVIOUS_PATH, rideHref } from "~/domain/links";
import { absoluteUrl } from "~/domain/ride-seo";
import { listPublicRides } from "~/server/rides/public-rides.server";
import type { Route } from "./+types/sitemap";

const PUBLIC_PAGES = [HOME_PATH, PREVIOUS_PATH, ABOUT_PATH, CONTACT_PATH];

/** /sitemap.xml: the public pages and every upcoming and completed ride. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, env, logger } = context.get(servicesContext);
  const origin = env.publicUrl;
  try {
    const rides = await listPublicRides(db);
    const entries: SitemapEntry[] = [
      ...PUBLIC_PAGES.map((path) => ({ loc: absoluteUrl(origin, path) })),
      ...rides.map((ride) => ({ loc: absoluteUrl(origin, rideHref(ride.id)), lastmod: ride.updatedAt })),
    ];
    return new Response(buildSitemap(entries), {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });
  } catch (error) {
    // A sitemap without its rides would tell crawlers they are gone; ask them to come back instead.
    logger.error({ err: error }, "sitemap: rides could not be loaded");
    return new Response("Sitemap temporarily unavailable", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300" },
    });
  }
}
