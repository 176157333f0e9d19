import type { FeatureRoutes } from "../../feature-routes";
import { creditRoutes } from "../credit/routes";
import { moneyDocumentsRoutes } from "../money-documents/routes";
import { rideDayRoutes } from "../ride-day/routes";
import { ridePhotosRoutes } from "../ride-photos/routes";
import { rideWordsRoutes } from "../ride-words/routes";
import { riderAccountsRoutes } from "../rider-accounts/routes";
import { riderMessagesRoutes } from "../rider-messages/routes";
import { seatTransferRoutes } from "../seat-transfer/routes";
import { waiversRoutes } from "../waivers/routes";

// Relative imports: React Router reads the route table (app/routes.ts and these) on its own.

/**
 * The features' pages and resources, in this order where each is placed (app/routes.ts); their
 * admin pages' access joins the role matrix (server/auth/admin-access.server.ts).
 */
export const featureRoutes: readonly FeatureRoutes[] = [
  rideDayRoutes,
  riderMessagesRoutes,
  waiversRoutes,
  ridePhotosRoutes,
  rideWordsRoutes,
  creditRoutes,
  riderAccountsRoutes,
  seatTransferRoutes,
  moneyDocumentsRoutes,
];
