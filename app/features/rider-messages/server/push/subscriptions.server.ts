import { createHash, randomUUID } from "node:crypto";
import { RIDER_ACTOR } from "~/domain/audit";
import {
  MAX_PHONES_PER_BOOKING,
  pushEndpointSchema,
  pushSubscriptionSchema,
  type PushSubscriptionInput,
} from "~/features/rider-messages/domain/push";
import { runCommand } from "~/server/commands/command.server";
import type { Database, Executor } from "~/server/db/schema.server";
import { getRegistrationByToken } from "~/server/registrations/queries.server";
import { REGISTRATION_NOT_FOUND } from "~/server/registrations/locked-registration.server";
import { NotFoundError, ValidationError } from "~/server/validation/errors.server";
import { parseOrThrow } from "~/server/validation/validate.server";
import { serverClock } from "~/server/clock.server";

// The phones a rider gets their booking's updates on (docs/features/push.md): "Get updates on
// this phone" on the private booking page stores the browser's push subscription here; off,
// erasure and a push service's "gone" delete it.

/** One phone's subscription, as sendPush takes it. */
export type StoredPushSubscription = { id: string; endpoint: string; keys: { p256dh: string; auth: string } };

export const CANCELLED_NO_UPDATES = "This registration is cancelled: it sends no more updates.";

/** How the booking page recognises a phone that is on without writing its endpoint into the page. */
export function endpointHash(endpoint: string): string {
  return createHash("sha256").update(endpoint).digest("hex");
}

/** The rider turns updates on for this phone; the same phone again only refreshes its keys. */
export async function subscribePushByToken(
  db: Database,
  token: string,
  input: unknown,
  now = serverClock(),
): Promise<void> {
  const subscription: PushSubscriptionInput = parseOrThrow(pushSubscriptionSchema, input);
  await runCommand(
    db,
    async (command) => {
      const registration = await getRegistrationByToken(command.trx, token);
      if (!registration) throw new NotFoundError(REGISTRATION_NOT_FOUND);
      if (registration.status === "cancelled") throw new ValidationError({ "": CANCELLED_NO_UPDATES });
      const { endpoint, p256dh, auth } = subscription;
      await command.trx
        .insertInto("push_subscriptions")
        .values({
          id: randomUUID(),
          registration_id: registration.id,
          endpoint,
          p256dh,
          auth,
          created_at: now.toISOString(),
        })
        .onConflict((conflict) => conflict.columns(["registration_id", "endpoint"]).doUpdateSet({ p256dh, auth }))
        .execute();
      // A booking follows a few phones: past that, the oldest stops getting its updates.
      const beyond = await command.trx
        .selectFrom("push_subscriptions")
        .select("id")
        .where("registration_id", "=", registration.id)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .offset(MAX_PHONES_PER_BOOKING)
        .limit(100)
        .execute();
      if (beyond.length > 0) {
        await command.trx
          .deleteFrom("push_subscriptions")
          .where(
            "id",
            "in",
            beyond.map((row) => row.id),
          )
          .execute();
      }
      await command.audit(RIDER_ACTOR, {
        action: "updated",
        collection: "registrations",
        recordId: registration.id,
        summary: `Booking ${registration.reference}: updates on a phone turned on by the rider`,
      });
    },
    now,
  );
}

/** The rider turns updates off for this phone. Turning off a phone that is not on changes nothing. */
export async function unsubscribePushByToken(
  db: Database,
  token: string,
  input: unknown,
  now = serverClock(),
): Promise<void> {
  const { endpoint } = parseOrThrow(pushEndpointSchema, input);
  await runCommand(
    db,
    async (command) => {
      const registration = await getRegistrationByToken(command.trx, token);
      if (!registration) throw new NotFoundError(REGISTRATION_NOT_FOUND);
      const deleted = await command.trx
        .deleteFrom("push_subscriptions")
        .where("registration_id", "=", registration.id)
        .where("endpoint", "=", endpoint)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return;
      await command.audit(RIDER_ACTOR, {
        action: "updated",
        collection: "registrations",
        recordId: registration.id,
        summary: `Booking ${registration.reference}: updates on a phone turned off by the rider`,
      });
    },
    now,
  );
}

/** The phones a registration's updates go to, oldest first. */
export async function pushSubscriptionsOf(db: Executor, registrationId: string): Promise<StoredPushSubscription[]> {
  const rows = await db
    .selectFrom("push_subscriptions")
    .select(["id", "endpoint", "p256dh", "auth"])
    .where("registration_id", "=", registrationId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(({ id, endpoint, p256dh, auth }) => ({ id, endpoint, keys: { p256dh, auth } }));
}

/** The hashes of a registration's phones' endpoints, for its booking page. */
export async function pushEndpointHashes(db: Executor, registrationId: string): Promise<string[]> {
  return (await pushSubscriptionsOf(db, registrationId)).map((subscription) => endpointHash(subscription.endpoint));
}

/**
 * A push service answered that the subscription no longer exists (404, 410): no booking
 * sends to it again. Not a rider's change: no audit row.
 */
export async function forgetPushEndpoint(db: Executor, endpoint: string): Promise<number> {
  const result = await db.deleteFrom("push_subscriptions").where("endpoint", "=", endpoint).executeTakeFirst();
  return Number(result.numDeletedRows);
}
