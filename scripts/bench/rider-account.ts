import { openDatabase } from "~/server/db/database.server";
import { dataPaths } from "~/server/env.server";
import { findOrCreateRider } from "~/features/rider-accounts/server/riders.server";
import { RIDER_SESSION_COOKIE, startRiderSession } from "~/features/rider-accounts/server/sessions.server";

/**
 * A rider signed in on a running server's data (bench:web's account pages, docs/features/rider-accounts.md):
 * the Cookie header a browser of theirs sends. Plain http, so the cookie has no `__Host-` prefix.
 */
export async function riderCookie(dataDir: string): Promise<string> {
  const { db } = openDatabase({ sqlitePath: dataPaths(dataDir).sqlitePath });
  try {
    const rider = await findOrCreateRider(db, "bench-rider@example.com");
    return `${RIDER_SESSION_COOKIE}=${await startRiderSession(db, rider.id, undefined)}`;
  } finally {
    await db.destroy();
  }
}
