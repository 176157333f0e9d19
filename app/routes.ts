import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

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
    // A rider's own place (docs/features/rider-accounts.md): sign-in, My rides, passkeys.
    route("me", "features/rider-accounts/routes/public/me.tsx"),
    route("me/link/:token", "features/rider-accounts/routes/public/me-link.tsx"),
    // A signed-in rider's own data (docs/features/rider-data.md): private, never cached.
    route("me/details", "features/rider-accounts/routes/public/me-details.tsx"),
    route("me/data", "features/rider-accounts/routes/public/me-data.tsx"),
    route("transfer/:token", "features/seat-transfer/routes/public/transfer.tsx"),
    // The ride passport (docs/features/ride-passport.md): the rider's own, and one made public.
    route("me/passport", "features/rider-accounts/routes/public/me-passport.tsx"),
    route("passport/:slug", "features/rider-accounts/routes/public/passport.tsx"),
  ]),
  route("me/data.json", "features/rider-accounts/routes/resources/me-data-export.ts"),
  route("ride/:rideId/calendar.ics", "routes/resources/ride-calendar.ts"),
  // Calendar feeds: every upcoming ride, and a rider's own ride behind their token.
  route("rides.ics", "routes/resources/rides-calendar.ts"),
  route("booking/:token/calendar.ics", "routes/resources/booking-calendar.ts"),
  // A rider's passkeys, in JSON steps (docs/features/rider-accounts.md).
  route("me/passkeys", "features/rider-accounts/routes/public/me-passkeys.ts"),
  // The route's GPX: route.gpx as uploaded, day-{n}.gpx cut from it (decision 024).
  route("ride/:rideId/gpx/:file", "routes/resources/ride-gpx.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("images/*", "routes/resources/image.ts"),
  route("share/:kind/:name/:file", "routes/resources/share-card.ts"),

  // The admin portal: every route below the layout is guarded by its middleware.
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("rides", "routes/admin/rides.tsx"),
      route("rides/:rideId/route", "routes/admin/ride-route.tsx"),
      route("rides/:rideId/route/gpx", "routes/admin/ride-route-upload.ts"),
      route("rides/:rideId/riders", "routes/admin/ride-riders.tsx"),
      route("rides/:rideId/riders.csv", "routes/admin/ride-riders-csv.ts"),
      route("rides/:rideId/check-in", "features/ride-day/routes/admin/ride-check-in.tsx"),
      // Ride day (docs/features/ride-day.md): the captain's phone offline, and the emergency sheet.
      route("rides/:rideId/ride-day.json", "features/ride-day/routes/admin/ride-day-pack.ts"),
      route("rides/:rideId/ride-day/sync", "features/ride-day/routes/admin/ride-day-sync.ts"),
      route("rides/:rideId/emergency", "features/ride-day/routes/admin/ride-emergency.tsx"),
      // What a ride tells its riders (docs/features/rider-messages.md).
      route("rides/:rideId/messages", "features/rider-messages/routes/admin/ride-messages.tsx"),
      // The team (decision 026): who leads a ride, and the Team page (owners).
      route("rides/:rideId/captains", "routes/admin/ride-captains.tsx"),
      // Waivers (docs/features/waivers.md): a ride's own, and the site's default.
      route("rides/:rideId/waiver", "features/waivers/routes/admin/ride-waiver.tsx"),
      // A ride's gallery (docs/features/ride-photos.md): the admins' photos and the riders' to approve.
      route("rides/:rideId/photos", "features/ride-photos/routes/admin/ride-photos.tsx"),
      route("waiver", "features/waivers/routes/admin/waiver.tsx"),
      // Riders' words (docs/features/ride-words.md): their moderation.
      route("rides/:rideId/words", "features/ride-words/routes/admin/ride-words.tsx"),
      // A rider's credit ledger (docs/features/credit.md).
      route("riders/:riderId/credit", "features/credit/routes/admin/rider-credit.tsx"),
      route("team", "routes/admin/team.tsx"),
      // The riders directory (decision 040): owners and editors.
      route("riders", "features/rider-accounts/routes/admin/riders.tsx"),
      route("riders/:riderId", "features/rider-accounts/routes/admin/rider.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("account/passkeys", "routes/admin/account-passkeys.ts"),
      route("hero", "routes/admin/hero.tsx"),
      route("featured", "routes/admin/featured.tsx"),
      route("contact", "routes/admin/contact.tsx"),
      // Publishing and revisions (decision 025): a record's publication, preview link and history.
      route("contact/history", "routes/admin/contact-history.tsx"),
      route("publishing/:collection/:recordId", "routes/admin/publishing.tsx"),
      route("stats", "routes/admin/stats.tsx"),
      route("images", "routes/admin/images.ts"),
      route("events", "routes/admin/events.ts"),
      route("*", "routes/admin/unknown.tsx"),
    ]),
    // The captain's phone on ride day: outside the layout, light, and opened offline by its own
    // service worker, whose scope is /admin/ride-day/ only (docs/features/ride-day.md).
    route("ride-day/:rideId", "features/ride-day/routes/admin/ride-day.tsx"),
    route("login", "routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.ts"),
    route("auth/google", "routes/admin/auth-google.ts"),
    route("auth/google/callback", "routes/admin/auth-google-callback.ts"),
    route("auth/passkey", "routes/admin/auth-passkey.ts"),
    route("featured/preview", "routes/admin/featured-preview.tsx"),
    // An invitation's one-time link: the invitee has no session yet (decision 026).
    route("invite/:token", "routes/admin/invite.tsx"),
  ]),

  route("*", "routes/public/unknown.tsx"),
] satisfies RouteConfig;
