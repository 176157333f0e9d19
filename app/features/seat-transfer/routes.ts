import type { FeatureRoutes } from "../../feature-routes";

// Relative imports: React Router reads the route table (app/routes.ts and these) on its own.

export const seatTransferRoutes = {
  public: [{ path: "transfer/:token", file: "features/seat-transfer/routes/public/transfer.tsx" }],
} as const satisfies FeatureRoutes;
