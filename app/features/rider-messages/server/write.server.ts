import { randomUUID } from "node:crypto";
import type { AuditActor } from "~/domain/audit";
import { channelsFor, type DeliveryChannel, type RideMessageKind } from "~/features/rider-messages/domain/message";
import type { Command } from "~/server/commands/command.server";
import type { Executor, MessageDeliveriesTable } from "~/server/db/schema.server";

// Writing a message to a ride's riders (docs/features/rider-messages.md), inside the command
// that causes it: the message, one delivery per rider and channel, and an outbox entry for
// each that is sent (email, push). The booking page's copy is delivered by being written.

/** A rider a message goes to, as the recipient queries read them. */
export type Recipient = {
  id: string;
  reference: string;
  phone: string | null;
  /** The `data` column, for the email address. */
  data: string;
  reminders: number;
  /** Whether the rider has a push subscription. */
  push: boolean;
};

export type NewMessage = {
  rideId: string;
  kind: RideMessageKind;
  subject: string;
  body: string;
  /** The origin of the riders' links; null: the message carries none. */
  origin: string | null;
  sentBy: AuditActor;
  /** A reminder's rule and start date: a second message with the same key is not written. */
  reminderKey?: string;
};

function hasEmail(data: string): boolean {
  try {
    const email = (JSON.parse(data) as { email?: unknown }).email;
    return typeof email === "string" && email.length > 0;
  } catch {
    return false;
  }
}

/** Rows inserted at once: well under SQLite's 32,766 bound variables and PostgreSQL's 65,535. */
const BATCH = 500;

async function insertDeliveries(trx: Executor, rows: MessageDeliveriesTable[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await trx
      .insertInto("message_deliveries")
      .values(rows.slice(start, start + BATCH))
      .execute();
  }
}

/**
 * Writes the message and its deliveries to `recipients`, and queues what is sent. Returns the
 * message's id, or null for a reminder already written under the same key.
 */
export async function writeRideMessage(
  command: Command,
  message: NewMessage,
  recipients: readonly Recipient[],
): Promise<string | null> {
  const { trx, now } = command;
  const at = now.toISOString();
  const id = randomUUID();
  if (message.reminderKey) {
    const written = await trx
      .selectFrom("ride_messages")
      .select("id")
      .where("ride_id", "=", message.rideId)
      .where("reminder_key", "=", message.reminderKey)
      .executeTakeFirst();
    if (written) return null;
  }
  await trx
    .insertInto("ride_messages")
    .values({
      id,
      ride_id: message.rideId,
      kind: message.kind,
      subject: message.subject,
      body: message.body,
      origin: message.origin,
      sent_by: message.sentBy.email,
      created_at: at,
      reminder_key: message.reminderKey ?? null,
    })
    .execute();
  const rows: MessageDeliveriesTable[] = [];
  const sent: { id: string; reference: string }[] = [];
  for (const recipient of recipients) {
    const channels = channelsFor(message.kind, {
      email: hasEmail(recipient.data),
      phone: Boolean(recipient.phone),
      push: recipient.push,
      reminders: recipient.reminders !== 0,
    });
    for (const channel of channels) {
      const delivery = newDelivery(id, recipient.id, channel, at);
      rows.push(delivery);
      if (isSent(channel)) sent.push({ id: delivery.id, reference: recipient.reference });
    }
  }
  await insertDeliveries(trx, rows);
  await command.enqueueAll(
    sent.map((delivery) => ({
      message: { kind: "rider-message", deliveryId: delivery.id },
      reference: delivery.reference,
    })),
  );
  return id;
}

/** Email and push are sent by the outbox; the page's copy is there once written; WhatsApp waits for the captain. */
export function isSent(channel: DeliveryChannel): boolean {
  return channel === "email" || channel === "push";
}

function newDelivery(messageId: string, registrationId: string, channel: DeliveryChannel, at: string) {
  return {
    id: randomUUID(),
    message_id: messageId,
    registration_id: registrationId,
    channel,
    status: channel === "page" ? "sent" : "queued",
    error: null,
    created_at: at,
    updated_at: at,
  } satisfies MessageDeliveriesTable;
}
