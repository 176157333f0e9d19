import { editors } from "../../domain/route-access";
import type { FeatureRoutes } from "../../feature-routes";

// Relative imports: React Router reads the route table (app/routes.ts and these) on its own.

export const ridePhotosRoutes = {
  // A ride's gallery (docs/features/ride-photos.md): the admins' photos and the riders' to approve; as editing the ride.
  admin: [{ path: "rides/:rideId/photos", file: "features/ride-photos/routes/admin/ride-photos.tsx", access: editors }],
} as const satisfies FeatureRoutes;
