import type { Selectable } from "kysely";
import { currentWaiverOf, SITE_WAIVER_SCOPE, type WaiverVersion } from "~/features/waivers/domain/waiver";
import type { Executor, WaiversTable } from "~/server/db/schema.server";

// The waiver a ride's riders accept now, read where a rider's form is checked (registration-hooks.server.ts)
// and wherever it is shown. Imports no command: the registration commands read it.

export function versionFromRow(row: Selectable<WaiversTable>): WaiverVersion {
  return {
    id: row.id,
    scope: row.scope,
    version: row.version,
    text: row.text,
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

export async function latestOf(db: Executor, scope: string): Promise<WaiverVersion | null> {
  const row = await db
    .selectFrom("waivers")
    .selectAll()
    .where("scope", "=", scope)
    .orderBy("version", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? versionFromRow(row) : null;
}

/** The waiver a ride's riders accept now, or null when it has none. */
export async function currentWaiver(db: Executor, rideId: string): Promise<WaiverVersion | null> {
  const [ride, site] = await Promise.all([latestOf(db, rideId), latestOf(db, SITE_WAIVER_SCOPE)]);
  return currentWaiverOf(ride, site);
}
