import { data, useRouteLoaderData } from "react-router";
import { RidePocket } from "~/components/rider-pocket/ride-pocket";
import { BookingBar } from "~/components/ride/booking-bar";
import { rideAmount } from "~/domain/cost";
import { formatDateRange } from "~/domain/dates";
import { BookingCard, type SiteRegistration } from "~/components/ride/booking-card";
import { RideError } from "~/components/ride/ride-error";
import { type RideLoadErrorData, type RideNotFoundData, rideErrorMessage } from "~/components/ride/ride-error-message";
import { RideHero } from "~/components/ride/ride-hero";
import { RideInclusions } from "~/components/ride/ride-inclusions";
import { RideItinerary } from "~/components/ride/ride-itinerary";
import { RideOverview } from "~/components/ride/ride-overview";
import { RidePolicy } from "~/components/ride/ride-policy";
import { RideRoute, type RideRouteView } from "~/components/ride-route/ride-route";
import { RideTabs } from "~/components/ride/ride-tabs";
import { Island } from "~/islands/island";
import { RideThingsToCarry } from "~/components/ride/ride-things-to-carry";
import { SimilarRides } from "~/components/ride/similar-rides";
import { type AppServices, servicesContext } from "~/context";
import { SIMILAR_RIDES_LIMIT } from "~/domain/constants";
import { FALLBACK_CONFIG, rideForDisplay } from "~/domain/defaults";
import { fallbackRide, fallbackRides } from "~/domain/fallback-content";
import type { Ride } from "~/domain/ride";
import { seatsText } from "~/domain/registration/availability";
import { registerHref, rideHref } from "~/domain/links";
import { rideSummary } from "~/domain/ride-summary";
import { absoluteUrl, rideMetaTags } from "~/domain/ride-seo";
import { itineraryWithRoute } from "~/domain/ride-route/format";
import { rideShare } from "~/domain/ride-share";
import { rideShareCard, rideShareCardPath } from "~/domain/share-card";
import { pageTitle } from "~/domain/site";
import { getRideRoute } from "~/server/ride-routes/ride-routes.server";
import { availabilityOf, rideCards } from "~/server/registrations/public-seats.server";
import { countPublicRides, getPublicRide } from "~/server/rides/public-rides.server";
import { isPreviewRequest } from "~/server/preview-links.server";
import { getRide, similarRides } from "~/server/rides/rides.server";
import { loadOrFallback } from "~/server/load-or-fallback.server";
import { serverClock } from "~/server/clock.server";
import { coversOf } from "~/server/rides/covers.server";
import { loadParts } from "~/server/page-parts.server";
import { PageSections } from "~/components/page-sections";
import { RIDE_PAGE_PARTS, type RidePageData } from "~/features/slots/ride-page.server";
import { RIDE_PAGE_SECTIONS } from "~/features/slots/ride-page";
import type { loader as layoutLoader } from "./layout";
import type { Route } from "./+types/ride";

const LOAD_ERROR_MESSAGE = "The ride could not be loaded right now. Please try again in a few minutes.";

type Details = {
  ride: Ride;
  similar: Ride[];
  sample: boolean;
  registration?: SiteRegistration;
  route?: RideRouteView | null;
};

/** What the page draws of a ride's route (decision 024). */
async function routeView(db: AppServices["db"], rideId: string): Promise<RideRouteView | null> {
  const route = await getRideRoute(db, rideId);
  if (!route) return null;
  const { drawing, days, distance, climb, descent, highest, profile } = route.summary;
  return { summary: { drawing, days, distance, climb, descent, highest, profile }, meetingPoint: route.meetingPoint };
}

/**
 * Seats and Register Now of a ride taking registrations here; undefined for its external form
 * (product.md#registration).
 */
async function siteRegistration(db: AppServices["db"], ride: Ride): Promise<SiteRegistration | undefined> {
  const availability = await availabilityOf(db, ride);
  if (availability.state === "external") return undefined;
  const open = availability.state === "open" || availability.state === "waitlist";
  return { seats: seatsText(availability), href: open ? registerHref(ride.id) : null };
}

/** A draft or scheduled ride shows only through its preview link (decision 025). */
async function loadDetails(db: AppServices["db"], id: string, previewing: boolean): Promise<Details | null> {
  const ride = previewing ? await getRide(db, id) : await getPublicRide(db, id);
  if (!ride) return null;
  const [similar, registration, route] = await Promise.all([
    similarRides(db, ride),
    siteRegistration(db, ride),
    routeView(db, ride.id),
  ]);
  return { ride, similar, sample: false, registration, route };
}

/**
 * product.md#public-fallbacks: public pages show sample content when the data cannot be loaded, and those
 * samples link here; the sample rides are served from the bundle, never from the database.
 */
