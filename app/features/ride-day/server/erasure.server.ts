import type { Command } from "~/server/commands/command.server";

/**
 * Empties the messages of the ride-day changes about erased riders (a conflict names the
 * rider); the outcome stays, so a change sent again is still applied once.
 */
export async function eraseRideDayMessagesOfErasedRiders({ trx }: Command): Promise<void> {
  await trx
    .updateTable("ride_day_ops")
    .set({ message: null })
    .where("message", "is not", null)
    .where("registration_id", "in", (eb) =>
      eb.selectFrom("registrations").select("id").where("erased_at", "is not", null),
    )
    .execute();
}
