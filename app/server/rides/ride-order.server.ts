import { sql } from "kysely";
import { MISSING_ORDER } from "~/domain/constants";
import type { RideStatus } from "~/domain/ride";
import type { Executor } from "../db/schema.server";

/**
 * The order a ride sorts by (product.md#ordering): its own, or 999 when it has none. Spelled exactly
 * like the `rides_listing` index expression — with the number as a literal, not a bound
 * parameter — so both engines read a section from the index already sorted.
 */
export const effectiveOrder = sql<number>`coalesce(sort_order, ${sql.lit(MISSING_ORDER)})`;

/**
 * The rides of one status section in display order (product.md#ordering): order ascending with a
 * missing order as 999, then newest first; the id settles exact ties so the order never
 * flickers. Callers pick the columns (and may narrow further).
 */
export function sectionQuery(db: Executor, status: RideStatus) {
  return db
    .selectFrom("rides")
    .where("status", "=", status)
    .orderBy(effectiveOrder)
    .orderBy("created_at", "desc")
    .orderBy("id");
}

/**
 * product.md#new-rides: a new ride's order is the number of rides that already have its status.
 * With `publishedBy`, only the rides published by then count (a public page's total).
 */
export async function countWithStatus(db: Executor, status: RideStatus, publishedBy?: string): Promise<number> {
  let query = db
    .selectFrom("rides")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("status", "=", status);
  if (publishedBy !== undefined) query = query.where("published_at", "<=", publishedBy);
  const row = await query.executeTakeFirstOrThrow();
  // PostgreSQL returns count(*) as a bigint, which pg hands over as a string.
  return Number(row.count);
}

/**
 * The position just after the last ride of a section: where a ride that changes status
 * lands. One past the largest order rather than the count, so it is the end even when
 * deletions left gaps or legacy rides sort as 999.
 */
export async function endOfSection(db: Executor, status: RideStatus): Promise<number> {
  const row = await db
    .selectFrom("rides")
    .select((eb) => eb.fn.max(effectiveOrder).as("last"))
    .where("status", "=", status)
    .executeTakeFirst();
  const last = row?.last;
  return last === null || last === undefined ? 0 : Number(last) + 1;
}

/**
 * New positions for a section: the listed rides first, in list order, then any ride of the
 * section the list left out (one added meanwhile by another admin), keeping their order.
 */
export function positionsAfterReorder(sectionInOrder: string[], orderedIds: string[]): Map<string, number> {
  const listed = new Set(orderedIds);
  const sequence = [...orderedIds, ...sectionInOrder.filter((id) => !listed.has(id))];
  return new Map(sequence.map((id, index) => [id, index]));
}
