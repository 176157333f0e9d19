import { Download, MapPin, Navigation } from "lucide-react";
import { formatKm, formatMetres } from "~/domain/ride-route/format";
import { dayGpxHref, routeGeoJsonHref, routeGpxHref } from "~/domain/links";
import { type MeetingPoint, directionsUrl, meetingPointMapUrl } from "~/domain/ride-route/meeting-point";
import type { RouteSummary } from "~/domain/ride-route/types";
import { ElevationProfile } from "./elevation-profile";
import { Island } from "~/islands/island";
import { RouteDaysTable } from "./route-days-table";
import { RouteMap } from "./route-map";
import { RouteSketch } from "./route-sketch";

export type RideRouteView = {
  summary: Pick<RouteSummary, "drawing" | "days" | "distance" | "climb" | "descent" | "highest" | "profile">;
  meetingPoint: MeetingPoint;
};

const BUTTON =
  "inline-flex items-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2";

/** The tile server of the interactive map, when one is configured (MAP_TILE_URL). */
export type MapTileSource = { tileUrl: string; attribution: string };

type Props = { rideId: string; title: string; route: RideRouteView; map: MapTileSource | null };

/**
 * The ride page's Route section: sketch, profile, days, downloads, Google Maps, the meeting
 * point, and the interactive map on request when tiles are configured.
 */
export function RideRoute({ rideId, title, route, map }: Props) {
  const { summary, meetingPoint } = route;
  const place = meetingPoint.name || "The route's start";
  return (
    <section id="route" aria-labelledby="route-heading" className="scroll-mt-[calc(var(--spacing-nav)+4rem)] py-8">
      <h2 id="route-heading" className="text-title font-bold text-ink-900">
        Route
      </h2>
      <p className="mt-2 text-ink-700">
        {summary.days.length === 1 ? "One day" : `${summary.days.length} days`}, {formatKm(summary.distance)}
        {summary.climb !== null ? `, ${formatMetres(summary.climb)} of climb` : ""}.
      </p>
      <div className="mt-5 space-y-6 text-ink-700">
        <RouteSketch summary={summary} title={`Route of ${title}`} />
        {map ? (
          <Island
            name="route-map"
            component={RouteMap}
            props={{ geoJsonHref: routeGeoJsonHref(rideId), tileUrl: map.tileUrl, attribution: map.attribution }}
            hydrate="visible"
          />
        ) : null}
        <ElevationProfile summary={summary} />
        <RouteDaysTable summary={summary} dayHref={(day) => dayGpxHref(rideId, day)} />
        <div className="flex flex-wrap gap-3">
          <a href={routeGpxHref(rideId)} download className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`}>
            <Download aria-hidden="true" className="size-4" />
            Download GPX
          </a>
          <a
            href={directionsUrl(meetingPoint, summary)}
            target="_blank"
            rel="noopener noreferrer"
            className={`${BUTTON} border border-ink-300 text-ink-900 hover:bg-ink-50`}
          >
            <Navigation aria-hidden="true" className="size-4" />
            Open in Google Maps
          </a>
        </div>
        <div className="rounded-lg border border-ink-100 bg-ink-50 p-4">
          <h3 className="flex items-center gap-2 font-semibold text-ink-900">
            <MapPin aria-hidden="true" className="size-4 text-brand-600" />
            Meeting point
          </h3>
          <p className="mt-1 font-medium text-ink-900">{place}</p>
          {meetingPoint.address ? <p className="whitespace-pre-line">{meetingPoint.address}</p> : null}
          <a
            href={meetingPointMapUrl(meetingPoint)}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-block font-medium text-brand-700 underline underline-offset-2"
          >
            View on Google Maps<span className="sr-only">: {place}</span>
          </a>
        </div>
      </div>
    </section>
  );
}
