import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "./feature-routes";
import { featureRoutes } from "./features/slots/routes";

/** The features' routes of one place (app/features/slots/routes.ts), after the core's there. */
const features = (place: keyof FeatureRoutes) =>
  featureRoutes.flatMap((feature) => (feature[place] ?? []).map(({ path, file }) => route(path, file)));

export default [
  // Visitor pages share the navigation and footer.
  layout("routes/public/layout.tsx", [
    index("routes/public/upcoming.tsx", { id: "home" }),
    route("upcoming", "routes/public/upcoming.tsx", { id: "upcoming" }),
    route("previous", "routes/public/previous.tsx"),
    route("about", "routes/public/about.tsx"),
    route("contact", "routes/public/contact.tsx"),
    // Offline rides (decision 023): what the service worker shows offline, and the rides kept.
    route("offline", "routes/public/offline.tsx"),
    route("saved", "routes/public/saved.tsx"),
    route("ride/:rideId", "routes/public/ride.tsx"),
    route("ride/:rideId/register", "routes/public/ride-register.tsx"),
    // A rider's private page: the token in its path is its only key (decision 020).
    route("booking-erased", "routes/public/booking-erased.tsx"),
    // "Find my booking": before booking/:token, which it is not.
    route("booking", "routes/public/find-booking.tsx"),
    route("booking/:token", "routes/public/booking.tsx"),
    ...features("public"),
  ]),
  route("ride/:rideId/calendar.ics", "routes/resources/ride-calendar.ts"),
  // Calendar feeds: every upcoming ride, and a rider's own ride behind their token.
  route("rides.ics", "routes/resources/rides-calendar.ts"),
  route("booking/:token/calendar.ics", "routes/resources/booking-calendar.ts"),
  // The route's GPX: route.gpx as uploaded, day-{n}.gpx cut from it (decision 024).
  route("ride/:rideId/gpx/:file", "routes/resources/ride-gpx.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("images/*", "routes/resources/image.ts"),
  route("share/:kind/:name/:file", "routes/resources/share-card.ts"),
  // Razorpay's events about payment links (decision 060): signed, read as raw bytes.
  route("payments/razorpay/webhook", "routes/resources/razorpay-webhook.ts"),
  ...features("resources"),

  // The admin portal: every route below the layout is guarded by its middleware.
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("rides", "routes/admin/rides.tsx"),
      route("rides/:rideId/route", "routes/admin/ride-route.tsx"),
      route("rides/:rideId/route/gpx", "routes/admin/ride-route-upload.ts"),
      route("rides/:rideId/riders", "routes/admin/ride-riders.tsx"),
      route("rides/:rideId/riders.csv", "routes/admin/ride-riders-csv.ts"),
      // The team (decision 026): who leads a ride, and the Team page (owners).
      route("rides/:rideId/captains", "routes/admin/ride-captains.tsx"),
      route("team", "routes/admin/team.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("account/passkeys", "routes/admin/account-passkeys.ts"),
      route("hero", "routes/admin/hero.tsx"),
      route("featured", "routes/admin/featured.tsx"),
      route("contact", "routes/admin/contact.tsx"),
      // Publishing and revisions (decision 025): a record's publication, preview link and history.
      route("contact/history", "routes/admin/contact-history.tsx"),
      route("publishing/:collection/:recordId", "routes/admin/publishing.tsx"),
      route("stats", "routes/admin/stats.tsx"),
      // A bank statement matched to the bookings (docs/features/bank-statements.md).
      route("payments/statement", "routes/admin/payments-statement.tsx"),
      // Refunds waiting across rides: UPI ones recorded by their UTR (docs/features/refunds.md).
      route("payments/refunds", "routes/admin/payments-refunds.tsx"),
      route("images", "routes/admin/images.ts"),
      route("events", "routes/admin/events.ts"),
      ...features("admin"),
      route("*", "routes/admin/unknown.tsx"),
    ]),
    route("login", "routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.ts"),
    route("auth/google", "routes/admin/auth-google.ts"),
    route("auth/google/callback", "routes/admin/auth-google-callback.ts"),
    route("auth/passkey", "routes/admin/auth-passkey.ts"),
    route("featured/preview", "routes/admin/featured-preview.tsx"),
    // An invitation's one-time link: the invitee has no session yet (decision 026).
    route("invite/:token", "routes/admin/invite.tsx"),
    ...features("adminOutside"),
  ]),

  route("*", "routes/public/unknown.tsx"),
] satisfies RouteConfig;
