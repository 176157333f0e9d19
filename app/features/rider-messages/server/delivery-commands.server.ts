import type { AuditActor } from "~/domain/audit";
import { type Command, runCommand } from "~/server/commands/command.server";
import type { Database } from "~/server/db/schema.server";
import { rideDelivery } from "./queries.server";

// What an admin does with one delivery on the Messages page (docs/features/rider-messages.md):
// send an email or push copy again, or open a rider's WhatsApp chat with the message typed in.

export const DELIVERY_NOT_FOUND = "Cannot find this message for this ride: reload the page";
export const RIDER_LEFT = "This rider's booking is cancelled or erased: nothing is sent";

export type DeliveryAnswer = { ok: true; reference: string } | { ok: false; status: 400 | 404; message: string };

/** Queues an email or push copy again: its status goes back to queued and the outbox sends it. */
export const resendDelivery = deliveryChange({
  refusal: (channel) =>
    channel === "email" || channel === "push"
      ? null
      : { ok: false, status: 400, message: "Only email and push messages are sent again" },
  status: "queued",
  alsoWrite: (command, delivery) =>
    command.enqueue({ kind: "rider-message", deliveryId: delivery.id }, delivery.reference),
  summary: (delivery) => `Sent "${delivery.subject}" again to booking ${delivery.reference} by ${delivery.channel}`,
});

/**
 * The captain opened a rider's chat from the WhatsApp queue (the link itself goes straight to
 * WhatsApp): the delivery is ticked off as tapped, and the queue shows who is left.
 */
export const markWhatsappTapped = deliveryChange({
  refusal: (channel) => (channel === "whatsapp" ? null : { ok: false, status: 404, message: DELIVERY_NOT_FOUND }),
  status: "tapped",
  summary: (delivery) => `Opened "${delivery.subject}" in WhatsApp for booking ${delivery.reference}`,
});

type Delivery = NonNullable<Awaited<ReturnType<typeof rideDelivery>>>;

/** An admin's change of one delivery's status: refused for the wrong channel or a rider who left, audited. */
function deliveryChange(change: {
  refusal: (channel: Delivery["channel"]) => Extract<DeliveryAnswer, { ok: false }> | null;
  status: "queued" | "tapped";
  alsoWrite?: (command: Command, delivery: Delivery) => Promise<void>;
  summary: (delivery: Delivery) => string;
}) {
  return (db: Database, rideId: string, deliveryId: string, actor: AuditActor): Promise<DeliveryAnswer> =>
    runCommand(db, async (command): Promise<DeliveryAnswer> => {
      const delivery = await rideDelivery(command.trx, rideId, deliveryId);
      if (!delivery) return { ok: false, status: 404, message: DELIVERY_NOT_FOUND };
      const refused = change.refusal(delivery.channel);
      if (refused) return refused;
      if (delivery.erased_at || delivery.registrationStatus === "cancelled")
        return { ok: false, status: 400, message: RIDER_LEFT };
      await command.trx
        .updateTable("message_deliveries")
        .set({ status: change.status, error: null, updated_at: command.now.toISOString() })
        .where("id", "=", deliveryId)
        .execute();
      await change.alsoWrite?.(command, delivery);
      await command.audit(actor, {
        action: "updated",
        collection: "messages",
        recordId: deliveryId,
        summary: change.summary(delivery),
      });
      return { ok: true, reference: delivery.reference };
    });
}
