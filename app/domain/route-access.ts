import type { AdminRole } from "./roles";

/**
 * What an admin route lets each role do (decision 026): the weakest role that may read it
 * (GET, HEAD: its loader) and the weakest that may write (any other method: its action).
 * `ride: "led"` limits a ride captain to the rides they lead (the route's `:rideId`); owners
 * and editors reach every ride. The core's routes declare it in server/auth/admin-access.server.ts,
 * a feature's admin pages in its routes.ts (app/features/slots/routes.ts lists them).
 */
export type RouteAccess = { read: AdminRole; write: AdminRole; ride?: "led" };

export const readOnly = { read: "captain", write: "editor" } as const satisfies RouteAccess;
export const ledRides = { read: "captain", write: "captain", ride: "led" } as const satisfies RouteAccess;
export const editors = { read: "editor", write: "editor" } as const satisfies RouteAccess;
export const owners = { read: "owner", write: "owner" } as const satisfies RouteAccess;
