import type { BrowserContext } from "@playwright/test";
import type { Rider } from "~/features/rider-accounts/domain/account";
import type { Database } from "~/server/db/schema.server";
import { findOrCreateRider } from "~/features/rider-accounts/server/riders.server";
import { RIDER_SESSION_COOKIE, startRiderSession } from "~/features/rider-accounts/server/sessions.server";

/**
 * Signs the browser in as the rider of `email` (made if new) on a server whose database is `db`,
 * as a mailed link would: for specs about what a signed-in rider does, not about signing in
 * (that is rider-sign-in.spec.ts). Plain http, so the cookie has no `__Host-` prefix.
 */
export async function signInRiderDirectly(
  context: BrowserContext,
  db: Database,
  baseURL: string,
  email: string,
): Promise<Rider> {
  const rider = await findOrCreateRider(db, email);
  const token = await startRiderSession(db, rider.id, undefined);
  await context.addCookies([{ name: RIDER_SESSION_COOKIE, value: token, url: baseURL }]);
  return rider;
}
