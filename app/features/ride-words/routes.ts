import type { FeatureRoutes } from "../../feature-routes";

// Relative imports: React Router reads the route table (app/routes.ts and these) on its own.

export const rideWordsRoutes = {
  // Riders' words (docs/features/ride-words.md): the ride's captains read them; owners and editors approve or hide.
  admin: [
    {
      path: "rides/:rideId/words",
      file: "features/ride-words/routes/admin/ride-words.tsx",
      access: { read: "captain", write: "editor", ride: "led" },
    },
  ],
} as const satisfies FeatureRoutes;
