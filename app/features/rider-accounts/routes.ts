import { editors } from "../../domain/route-access";
import type { FeatureRoutes } from "../../feature-routes";

// Relative imports: React Router reads the route table (app/routes.ts and these) on its own.

export const riderAccountsRoutes = {
  public: [
    // A rider's own place (docs/features/rider-accounts.md): sign-in, My rides, passkeys.
    { path: "me", file: "features/rider-accounts/routes/public/me.tsx" },
    { path: "me/link/:token", file: "features/rider-accounts/routes/public/me-link.tsx" },
    // A signed-in rider's own data (docs/features/rider-data.md): private, never cached.
    { path: "me/details", file: "features/rider-accounts/routes/public/me-details.tsx" },
    { path: "me/data", file: "features/rider-accounts/routes/public/me-data.tsx" },
    // The ride passport (docs/features/ride-passport.md): the rider's own, and one made public.
    { path: "me/passport", file: "features/rider-accounts/routes/public/me-passport.tsx" },
    { path: "passport/:slug", file: "features/rider-accounts/routes/public/passport.tsx" },
  ],
  resources: [
    { path: "me/data.json", file: "features/rider-accounts/routes/resources/me-data-export.ts" },
    // A rider's passkeys, in JSON steps (docs/features/rider-accounts.md).
    { path: "me/passkeys", file: "features/rider-accounts/routes/public/me-passkeys.ts" },
  ],
  admin: [
    // The riders directory (decision 040): across rides, so not a captain's (they see their rides' riders only).
    { path: "riders", file: "features/rider-accounts/routes/admin/riders.tsx", access: editors },
    { path: "riders/:riderId", file: "features/rider-accounts/routes/admin/rider.tsx", access: editors },
  ],
} as const satisfies FeatureRoutes;
