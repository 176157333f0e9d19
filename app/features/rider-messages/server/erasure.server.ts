import type { Executor } from "../../../server/db/schema.server";

/**
 * Erases what riders were sent with their registrations (docs/features/rider-messages.md): the
 * deliveries of every erased registration, then each message left with no delivery (its text
 * may have been written for those riders). A reminder's row stays: it holds the ride's text
 * only, and its key keeps it from being sent twice.
 */
export async function eraseMessagesOfErasedRiders(db: Executor): Promise<void> {
  await db
    .deleteFrom("message_deliveries")
    .where("registration_id", "in", (eb) =>
      eb.selectFrom("registrations").select("id").where("erased_at", "is not", null),
    )
    .execute();
  await db
    .deleteFrom("ride_messages")
    .where("kind", "<>", "reminder")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("message_deliveries")
            .select("id")
            .whereRef("message_deliveries.message_id", "=", "ride_messages.id"),
        ),
      ),
    )
    .execute();
}
