import type { Command } from "~/server/commands/command.server";
import type { Executor } from "~/server/db/schema.server";

/**
 * Erases what riders were sent with their registrations (docs/features/rider-messages.md): the
 * deliveries of every erased registration, then each message left with no delivery (its text
 * may have been written for those riders). A reminder's row stays: it holds the ride's text
 * only, and its key keeps it from being sent twice. Their phones go too (erasePushSubscriptions).
 */
export async function eraseMessagesOfErasedRiders({ trx, now }: Command): Promise<void> {
  await trx
    .deleteFrom("message_deliveries")
    .where("registration_id", "in", (eb) =>
      eb.selectFrom("registrations").select("id").where("erased_at", "is not", null),
    )
    .execute();
  await trx
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
  await erasePushSubscriptions(trx, now.toISOString());
}

/**
 * Deletes the phones that got updates of a registration erased now (docs/features/push.md): a
 * phone's push subscription is personal data and goes with the rest. Erasing stamps every row
 * with one time, so `erasedAt` names exactly the rows an erasure just erased.
 */
async function erasePushSubscriptions(db: Executor, erasedAt: string): Promise<void> {
  await db
    .deleteFrom("push_subscriptions")
    .where("registration_id", "in", (eb) =>
      eb.selectFrom("registrations").select("id").where("erased_at", "=", erasedAt),
    )
    .execute();
}
