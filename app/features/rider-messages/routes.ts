import { ledRides } from "../../domain/route-access";
import type { FeatureRoutes } from "../../feature-routes";

// Relative imports: React Router reads the route table (app/routes.ts and these) on its own.

export const riderMessagesRoutes = {
  // What a ride tells its riders (docs/features/rider-messages.md).
  admin: [
    {
      path: "rides/:rideId/messages",
      file: "features/rider-messages/routes/admin/ride-messages.tsx",
      access: ledRides,
    },
  ],
} as const satisfies FeatureRoutes;
