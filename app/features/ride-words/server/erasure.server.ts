import type { Executor } from "../../../server/db/schema.server";

/**
 * Deletes the answers of erased registrations (docs/features/ride-words.md#erasure): the words
 * and the first name are the rider's. Returns how many went, so the caller announces the change
 * to the public pages when approved words may have been among them.
 */
export async function eraseFeedbackOfErasedRiders(db: Executor): Promise<number> {
  const result = await db
    .deleteFrom("ride_feedback")
    .where("registration_id", "in", (eb) =>
      eb.selectFrom("registrations").select("id").where("erased_at", "is not", null),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
