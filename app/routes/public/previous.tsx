import { Mountain } from "lucide-react";
import { Link, redirect } from "react-router";
import { RideGrid } from "~/components/ride-grid";
import { StatsStrip } from "~/components/stats-strip";
import { servicesContext } from "~/context";
import { fallbackRides } from "~/domain/fallback-content";
import { groupByYear, pageCount, requestedPage } from "~/domain/ride-pages";
import { rideSummary } from "~/domain/ride-summary";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { pageMetaTags, seoSite } from "~/domain/page-seo";
import { FALLBACK_STATS } from "~/domain/stats";
import { PageLinks } from "~/components/page-links";
import { loadOrFallback } from "~/server/load-or-fallback.server";
import { listPreviousRides } from "~/server/rides/rides.server";
import { getStats } from "~/server/content/stats.server";
import { coversOf } from "~/server/rides/covers.server";
import { factsOf, loadParts } from "~/server/page-parts.server";
import { RIDE_CARD_PARTS } from "~/features/slots/ride-cards.server";
import type { Route } from "./+types/previous";
import { UPCOMING_PATH, previousPageHref } from "~/domain/links";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, env, logger } = context.get(servicesContext);
  // Not awaited: the page streams without waiting for the statistics. It never rejects.
  const stats = loadOrFallback(
    logger,
    "statistics",
    () => getStats(db),
    () => FALLBACK_STATS,
  );
  const asked = new URL(request.url).searchParams.get("page");
  // A page past the end cannot be known before the count: read the first page, or the one asked
  // for, and send any other request (page=0, page=abc, page=999) to the first page.
  const page = requestedPage(asked, Number.MAX_SAFE_INTEGER);
  if (page === null) throw redirect(previousPageHref(1));
  const { rides, total } = await loadOrFallback(
    logger,
    "completed rides",
    () => listPreviousRides(db, page),
    () => ({ rides: page === 1 ? fallbackRides("completed") : [], total: fallbackRides("completed").length }),
  );
  const pages = pageCount(total);
  if (page > pages) throw redirect(previousPageHref(1));
  const ids = rides.map((ride) => ride.id);
  // What the features add to each card (its average rating, its photo count: app/features/slots/ride-cards.server.ts)
  // and the image of a ride without one of its own (its gallery's cover): the page goes without
  // them if they fail to load.
  const [facts, covers] = await Promise.all([
    loadParts(logger, RIDE_CARD_PARTS, { db, rideIds: ids }),
    loadOrFallback(
      logger,
      "ride covers",
      () => coversOf(db, ids),
      () => new Map<string, string>(),
    ),
  ]);
  const cards = rides.map((ride) =>
    Object.assign(rideSummary(ride), {
      image: ride.image || covers.get(ride.id) || "",
      facts: factsOf(facts, ride.id),
    }),
  );
  return { rides: cards, stats, page, pages, origin: env.publicUrl };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { page = 1, pages = 1, origin = "" } = loaderData ?? {};
  const link = (rel: string, target: number) => ({
    tagName: "link",
    rel,
    href: `${origin}${previousPageHref(target)}`,
  });
  return [
    ...pageMetaTags("previous", seoSite(matches[1]?.loaderData, FALLBACK_CONFIG.company.name), {
      title: page === 1 ? "Past Adventures" : `Past Adventures, page ${page} of ${pages}`,
      canonicalPath: previousPageHref(page),
    }),
    ...(page > 1 ? [link("prev", page - 1)] : []),
    ...(page < pages ? [link("next", page + 1)] : []),
  ];
}

/** '/previous' (product.md#previous-page): statistics and the completed rides. */
export default function Previous({ loaderData }: Route.ComponentProps) {
  const { rides, stats, page, pages } = loaderData;
  return (
    <>
      <section aria-labelledby="previous-title" className="bg-ink-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
          <p className="text-sm font-semibold tracking-[0.2em] text-brand-300 uppercase">Where we have been</p>
          <h1 id="previous-title" className="mt-2 text-hero font-extrabold">
            Past Adventures
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-200">
            Every ride leaves a story, a few thousand photos and friends for life. Here is what we have ridden together
            so far.
          </p>
          <div className="mt-10">
            <StatsStrip stats={stats} />
          </div>
        </div>
      </section>

      <section aria-label="Completed rides" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        {rides.length > 0 ? (
          <>
            {groupByYear(rides).map(({ year, rides: ofYear }) => (
              <section key={year ?? "undated"} aria-labelledby={`year-${year ?? "undated"}`} className="mb-12">
                <h2 id={`year-${year ?? "undated"}`} className="mb-6 text-2xl font-extrabold text-ink-900">
                  {year ?? "Date to be confirmed"}
                </h2>
                <RideGrid rides={ofYear} variant="completed" headingLevel={3} />
              </section>
            ))}
            {pages > 1 && <PageLinks page={page} pages={pages} />}
          </>
        ) : (
          <div className="rounded-card border-2 border-dashed border-ink-200 bg-sand-50 px-6 py-14 text-center">
            <Mountain aria-hidden="true" className="mx-auto size-12 text-brand-600" />
            <h2 className="mt-4 text-2xl font-bold text-ink-900">Our first adventure is on its way</h2>
            <p className="mx-auto mt-2 max-w-md text-ink-600">
              Completed rides will appear here. Why not be part of the first one?
            </p>
            <Link
              to={UPCOMING_PATH}
              className="mt-6 inline-flex min-h-11 items-center rounded-full bg-ink-900 px-5 font-semibold text-white hover:bg-ink-700"
            >
              See Upcoming Rides
            </Link>
          </div>
        )}
      </section>
    </>
  );
}
