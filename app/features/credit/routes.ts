import { editors } from "../../domain/route-access";
import type { FeatureRoutes } from "../../feature-routes";

// Relative imports: React Router reads the route table (app/routes.ts and these) on its own.

export const creditRoutes = {
  // A rider's credit ledger (docs/features/credit.md): money, so owners and editors only.
  admin: [{ path: "riders/:riderId/credit", file: "features/credit/routes/admin/rider-credit.tsx", access: editors }],
} as const satisfies FeatureRoutes;
