import type { AuditActor } from "~/domain/audit";
import { runCommand } from "~/server/commands/command.server";
import type { Database } from "~/server/db/schema.server";
import { rideDelivery } from "./queries.server";

// What an admin does with one delivery on the Messages page (docs/features/rider-messages.md):
// send an email or push copy again, or open a rider's WhatsApp chat with the message typed in.

export const DELIVERY_NOT_FOUND = "Cannot find this message for this ride: reload the page";
export const RIDER_LEFT = "This rider's booking is cancelled or erased: nothing is sent";

export type DeliveryAnswer = { ok: true; reference: string } | { ok: false; status: 400 | 404; message: string };

/** Queues an email or push copy again: its status goes back to queued and the outbox sends it. */
export function resendDelivery(
  db: Database,
  rideId: string,
  deliveryId: string,
  actor: AuditActor,
): Promise<DeliveryAnswer> {
  return runCommand(db, async (command): Promise<DeliveryAnswer> => {
    const delivery = await rideDelivery(command.trx, rideId, deliveryId);
    if (!delivery) return { ok: false, status: 404, message: DELIVERY_NOT_FOUND };
    if (delivery.channel !== "email" && delivery.channel !== "push")
      return { ok: false, status: 400, message: "Only email and push messages are sent again" };
    if (delivery.erased_at || delivery.registrationStatus === "cancelled")
      return { ok: false, status: 400, message: RIDER_LEFT };
    await command.trx
      .updateTable("message_deliveries")
      .set({ status: "queued", error: null, updated_at: command.now.toISOString() })
      .where("id", "=", deliveryId)
      .execute();
    await command.enqueue({ kind: "rider-message", deliveryId }, delivery.reference);
    await command.audit(actor, {
      action: "updated",
      collection: "messages",
      recordId: deliveryId,
      summary: `Sent "${delivery.subject}" again to booking ${delivery.reference} by ${delivery.channel}`,
    });
    return { ok: true, reference: delivery.reference };
  });
}

/**
 * The captain opened a rider's chat from the WhatsApp queue (the link itself goes straight to
 * WhatsApp): the delivery is ticked off as tapped, and the queue shows who is left.
 */
export function markWhatsappTapped(
  db: Database,
  rideId: string,
  deliveryId: string,
  actor: AuditActor,
): Promise<DeliveryAnswer> {
  return runCommand(db, async (command): Promise<DeliveryAnswer> => {
    const delivery = await rideDelivery(command.trx, rideId, deliveryId);
    if (!delivery || delivery.channel !== "whatsapp") return { ok: false, status: 404, message: DELIVERY_NOT_FOUND };
    if (delivery.erased_at || delivery.registrationStatus === "cancelled")
      return { ok: false, status: 400, message: RIDER_LEFT };
    await command.trx
      .updateTable("message_deliveries")
      .set({ status: "tapped", error: null, updated_at: command.now.toISOString() })
      .where("id", "=", deliveryId)
      .execute();
    await command.audit(actor, {
      action: "updated",
      collection: "messages",
      recordId: deliveryId,
      summary: `Opened "${delivery.subject}" in WhatsApp for booking ${delivery.reference}`,
    });
    return { ok: true, reference: delivery.reference };
  });
}
