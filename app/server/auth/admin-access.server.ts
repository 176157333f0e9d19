import { type MiddlewareFunction, data, redirect } from "react-router";
import { servicesContext } from "~/context";
import { hasRole } from "~/domain/roles";
import type { Executor } from "../db/schema.server";
import { requiresTwoFactor } from "../team/team.server";
import { adminContext } from "./admin-session.server";
import { hasSecondFactor, secondFactorsOf } from "./two-factor.server";
import { ADMIN_ACCOUNT_PASSKEYS_PATH, ADMIN_ACCOUNT_PATH, ADMIN_EVENTS_PATH } from "~/domain/admin-links";
import { editors, ledRides, owners, readOnly, type RouteAccess } from "~/domain/route-access";
import { featureRoutes } from "~/features/slots/routes";

/**
 * Every route below the admin layout, by its route pattern (what React Router hands the
 * middleware as `pattern`). A route missing here is refused to everyone, owners included, and
 * the authorisation test (tests/integration/admin-authorization.test.ts) fails on it: a new
 * admin route of the core declares its access here, a feature's in its routes.ts.
 */
export const ADMIN_ROUTE_ACCESS: Record<string, RouteAccess> = {
  "/admin": readOnly,
  "/admin/*": readOnly,
  "/admin/rides": readOnly,
  "/admin/rides/:rideId/route": readOnly,
  "/admin/rides/:rideId/route/gpx": editors,
  "/admin/rides/:rideId/riders": ledRides,
  "/admin/rides/:rideId/riders.csv": ledRides,
  "/admin/rides/:rideId/captains": editors,
  "/admin/hero": readOnly,
  "/admin/featured": readOnly,
  "/admin/contact": { read: "captain", write: "owner" },
  // Publishing and revisions (decision 025): the contact information's history is an owner's to restore.
  "/admin/contact/history": { read: "captain", write: "owner" },
  "/admin/publishing/:collection/:recordId": readOnly,
  "/admin/stats": readOnly,
  // Riders' names and money: the owners and editors who keep the accounts.
  "/admin/payments/statement": editors,
  "/admin/payments/refunds": editors,
  "/admin/images": editors,
  "/admin/events": readOnly,
  "/admin/team": owners,
  "/admin/account": { read: "captain", write: "captain" },
  "/admin/account/passkeys": { read: "captain", write: "captain" },
  ...Object.fromEntries(
    featureRoutes.flatMap((feature) => feature.admin ?? []).map(({ path, access }) => [`/admin/${path}`, access]),
  ),
};

export const NOT_ALLOWED = "Access denied: your role does not allow this. Ask an owner if you need it.";

/**
 * The 403 every refused role gets; the admin layout's error boundary shows its message. A JSON
 * endpoint answers it as it is (React Router's resource routes), so it also carries the message
 * as `error`, as those endpoints' own refusals do (ride-day.json).
 */
export function forbidden(): never {
  throw data({ forbidden: true, message: NOT_ALLOWED, error: NOT_ALLOWED }, { status: 403, statusText: "Forbidden" });
}

export function isReadMethod(method: string): boolean {
  return method === "GET" || method === "HEAD";
}

/** Whether the user is one of the ride's captains. */
export async function leadsRide(db: Executor, userId: string, rideId: string | undefined): Promise<boolean> {
  if (!rideId) return false;
  const row = await db
    .selectFrom("ride_captains")
    .select("ride_id")
    .where("ride_id", "=", rideId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** React Router joins the matched routes' paths, which carry no leading slash. */
function normalPattern(pattern: string): string {
  return `/${pattern.replace(/^\/+/, "")}`;
}

/** Where an admin without a second factor is sent while an owner requires one. */
export const ENROL_PATH = ADMIN_ACCOUNT_PATH;

/** Whether `role` (of `userId`) may make this request to the route of `pattern`. */
export async function mayAccess(
  db: Executor,
  user: { id: string; role: string },
  request: { method: string; pattern: string; rideId: string | undefined },
): Promise<boolean> {
  const pattern = normalPattern(request.pattern);
  const access = Object.hasOwn(ADMIN_ROUTE_ACCESS, pattern) ? ADMIN_ROUTE_ACCESS[pattern] : undefined;
  if (!access) return false;
  const needed = isReadMethod(request.method) ? access.read : access.write;
  if (!hasRole(user.role, needed)) return false;
  if (access.ride === "led" && !hasRole(user.role, "editor")) return leadsRide(db, user.id, request.rideId);
  return true;
}

/** Runs after the session check (adminMiddleware): refuses a role the route does not admit. */
export const adminAccessMiddleware: MiddlewareFunction<Response> = async ({ request, context, pattern, params }) => {
  const user = context.get(adminContext);
  const { db } = context.get(servicesContext);
  if (!(await mayAccess(db, user, { method: request.method, pattern, rideId: params.rideId }))) forbidden();
};

/**
 * While an owner requires two factors (decision 026), an admin who has none yet may open only
 * their Sign-in & Security page (and the live-update stream it listens to): everything else
 * sends them there.
 */
export const twoFactorEnrolmentMiddleware: MiddlewareFunction<Response> = async ({ context, pattern }) => {
  const { db } = context.get(servicesContext);
  if (!(await requiresTwoFactor(db))) return;
  const path = normalPattern(pattern);
  if (path === ENROL_PATH || path === ADMIN_ACCOUNT_PASSKEYS_PATH || path === ADMIN_EVENTS_PATH) return;
  if (hasSecondFactor(await secondFactorsOf(db, context.get(adminContext).id))) return;
  throw redirect(ENROL_PATH);
};
