import { sql } from "kysely";
import type { Executor } from "../db/schema.server";

/** True when any ride, slide or single record (featured ride, stats, config) is stored. */
export async function hasAnyContent(db: Executor): Promise<boolean> {
  for (const table of ["rides", "hero_slides", "documents"] as const) {
    const row = await db
      .selectFrom(table)
      .select(sql<number>`1`.as("present"))
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}
