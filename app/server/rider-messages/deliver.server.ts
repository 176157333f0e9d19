import { bookingHref, FIND_BOOKING_PATH } from "~/domain/links";
import { groupInviteFor } from "~/domain/registration/group-invite";
import { balancePayment, balanceReminderLine } from "~/domain/registration/booking-page";
import type { DeliveryChannel } from "~/domain/rider-messages/message";
import { riderSubject, riderText } from "~/domain/rider-messages/rider-text";
import type { Database, Executor } from "../db/schema.server";
import type { Mailer } from "../mail/mailer.server";
import { type PushOptions, pushToRegistration } from "../push/send-push.server";
import type { PushSettings } from "../push/push-env.server";
import { openToken } from "../registrations/link-seal.server";
import { registrationFromRow, type Registration } from "../registrations/rows.server";
import { getConfig } from "../content/config.server";
import { getRide } from "../rides/rides.server";

// Sending one rider's copy of a message on one channel, as the outbox's `rider-message` entry
// (docs/features/rider-messages.md). Written from the booking as it is when sent: a rider who
// cancelled or was erased in between gets nothing, and a copy sent already is not sent again.

export type DeliveryOutcome = { status: "sent" } | { status: "skipped"; reason: string };

/** One channel's sender: the copy's subject and text, to the rider's address on that channel. */
export type Sender = (copy: {
  to: RiderAddress;
  subject: string;
  /** The whole copy: greeting, text, links. */
  text: string;
  /** The message's own text, for a notification's few lines. */
  body: string;
  url: string | null;
  id: string;
}) => Promise<DeliveryOutcome>;
export type RiderAddress = { registrationId: string; email: string; phone: string };

async function setStatus(db: Executor, id: string, status: string, error: string | null, now: Date) {
  await db
    .updateTable("message_deliveries")
    .set({ status, error: error?.slice(0, 300) ?? null, updated_at: now.toISOString() })
    .where("id", "=", id)
    .execute();
}

/**
 * Marks deliveries sent, those of deliveries under way at once in one write: on SQLite each
 * write waits for the disk (synchronous = FULL), so a message to a whole ride would otherwise
 * go at the disk's pace rather than the mail server's. Resolves once the delivery's own row is
 * written, so the outbox entry is never marked delivered before it.
 */
const SENT_WRITE_EVERY_MS = 25;
const sentWriters = new WeakMap<Database, (id: string, now: Date) => Promise<void>>();
function markSent(db: Database, id: string, now: Date): Promise<void> {
  let write = sentWriters.get(db);
  if (!write) {
    let waiting: { id: string; done: (error?: unknown) => void }[] = [];
    let writing = false;
    let at = now;
    const drain = async () => {
      writing = true;
      while (waiting.length > 0) {
        // The rows of the mails sent in the next moment join this write: a write that holds the
        // disk (node:sqlite waits for it in the event loop) after each mail would stall the others.
        await new Promise((resolve) => setTimeout(resolve, SENT_WRITE_EVERY_MS));
        const batch = waiting;
        waiting = [];
        try {
          await db
            .updateTable("message_deliveries")
            .set({ status: "sent", error: null, updated_at: at.toISOString() })
            .where(
              "id",
              "in",
              batch.map((each) => each.id),
            )
            .execute();
          for (const each of batch) each.done();
        } catch (error) {
          for (const each of batch) each.done(error);
        }
      }
      writing = false;
    };
    write = (id, when) =>
      new Promise<void>((resolve, reject) => {
        at = when;
        waiting.push({ id, done: (error) => (error === undefined ? resolve() : reject(error)) });
        if (!writing) void drain();
      });
    sentWriters.set(db, write);
  }
  return write(id, now);
}

/** The ride's title and WhatsApp group from its stored document (empty for a ride deleted since). */
function rideOf(data: string | null): { title: string; whatsappGroupUrl: string } {
  try {
    const { title, whatsappGroupUrl } = (data ? JSON.parse(data) : {}) as Record<string, unknown>;
    return {
      title: typeof title === "string" ? title : "",
      whatsappGroupUrl: typeof whatsappGroupUrl === "string" ? whatsappGroupUrl : "",
    };
  } catch {
    return { title: "", whatsappGroupUrl: "" };
  }
}

