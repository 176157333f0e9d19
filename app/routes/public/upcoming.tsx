import { CalendarPlus, Compass, Users } from "lucide-react";
import { Link } from "react-router";
import { FeaturedBanner } from "~/components/featured-banner";
import { HeroCarousel } from "~/components/hero-carousel";
import { RideGrid } from "~/components/ride-grid";
import { servicesContext } from "~/context";
import { FALLBACK_SLIDES, fallbackRides } from "~/domain/fallback-content";
import { ABOUT_PATH, CONTACT_PATH, PREVIOUS_PATH, RIDES_CALENDAR_PATH, rideHref, webcalHref } from "~/domain/links";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { pageMetaTags, seoSite } from "~/domain/page-seo";
import { loadOrFallback } from "~/server/load-or-fallback.server";
import { rideCards } from "~/server/registrations/public-seats.server";
import { getFeaturedRide } from "~/server/content/featured.server";
import { listUpcomingRides } from "~/server/rides/rides.server";
import { isPreviewRequest } from "~/server/preview-links.server";
import { listActiveSlides, listActiveSlidesWith } from "~/server/content/slides.server";
import type { Route } from "./+types/upcoming";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, logger, env } = context.get(servicesContext);
  // A draft or scheduled slide shows only through its preview link (decision 025).
  const url = new URL(request.url);
  const slideId = url.searchParams.get("slide");
  const previewing = slideId !== null && isPreviewRequest(env.sessionSecret, "heroSlides", slideId, url);
  const [rides, slides, featured] = await Promise.all([
    loadOrFallback(
      logger,
      "upcoming rides",
      () => listUpcomingRides(db),
      () => fallbackRides("upcoming"),
    ),
    loadOrFallback(
      logger,
      "hero slides",
      () => (previewing ? listActiveSlidesWith(db, slideId) : listActiveSlides(db)),
      () => [...FALLBACK_SLIDES],
    ),
    // No sample banner: without its data the page simply shows none.
    loadOrFallback(
      logger,
      "featured ride",
      () => getFeaturedRide(db),
      () => null,
    ),
  ]);
  return {
    rides: await rideCards({ db, logger }, rides),
    slides,
    featured: featured?.isActive ? featured : null,
    calendarFeed: webcalHref(env.publicUrl, RIDES_CALENDAR_PATH),
  };
}

/** '/' and '/upcoming' are one page: both name '/' as the canonical address. */
export function meta({ matches }: Route.MetaArgs) {
  return pageMetaTags("home", seoSite(matches[1]?.loaderData, FALLBACK_CONFIG.company.name));
}

/** '/' and '/upcoming' (product.md#upcoming-page): hero carousel, featured ride, upcoming rides, call to join. */
export default function Upcoming({ loaderData }: Route.ComponentProps) {
  const { rides, slides, featured, calendarFeed } = loaderData;
  const firstRideId = rides[0]?.id ?? null;
  // A slide has no link of its own; its button leads where the banner's default does.
  const ctaHref = firstRideId ? rideHref(firstRideId) : CONTACT_PATH;
  const nothingAbove = slides.length === 0 && !featured;

  return (
    <>
      {slides.length > 0 && <HeroCarousel slides={slides} ctaHref={ctaHref} learnMoreHref={ABOUT_PATH} />}
      {featured && <FeaturedBanner featured={featured} firstUpcomingRideId={firstRideId} />}

      <section aria-labelledby="upcoming-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <p className="text-sm font-semibold tracking-[0.2em] text-brand-600 uppercase">Ride with us</p>
        <h1 id="upcoming-title" className="mt-2 text-title font-extrabold text-ink-900">
          Upcoming Rides
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-ink-600">
          Small groups, planned routes and a crew that looks out for every rider. Choose a trip and reserve your spot.
        </p>
        {/* A plain link: calendar apps subscribe to the feed and follow new rides and changed dates. */}
        <a
          href={calendarFeed}
          className="mt-4 inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          <CalendarPlus aria-hidden="true" className="size-5" />
          Add upcoming rides to your calendar
        </a>
        <div className="mt-10">
          {rides.length > 0 ? (
            <RideGrid rides={rides} variant="upcoming" eagerCount={nothingAbove ? 3 : 0} />
          ) : (
            <div className="rounded-card border-2 border-dashed border-ink-200 bg-sand-50 px-6 py-14 text-center">
              <Compass aria-hidden="true" className="mx-auto size-12 text-brand-600" />
              <h2 className="mt-4 text-2xl font-bold text-ink-900">No upcoming rides right now</h2>
              <p className="mx-auto mt-2 max-w-md text-ink-600">
                New trips are announced regularly. Relive our past adventures or get in touch to hear about the next one
                first.
              </p>
              <div className="mt-6 flex flex-wrap justify-center gap-3">
                <Link
                  to={PREVIOUS_PATH}
                  className="inline-flex min-h-11 items-center rounded-full bg-ink-900 px-5 font-semibold text-white hover:bg-ink-700"
                >
                  See Past Adventures
                </Link>
                <Link
                  to={CONTACT_PATH}
                  className="inline-flex min-h-11 items-center rounded-full border-2 border-ink-900 px-5 font-semibold text-ink-900 hover:bg-ink-900 hover:text-white"
                >
                  Contact Us
                </Link>
              </div>
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="join-title" className="bg-ink-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-col items-center px-4 py-16 text-center sm:px-6 lg:px-8">
          <Users aria-hidden="true" className="size-10 text-brand-400" />
          <h2 id="join-title" className="mt-4 text-title font-extrabold">
            Ready to Start Your Journey?
          </h2>
          <p className="mt-3 max-w-xl text-lg text-ink-200">
            Join a community of riders who trade weekends on the sofa for sunrise on the open road.
          </p>
          <Link
            to={CONTACT_PATH}
            className="mt-8 inline-flex min-h-12 items-center rounded-full bg-brand-600 px-8 font-semibold text-white shadow-lg transition-colors hover:bg-brand-700"
          >
            Join Our Community
          </Link>
        </div>
      </section>
    </>
  );
}
