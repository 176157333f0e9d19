import { Mountain } from "lucide-react";
import { Link } from "react-router";
import { RideGrid } from "~/components/ride-grid";
import { StatsStrip } from "~/components/stats-strip";
import { servicesContext } from "~/context";
import { fallbackRides } from "~/domain/fallback-content";
import { rideSummary } from "~/domain/ride-summary";
import { pageTitle } from "~/domain/site";
import { FALLBACK_STATS } from "~/domain/stats";
import { loadOrFallback } from "~/server/load-or-fallback.server";
import { listPreviousRides } from "~/server/services/rides.server";
import { getStats } from "~/server/services/stats.server";
import type { Route } from "./+types/previous";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  // Not awaited: the page streams without waiting for the statistics. It never rejects.
  const stats = loadOrFallback(
    logger,
    "statistics",
    () => getStats(db),
    () => FALLBACK_STATS,
  );
  const rides = await loadOrFallback(
    logger,
    "completed rides",
    () => listPreviousRides(db),
    () => fallbackRides("completed"),
  );
  return { rides: rides.map(rideSummary), stats };
}

export function meta() {
  return [
    { title: pageTitle("Past Adventures") },
    {
      name: "description",
      content: "The rides we have completed: routes, distances, riders and the photos and videos from the road.",
    },
  ];
}

/** '/previous' (SPEC §2): statistics and the completed rides. */
export default function Previous({ loaderData }: Route.ComponentProps) {
  const { rides, stats } = loaderData;
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
          <RideGrid rides={rides} variant="completed" />
        ) : (
          <div className="rounded-card border-2 border-dashed border-ink-200 bg-sand-50 px-6 py-14 text-center">
            <Mountain aria-hidden="true" className="mx-auto size-12 text-brand-600" />
            <h2 className="mt-4 text-2xl font-bold text-ink-900">Our first adventure is on its way</h2>
            <p className="mx-auto mt-2 max-w-md text-ink-600">
              Completed rides will appear here. Why not be part of the first one?
            </p>
            <Link
              to="/upcoming"
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
