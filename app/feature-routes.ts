import type { RouteAccess } from "./domain/route-access";

/**
 * A feature's page or resource as app/routes.ts places it: its URL path, relative to where it
 * goes (the visitors' layout, the top level, /admin), and its module, relative to app/.
 */
export type FeatureRoute = { path: string; file: string };

/** A feature's admin page also says who may open it (the role matrix, server/auth/admin-access.server.ts). */
export type FeatureAdminRoute = FeatureRoute & { access: RouteAccess };

/**
 * A feature's routes (its routes.ts), by where app/routes.ts places them; app/features/slots/routes.ts
 * lists the features'. Plain data: React Router reads the route table before any server runs.
 */
export type FeatureRoutes = {
  /** In the visitors' layout, after the core's pages. */
  public?: readonly FeatureRoute[];
  /** At the top level, outside any layout: a resource (JSON, a file). */
  resources?: readonly FeatureRoute[];
  /** Below /admin, in the admin layout: guarded by its middleware, opened by the roles `access` admits. */
  admin?: readonly FeatureAdminRoute[];
  /** Below /admin, outside the layout: a page that checks the admin session itself. */
  adminOutside?: readonly FeatureRoute[];
};
