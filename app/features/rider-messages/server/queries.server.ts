import type { Ride } from "~/domain/ride";
import { balancePayment, balanceReminderLine } from "~/domain/registration/booking-page";
import {
  riderCopyOf,
  type RiderCopy,
  riderText,
  whatsappMessageHref,
} from "~/features/rider-messages/domain/rider-text";
import type { DeliveryChannel, DeliveryStatus, RideMessageKind } from "~/features/rider-messages/domain/message";
import { serverClock } from "~/server/clock.server";
import { getConfig } from "~/server/content/config.server";
import type { Executor } from "~/server/db/schema.server";
import { openToken } from "~/server/registrations/link-seal.server";
import { registrationFromRow } from "~/server/registrations/rows.server";
import { duesOfBookings } from "~/server/registrations/ledger.server";
import type { Dues } from "~/domain/registration/dues";

// What the pages show of a ride's messages (docs/features/rider-messages.md): a rider's Updates
// list on their booking page; the ride's messages, each rider's deliveries and the WhatsApp
// queue on the admin's Messages page.

export type Update = { id: string; kind: RideMessageKind; subject: string; body: string; at: string };

/** The messages a rider's booking page lists, newest first. */
export async function updatesFor(db: Executor, registrationId: string, limit = 50): Promise<Update[]> {
  const rows = await db
    .selectFrom("message_deliveries as d")
    .innerJoin("ride_messages as m", "m.id", "d.message_id")
    .select(["m.id", "m.kind", "m.subject", "m.body", "m.created_at"])
    .where("d.registration_id", "=", registrationId)
    .where("d.channel", "=", "page")
    .orderBy("m.created_at", "desc")
    .orderBy("m.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as RideMessageKind,
    subject: row.subject,
    body: row.body,
    at: row.created_at,
  }));
}

export type DeliveryRow = {
  id: string;
  channel: DeliveryChannel;
  status: DeliveryStatus;
  error: string | null;
  updatedAt: string;
  registrationId: string;
  reference: string;
  name: string;
  phone: string;
  /** WhatsApp only: the `wa.me` link with the rider's copy typed in (the captain's queue). */
  href: string | null;
};

export type MessageSummary = {
  id: string;
  kind: RideMessageKind;
  subject: string;
  body: string;
  sentBy: string;
  at: string;
  /** Count of deliveries by channel and status ("email:sent" → 12). */
  counts: Record<string, number>;
  deliveries: DeliveryRow[];
};

/** The ride's messages with every rider's deliveries, newest first (booking news excluded: the riders' own). */
export async function rideMessages(db: Executor, ride: Ride, limit = 30): Promise<MessageSummary[]> {
  const rideId = ride.id;
  const messages = await db
    .selectFrom("ride_messages")
    .selectAll()
    .where("ride_id", "=", rideId)
    .where("kind", "<>", "booking")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  if (messages.length === 0) return [];
  const rows = await db
    .selectFrom("message_deliveries as d")
    .innerJoin("registrations as r", "r.id", "d.registration_id")
    .select([
      "d.id as deliveryId",
      "d.message_id",
      "d.channel",
      "d.status as deliveryStatus",
      "d.error",
      "d.updated_at as deliveredAt",
    ])
    .selectAll("r")
    .where(
      "d.message_id",
      "in",
      messages.map((message) => message.id),
    )
    .where("d.channel", "<>", "page")
    .orderBy("r.created_at")
    .orderBy("d.channel")
    .execute();
  // A reminder's WhatsApp copy says what the rider owes, as its email says it when sent.
  const payee = messages.some((message) => message.kind === "reminder") ? (await getConfig(db)).company : null;
  const now = serverClock();
  const registrations = new Map(rows.map((row) => [row.id, registrationFromRow(row)]));
  const dues = payee ? await duesOfBookings(db, [...registrations.values()], ride, now) : new Map<string, Dues>();
  const byMessage = new Map<string, DeliveryRow[]>();
  const messageById = new Map(messages.map((message) => [message.id, message]));
  for (const row of rows) {
    const registration = registrationFromRow(row);
    const message = messageById.get(row.message_id)!;
    const list = byMessage.get(row.message_id) ?? [];
    list.push({
      id: row.deliveryId,
      channel: row.channel as DeliveryChannel,
      status: row.deliveryStatus as DeliveryStatus,
      error: row.error,
      updatedAt: row.deliveredAt,
      registrationId: registration.id,
      reference: registration.reference,
      name: registration.name,
      phone: registration.phone,
      href:
        row.channel === "whatsapp" && !registration.erasedAt
          ? whatsappCopyHref(
              registration.phone,
              riderCopyOf({
                registration,
                ride,
                message,
                token: openToken(row.token_sealed),
                balanceLine:
                  payee && message.kind === "reminder"
                    ? balanceReminderLine(
                        balancePayment(payee, dues.get(registration.id)?.balance ?? null, registration.reference),
                      )
                    : null,
                // Sent from the captain's phone: a reply reaches them.
                canReply: true,
              }),
            )
          : null,
    });
    byMessage.set(row.message_id, list);
  }
  return messages.map((message) => {
    const deliveries = byMessage.get(message.id) ?? [];
    const counts: Record<string, number> = {};
    for (const delivery of deliveries) {
      const key = `${delivery.channel}:${delivery.status}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return {
      id: message.id,
      kind: message.kind as RideMessageKind,
      subject: message.subject,
      body: message.body,
      sentBy: message.sent_by,
      at: message.created_at,
      counts,
      deliveries,
    };
  });
}

/** The `wa.me` link that opens the rider's chat with their copy of the message typed in. */
function whatsappCopyHref(phone: string, copy: RiderCopy): string | null {
  // WhatsApp shows *text* in bold: the subject heads the message as it does a mail.
  return whatsappMessageHref(phone, riderText({ ...copy, body: `*${copy.subject}*\n\n${copy.body}` }));
}

/** A delivery of the ride's message with its rider's state; undefined when it is another ride's. */
export async function rideDelivery(db: Executor, rideId: string, deliveryId: string) {
  return db
    .selectFrom("message_deliveries as d")
    .innerJoin("ride_messages as m", "m.id", "d.message_id")
    .innerJoin("registrations as r", "r.id", "d.registration_id")
    .select(["d.id", "d.channel", "m.subject", "r.reference", "r.status as registrationStatus", "r.erased_at"])
    .where("d.id", "=", deliveryId)
    .where("m.ride_id", "=", rideId)
    .executeTakeFirst();
}