/** The mail sender: the entry's id is the Message-ID, so a mail sent again after a crash is the same message. */
export function mailSender(mailer: Mailer): Sender {
  return async ({ to, subject, text, id }) => {
    if (!mailer.enabled) return { status: "skipped", reason: "Mail is off on this server (SMTP_URL is not set)" };
    if (!to.email) return { status: "skipped", reason: "The rider gave no email address" };
    if (!(await mailer.send({ to: to.email, subject, text, messageId: `<${id}@messages.roadbook>` }))) {
      throw new Error("the mail server did not take the mail");
    }
    return { status: "sent" };
  };
}

/**
 * The push sender: the message to each phone the rider turned updates on, opening their booking
 * page. Sent when any phone took it; failed (and retried) only when none did and one may later,
 * so a retry never repeats it on a phone that has it.
 */
export function pushSender(db: Database, config: PushSettings, options: PushOptions = {}): Sender {
  return async ({ to, subject, body, url }) => {
    // The push module cuts title and text to what a push service carries.
    const message = { title: subject, body, url: url ?? "/" };
    const report = await pushToRegistration(db, config, to.registrationId, message, options);
    if (report.sent > 0) return { status: "sent" };
    if (report.failed > 0) throw new Error(`the push service did not take it (${report.reasons.join(", ")})`);
    return { status: "skipped", reason: "The rider has no phone with updates turned on any more" };
  };
}

/** A reminder's line on the rider's unpaid balance, from the ride and payee as they are now. */
async function balanceLineOf(db: Database, registration: Registration, now: Date): Promise<string | null> {
  const [ride, config] = await Promise.all([getRide(db, registration.rideId), getConfig(db)]);
  return ride ? balanceReminderLine(balancePayment(config.company, ride, registration, now)) : null;
}

/**
 * Delivers the delivery `deliveryId` with the channel's sender, recording how it went on the
 * delivery: sent, skipped with the reason, or failed with the reason (and thrown, so the
 * outbox tries again later).
 */
export async function deliverRiderMessage(
  db: Database,
  senders: Partial<Record<DeliveryChannel, Sender>>,
  deliveryId: string,
  now: () => Date,
): Promise<void> {
  const row = await db
    .selectFrom("message_deliveries as d")
    .innerJoin("ride_messages as m", "m.id", "d.message_id")
    .innerJoin("registrations as r", "r.id", "d.registration_id")
    .leftJoin("rides", "rides.id", "m.ride_id")
    .select([
      "d.id as deliveryId",
      "d.channel",
      "d.status as deliveryStatus",
      "m.kind",
      "m.subject",
      "m.body",
      "m.origin",
      "rides.data as rideData",
    ])
    .selectAll("r")
    .where("d.id", "=", deliveryId)
    .executeTakeFirst();
  // Erased with its registration, or sent already (a retry after a crash): nothing to do.
  if (!row || !["queued", "failed"].includes(row.deliveryStatus)) return;
  const registration = registrationFromRow(row);
  if (registration.erasedAt || registration.status === "cancelled") {
    await setStatus(db, row.deliveryId, "skipped", "The rider's booking is cancelled", now());
    return;
  }
  const sender = senders[row.channel as DeliveryChannel];
  if (!sender) {
    await setStatus(db, row.deliveryId, "skipped", "This server does not send on this channel", now());
    return;
  }
  const token = openToken(row.token_sealed);
  const link = token && row.origin ? row.origin + bookingHref(token) : null;
  const ride = rideOf(row.rideData);
  const copy = {
    name: registration.name,
    rideTitle: ride.title,
    groupLink: groupInviteFor(ride, registration),
    balanceLine: row.kind === "reminder" ? await balanceLineOf(db, registration, now()) : null,
    findBookingUrl: row.origin ? row.origin + FIND_BOOKING_PATH : null,
    subject: row.subject,
    body: row.body,
    link,
  };
  try {
    const outcome = await sender({
      to: { registrationId: registration.id, email: registration.email, phone: registration.phone },
      subject: riderSubject(copy),
      text: riderText(copy),
      body: row.body,
      url: link,
      id: row.deliveryId,
    });
    if (outcome.status === "sent") await markSent(db, row.deliveryId, now());
    else await setStatus(db, row.deliveryId, outcome.status, outcome.reason, now());
  } catch (error) {
    await setStatus(db, row.deliveryId, "failed", error instanceof Error ? error.message : String(error), now());
    throw error;
  }
}
