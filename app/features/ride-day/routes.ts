import { ledRides } from "../../domain/route-access";
import type { FeatureRoutes } from "../../feature-routes";

// Relative imports: React Router reads the route table (app/routes.ts and these) on its own.

export const rideDayRoutes = {
  admin: [
    { path: "rides/:rideId/check-in", file: "features/ride-day/routes/admin/ride-check-in.tsx", access: ledRides },
    // Ride day (docs/features/ride-day.md): the captain's phone offline, and the emergency sheet; as the Check-in page.
    { path: "rides/:rideId/ride-day.json", file: "features/ride-day/routes/admin/ride-day-pack.ts", access: ledRides },
    { path: "rides/:rideId/ride-day/sync", file: "features/ride-day/routes/admin/ride-day-sync.ts", access: ledRides },
    { path: "rides/:rideId/emergency", file: "features/ride-day/routes/admin/ride-emergency.tsx", access: ledRides },
  ],
  // The captain's phone on ride day: outside the layout, light, and opened offline by its own
  // service worker, whose scope is /admin/ride-day/ only (docs/features/ride-day.md).
  adminOutside: [{ path: "ride-day/:rideId", file: "features/ride-day/routes/admin/ride-day.tsx" }],
} as const satisfies FeatureRoutes;
