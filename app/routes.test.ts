import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import * as links from "./domain/links";
import * as adminLinks from "./domain/admin-links";
import {
  BOOKING_ERASED_PATH,
  bookingHref,
  dayGpxHref,
  pageShareCardHref,
  previousPageHref,
  registerHref,
  rideCalendarHref,
  rideHref,
  rideShareCardHref,
  routeGeoJsonHref,
  routeGpxHref,
} from "./domain/links";
import {
  ADMIN_CONTACT_HISTORY_PATH,
  adminInviteHref,
  adminRouteHref,
  captainsHref,
  checkInHref,
  emergencySheetHref,
  publishingHref,
  rideDayPackHref,
  rideDaySyncHref,
  ridersCsvHref,
  ridersHref,
  routeUploadHref,
} from "./domain/admin-links";
import { SECRET_ROUTES, loggablePath } from "./domain/loggable-paths";
import routes from "./routes";

/**
 * Parameters that name public things (a ride, a file of it, a record). A route whose parameter is
 * not here must be declared in SECRET_ROUTES, or its parameter added here on purpose: no route
 * carrying a secret in its path can join the table unnoticed.
 */
const PUBLIC_PARAMS = new Set([
  "rideId",
  "file",
  "kind",
  "name",
  "collection",
  "recordId",
  // An account's id opens nothing without an admin's session (the riders directory).
  "riderId",
  // A public passport's address: the rider made it public to share it (docs/features/ride-passport.md).
  "slug",
]);

/** Every route's full path, as the route table nests them. */
function fullPaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    return [...(entry.path ? [path] : []), ...fullPaths(entry.children ?? [], path)];
  });
}

const SAMPLE = "Se3cret-Value_7";
const sample = (path: string) => path.replace(/:\w+/g, SAMPLE).replace(/\*$/, "some/file.jpg");

describe("the route table's paths in logs", () => {
  const paths = fullPaths(routes);

  it("sweeps the route table: every route parameter is public or declared secret", () => {
    expect(paths).toContain("/booking/:token");
    for (const path of paths) {
      const params = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      if ((SECRET_ROUTES as readonly string[]).includes(path)) {
        expect(params, path).toContain("token");
        continue;
      }
      for (const param of params) expect(PUBLIC_PARAMS, `${path}: is :${param} a secret?`).toContain(param);
    }
    for (const secret of SECRET_ROUTES) expect(paths).toContain(secret);
  });

  it.each(fullPaths(routes).map((path) => [path]))("%s is logged without any secret it carries", (path) => {
    const logged = loggablePath(`${sample(path)}?preview=${SAMPLE}&code=${SAMPLE}&state=${SAMPLE}`);
    if ((SECRET_ROUTES as readonly string[]).includes(path)) {
      expect(logged).toBe(path.replace(":token", "[token]").replace(/:\w+/g, SAMPLE));
      expect(logged).not.toContain(SAMPLE);
    } else {
      expect(logged).toBe(sample(path));
    }
  });
});

/** Every full path a link can name, index routes included, e.g. '/ride/:rideId/gpx/:file'. */
function linkablePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    const own = entry.index || (entry.path !== undefined && !entry.children?.length) ? [path || "/"] : [];
    return [...own, ...linkablePaths(entry.children ?? [], path)];
  });
}

/** A pattern as a regular expression: a parameter is one segment; a splat is left out. */
function patternMatcher(pattern: string): RegExp {
  const source = pattern
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}$`);
}

const patterns = linkablePaths(routes).filter((pattern) => !pattern.includes("*"));

function routeOf(href: string): string | undefined {
  const { pathname } = new URL(href, "http://roadbook.test");
  return patterns.find((pattern) => patternMatcher(pattern).test(pathname));
}

describe("every link of domain/links.ts and domain/admin-links.ts names a route of this table", () => {
  const id = "a b/c";
  const built: Record<string, string> = {
    previousPageHref: previousPageHref(2),
    rideHref: rideHref(id),
    registerHref: registerHref(id),
    rideCalendarHref: rideCalendarHref(id),
    routeGpxHref: routeGpxHref(id),
    dayGpxHref: dayGpxHref(id, 2),
    routeGeoJsonHref: routeGeoJsonHref(id),
    bookingHref: bookingHref("tok/en"),
    rideShareCardHref: rideShareCardHref(id, "0123456789abcdef"),
    pageShareCardHref: pageShareCardHref("about", "0123456789abcdef"),
    transferHref: links.transferHref("tok/en"),
    meLinkHref: links.meLinkHref("tok/en"),
    passportHref: links.passportHref(id),
    passportShareCardHref: links.passportShareCardHref(id, "0123456789abcdef"),
    adminRiderHref: adminLinks.adminRiderHref(id),
    adminRiderCreditHref: adminLinks.adminRiderCreditHref(id),
    adminInviteHref: adminInviteHref("tok/en"),
    ridersHref: ridersHref(id),
    ridersCsvHref: ridersCsvHref(id),
    checkInHref: checkInHref(id),
    rideDayPackHref: rideDayPackHref(id),
    rideDaySyncHref: rideDaySyncHref(id),
    emergencySheetHref: emergencySheetHref(id),
    captainsHref: captainsHref(id),
    adminRouteHref: adminRouteHref(id),
    routeUploadHref: routeUploadHref(id, "my ride.gpx"),
    publishingRides: publishingHref("rides", id),
    publishingHeroSlides: publishingHref("heroSlides", id),
    publishingFeaturedRide: publishingHref("featuredRide", id),
    publishingConfig: publishingHref("config", "config"),
  };
  const constants = Object.entries({ ...links, ...adminLinks } as Record<string, unknown>).filter(
    (entry): entry is [string, string] => entry[0].endsWith("_PATH") && typeof entry[1] === "string",
  );

  it.each(Object.entries(built))("%s", (_name, href) => {
    expect(routeOf(href)).toBeDefined();
  });

  it.each(constants.filter(([name]) => name !== "BOOKING_PATH"))("%s", (_name, path) => {
    expect(routeOf(path)).toBeDefined();
  });

  it("puts a booking's token right after BOOKING_PATH", () => {
    expect(bookingHref("t")).toBe(`${links.BOOKING_PATH}t`);
    expect(routeOf(BOOKING_ERASED_PATH)).toBe("/booking-erased");
    expect(ADMIN_CONTACT_HISTORY_PATH).toBe("/admin/contact/history");
  });

  it("knows no route for an address app/routes.ts does not declare", () => {
    expect(patterns).toContain("/admin/rides/:rideId/captains");
    expect(routeOf("/ride/r1/nope")).toBeUndefined();
    expect(routeOf("/admin/rides/r1/riders.csvx")).toBeUndefined();
  });

  it("keeps a parameter within its segment", () => {
    expect(routeOf(rideHref(id))).toBe("/ride/:rideId");
    expect(routeOf(dayGpxHref(id, 2))).toBe("/ride/:rideId/gpx/:file");
    expect(routeOf(ridersCsvHref(id))).toBe("/admin/rides/:rideId/riders.csv");
    expect(routeUploadHref("r1", "a b.gpx")).toBe("/admin/rides/r1/route/gpx?name=a+b.gpx");
    expect(publishingHref("rides", id)).toBe("/admin/publishing/rides/a%20b%2Fc");
  });
});
