import { editors } from "../../domain/route-access";
import type { FeatureRoutes } from "../../feature-routes";

// Relative imports: React Router reads the route table (app/routes.ts and these) on its own.

export const waiversRoutes = {
  // Waivers (docs/features/waivers.md): a ride's own, and the site's default.
  admin: [
    { path: "rides/:rideId/waiver", file: "features/waivers/routes/admin/ride-waiver.tsx", access: editors },
    { path: "waiver", file: "features/waivers/routes/admin/waiver.tsx", access: editors },
  ],
} as const satisfies FeatureRoutes;