function sampleDetails(id: string): Details | null {
  const ride = fallbackRide(id);
  if (!ride) return null;
  const similar = fallbackRides(ride.status)
    .filter((other) => other.id !== ride.id)
    .slice(0, SIMILAR_RIDES_LIMIT);
  return { ride, similar, sample: true };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { rideId } = params;
  let details: Details | null;
  try {
    const previewing = isPreviewRequest(services.env.sessionSecret, "rides", rideId, new URL(request.url));
    details = (await loadDetails(services.db, rideId, previewing)) ?? sampleDetails(rideId);
  } catch (error) {
    services.logger.error({ err: error, rideId }, "ride details could not be loaded");
    details = sampleDetails(rideId);
    if (!details) throw data({ message: LOAD_ERROR_MESSAGE } satisfies RideLoadErrorData, { status: 503 });
  }
  if (!details) {
    const availableRides = await countPublicRides(services.db).catch(() => 0);
    throw data({ rideId, availableRides } satisfies RideNotFoundData, { status: 404 });
  }
  const ride = rideForDisplay(details.ride);
  const route = details.route ?? null;
  // What the features show of the ride (its gallery, riders' words: app/features/slots/ride-page.server.ts),
  // and the image of a ride without one of its own (its gallery's cover), as its share card does; none
  // for a sample ride. The page goes without what fails to load.
  const [sections, image]: [RidePageData, string] = details.sample
    ? [{}, ride.image]
    : await Promise.all([
        loadParts(services.logger, RIDE_PAGE_PARTS, { db: services.db, ride, now: serverClock() }),
        ride.image ||
          loadOrFallback(
            services.logger,
            "ride cover",
            async () => (await coversOf(services.db, [ride.id])).get(ride.id) ?? "",
            () => "",
          ),
      ]);
  return {
    ride: {
      ...ride,
      image,
      itinerary: itineraryWithRoute(ride.itinerary, route?.summary ?? null),
    },
    route,
    map: services.env.map ? { tileUrl: services.env.map.tileUrl, attribution: services.env.map.attribution } : null,
    similar: details.sample ? details.similar.map(rideSummary) : await rideCards(services, details.similar),
    sample: details.sample,
    registration: details.registration,
    origin: services.env.publicUrl,
    sections,
  };
}

export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  if (error || !loaderData) {
    return [{ title: pageTitle(rideErrorMessage(error).heading) }, { name: "robots", content: "noindex" }];
  }
  const { ride, origin, sample, registration, route } = loaderData;
  // The public layout has loaded the configuration already; its company is the site's name.
  const [, layout] = matches;
  const { company } = layout?.loaderData?.config ?? FALLBACK_CONFIG;
  const siteName = company.name || FALLBACK_CONFIG.company.name;
  const card = rideShareCardPath(ride.id, rideShareCard(ride, registration?.seats ?? null));
  const tags = rideMetaTags(ride, { origin, siteName, location: company.location }, card, route?.meetingPoint);
  return sample ? [...tags, { name: "robots", content: "noindex" }] : tags;
}

export default function RideDetails({ loaderData }: Route.ComponentProps) {
  const { ride, similar, registration, origin, route, map, sections } = loaderData;
  const { company, socialMedia } =
    useRouteLoaderData<typeof layoutLoader>("routes/public/layout")?.config ?? FALLBACK_CONFIG;
  const organiser = { name: company.name, phone: company.phone, whatsapp: socialMedia.whatsapp };
  return (
    <article>
      <RideHero ride={ride} />
      {/* Its links work without script; marking the section being read starts with the first scroll. */}
      <Island name="ride-tabs" component={RideTabs} props={{}} hydrate="scroll" />
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:px-8">
        <div className="min-w-0 divide-y divide-ink-100">
          <RideOverview ride={ride} />
          <PageSections
            sections={RIDE_PAGE_SECTIONS.filter((section) => section.after === "overview")}
            data={sections}
            props={{}}
          />
          <RideItinerary itinerary={ride.itinerary} />
          {route ? <RideRoute rideId={ride.id} title={ride.title} route={route} map={map} /> : null}
          <RideInclusions ride={ride} />
          <RideThingsToCarry ride={ride} />
          <RidePolicy ride={ride} />
          <PageSections
            sections={RIDE_PAGE_SECTIONS.filter((section) => section.after === "policy")}
            data={sections}
            props={{}}
          />
        </div>
        <aside aria-label="Booking" className="lg:sticky lg:top-[calc(var(--spacing-nav)+5rem)] lg:self-start">
          <BookingCard
            ride={ride}
            registration={registration}
            share={rideShare(ride, absoluteUrl(origin, rideHref(ride.id)))}
          />
          <RidePocket
            ride={{ id: ride.id, title: ride.title, dates: formatDateRange(ride.startDate, ride.endDate) }}
            organiser={organiser}
          />
        </aside>
      </div>
      <SimilarRides rides={similar} variant={ride.status === "completed" ? "completed" : "upcoming"} />
      {ride.status === "upcoming" && (!registration || registration.href) ? (
        <Island
          name="booking-bar"
          component={BookingBar}
          props={{ price: rideAmount(ride)?.amount ?? null, registerHref: registration?.href ?? null }}
          // Hidden until the hero has scrolled away: nothing for it to do before the first scroll.
          hydrate="scroll"
        />
      ) : null}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RideError error={error} />;
}
