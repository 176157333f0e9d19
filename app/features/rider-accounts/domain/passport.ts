import { MAX_RIDE_KM } from "~/domain/ride-values";
import { formatStatNumber } from "~/domain/stats";

// A rider's ride passport (docs/features/ride-passport.md): what they rode with the community,
// from their check-ins. Each ride counts its route's figures when it has a GPX route, else the
// distance typed on the ride; a route without elevations adds no climb and no highest point.

/** A ride the rider was checked in on, with what its route (if any) says. */
export type RiddenRide = {
  id: string;
  title: string;
  startDate: string;
  endDate: string;
  /** The ride's distance field, in whole km (domain/distance.ts distanceKm). */
  distanceKm: number;
  /** The route's figures, in metres; null when the ride has no route. */
  route: { distance: number; climb: number | null; highest: { elevation: number; name: string } | null } | null;
};

export type PassportFigures = {
  rides: number;
  kilometres: number;
  /** Metres climbed over the rides whose routes have elevations; null when none has. */
  climb: number | null;
  /** The highest point of any route, with the ride it was on; null without elevations. */
  highest: { elevation: number; name: string; rideTitle: string } | null;
  /** The earliest ride by start date; null with none. */
  firstRide: { id: string; title: string; startDate: string } | null;
};

function kilometres(ride: RiddenRide): number {
  const km = ride.route ? ride.route.distance / 1000 : ride.distanceKm;
  return Number.isFinite(km) && km > 0 ? Math.min(km, MAX_RIDE_KM) : 0;
}

/** Rides in the order the passport lists them: the latest first (an undated ride last). */
export function byLatestFirst(rides: readonly RiddenRide[]): RiddenRide[] {
  return [...rides].sort((a, b) => (b.startDate || "").localeCompare(a.startDate || "") || a.id.localeCompare(b.id));
}

export function passportFigures(rides: readonly RiddenRide[]): PassportFigures {
  let climb: number | null = null;
  let highest: PassportFigures["highest"] = null;
  for (const ride of rides) {
    const route = ride.route;
    if (route?.climb != null && Number.isFinite(route.climb)) climb = (climb ?? 0) + Math.max(0, route.climb);
    const top = route?.highest;
    if (top && Number.isFinite(top.elevation) && (!highest || top.elevation > highest.elevation))
      highest = { elevation: top.elevation, name: top.name, rideTitle: ride.title };
  }
  const dated = rides.filter((ride) => ride.startDate);
  const first = dated.length > 0 ? byLatestFirst(dated).at(-1)! : (rides[0] ?? null);
  return {
    rides: rides.length,
    kilometres: Math.round(rides.reduce((sum, ride) => sum + kilometres(ride), 0)),
    climb: climb === null ? null : Math.round(climb),
    highest: highest && { ...highest, elevation: Math.round(highest.elevation) },
    firstRide: first && { id: first.id, title: first.title, startDate: first.startDate },
  };
}

/**
 * The only name a public passport shows: the first word of the account's saved name, else of
 * its latest booking's name; '' when neither has one (the page then says "A rider").
 */
export function passportFirstName(
  savedName: string | null | undefined,
  bookingName: string | null | undefined,
): string {
  for (const name of [savedName, bookingName]) {
    const first = (name ?? "").trim().split(/\s+/)[0];
    if (first) return first;
  }
  return "";
}

/** A public passport's address: 22 url-safe characters (128 random bits), made by the server. */
export const PASSPORT_SLUG = /^[A-Za-z0-9_-]{22}$/;

/** The year of the first ride, all a public passport says of dates ('' when undated). */
export function firstRideYear(figures: PassportFigures): string {
  return figures.firstRide?.startDate.slice(0, 4) ?? "";
}

const plural = (n: number, one: string, many: string) => `${formatStatNumber(n)} ${n === 1 ? one : many}`;

/** The figures as short texts, for the pages and the share card: '3 rides', '1,250 km', '4,200 m climbed'… */
export function passportFigureTexts(figures: PassportFigures): string[] {
  const year = firstRideYear(figures);
  return [
    plural(figures.rides, "ride", "rides"),
    `${formatStatNumber(figures.kilometres)} km`,
    ...(figures.climb === null ? [] : [`${formatStatNumber(figures.climb)} m climbed`]),
    ...(figures.highest ? [`highest point ${formatStatNumber(figures.highest.elevation)} m`] : []),
    ...(year ? [`riding with us since ${year}`] : []),
  ];
}

/** Whose passport a public page or card says it is. */
export function passportTitle(firstName: string): string {
  return `${firstName || "A rider"}'s ride passport`;
}
