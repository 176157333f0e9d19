import type { Command } from "~/server/commands/command.server";

/**
 * Deletes the answers of erased registrations (docs/features/ride-words.md#erasure): the words
 * and the first name are the rider's.
 */
export async function eraseFeedbackOfErasedRiders({ trx }: Command): Promise<void> {
  await trx
    .deleteFrom("ride_feedback")
    .where("registration_id", "in", (eb) =>
      eb.selectFrom("registrations").select("id").where("erased_at", "is not", null),
    )
    .execute();
}
