import type { SiteConfig } from "~/domain/content";
import { bookingPayments } from "~/server/registrations/booking-payments.server";
import { balanceReminderLine } from "~/domain/registration/booking-page";
import type { Ride } from "~/domain/ride";
import type { DeliveryChannel } from "~/features/rider-messages/domain/message";
import { riderCopyOf, riderSubject, riderText } from "~/features/rider-messages/domain/rider-text";
import type { Database, Executor } from "~/server/db/schema.server";
import type { BatchedDelivery } from "~/server/outbox/dispatcher.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { type PushOptions, pushToRegistration } from "./push/send-push.server";
import type { PushSettings } from "./push/push-env.server";
import { openToken } from "~/server/registrations/link-seal.server";
import { registrationFromRow, type Registration } from "~/server/registrations/rows.server";
import { getConfig } from "~/server/content/config.server";
import { riderReplyTo } from "~/server/mail/reply-to.server";
import { getRide } from "~/server/rides/rides.server";

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
  /** Where the rider's reply goes (a mail's Reply-To), or null: nowhere. */
  replyTo: string | null;
}) => Promise<DeliveryOutcome>;
export type RiderAddress = { registrationId: string; email: string; phone: string };

async function setStatus(db: Executor, id: string, status: string, error: string | null, now: Date) {
  await db
    .updateTable("message_deliveries")
    .set({ status, error: error?.slice(0, 300) ?? null, updated_at: now.toISOString() })
    .where("id", "=", id)
    .execute();
}

type RideOfCopy = { title: string; whatsappGroupUrl: string; status: string };

/**
 * The ride's title and WhatsApp group from its stored document, and its status (empty for a
 * ride deleted since).
 */
function rideOf(data: string | null, status: string | null): RideOfCopy {
  try {
    const { title, whatsappGroupUrl } = (data ? JSON.parse(data) : {}) as Record<string, unknown>;
    return {
      title: typeof title === "string" ? title : "",
      whatsappGroupUrl: typeof whatsappGroupUrl === "string" ? whatsappGroupUrl : "",
      status: status ?? "",
    };
  } catch {
    return { title: "", whatsappGroupUrl: "", status: status ?? "" };
  }
}

/** The mail sender: the entry's id is the Message-ID, so a mail sent again after a crash is the same message. */
export function mailSender(mailer: Mailer): Sender {
  return async ({ to, subject, text, id, replyTo }) => {
    if (!mailer.enabled) return { status: "skipped", reason: "Mail is off on this server (SMTP_URL is not set)" };
    if (!to.email) return { status: "skipped", reason: "The rider gave no email address" };
    const mail = { to: to.email, subject, text, messageId: `<${id}@messages.roadbook>` };
    if (!(await mailer.send(replyTo ? { ...mail, replyTo } : mail))) {
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

/** What a reminder's balance line is worked out from: the ride and the payee, as they are now. */
type BalanceSources = (rideId: string) => Promise<[Ride | null, SiteConfig]>;

/** A reminder's line on the rider's unpaid balance. */
async function balanceLineOf(
  db: Database,
  sources: BalanceSources,
  registration: Registration,
  now: Date,
): Promise<string | null> {
  const [ride, config] = await sources(registration.rideId);
  if (!ride) return null;
  return balanceReminderLine((await bookingPayments(db, config.company, registration, ride, now)).balance);
}

/** A delivery as it is sent: with its message, the ride's title and group, and the booking. */
function deliveryQuery(db: Database) {
  return db
    .selectFrom("message_deliveries as d")
    .innerJoin("ride_messages as m", "m.id", "d.message_id")
    .innerJoin("registrations as r", "r.id", "d.registration_id")
    .leftJoin("rides", "rides.id", "m.ride_id")
    .select([
      "d.id as deliveryId",
      "d.channel",
      "d.status as deliveryStatus",
      "d.message_id as messageId",
      "m.kind",
      "m.subject",
      "m.body",
      "m.origin",
      "rides.data as rideData",
      "rides.status as rideStatus",
    ])
    .selectAll("r");
}
type DeliveryRow = Awaited<ReturnType<ReturnType<typeof deliveryQuery>["execute"]>>[number];
type Loaded = DeliveryRow & { ride: RideOfCopy };
/**
 * Deliveries read together, what their reminders' balance lines are worked out from, and where
 * the riders' replies go, read once for them.
 */
type Read = { rows: Map<string, Loaded>; balanceSources: BalanceSources; replyTo: string | null };

/** The mailer's own Reply-To (MAIL_REPLY_TO), if any: riders' replies go there first. */
type MailReplyTo = Pick<Mailer, "replyTo">;

async function readDeliveries(db: Database, ids: readonly string[], mail: MailReplyTo): Promise<Read> {
  const [rows, replyTo] = await Promise.all([
    deliveryQuery(db)
      .where("d.id", "in", [...ids])
      .execute(),
    riderReplyTo(db, mail),
  ]);
  // The ride's document is parsed once per message, not once per copy.
  const rides = new Map<string, Loaded["ride"]>();
  // A reminder to a whole ride reads the ride and the payee once for the copies read together,
  // not twice per copy (each a query and a document parsed, in the event loop on SQLite).
  let config: Promise<SiteConfig> | undefined;
  const balanceRides = new Map<string, Promise<[Ride | null, SiteConfig]>>();
  const balanceSources: BalanceSources = (rideId) => {
    let sources = balanceRides.get(rideId);
    if (!sources) balanceRides.set(rideId, (sources = Promise.all([getRide(db, rideId), (config ??= getConfig(db))])));
    return sources;
  };
  return {
    rows: new Map(
      rows.map((row) => {
        let ride = rides.get(row.messageId);
        if (!ride) rides.set(row.messageId, (ride = rideOf(row.rideData, row.rideStatus)));
        return [row.deliveryId, { ...row, ride }];
      }),
    ),
    balanceSources,
    replyTo,
  };
}

/**
 * Sends the delivery `deliveryId` (read now, or `loaded` beforehand) with the channel's sender,
 * recording skipped or failed (with the reason; failed also thrown, so the outbox tries again
 * later) on the delivery. Its id when sent: the caller marks it sent.
 */
async function sendDelivery(
  db: Database,
  senders: Partial<Record<DeliveryChannel, Sender>>,
  deliveryId: string,
  now: () => Date,
  mail: MailReplyTo,
  loaded?: Promise<Read>,
): Promise<string | undefined> {
  const read = await (loaded ?? readDeliveries(db, [deliveryId], mail));
  const row = read.rows.get(deliveryId);
  // Erased with its registration, or sent already (a retry after a crash): nothing to do.
  if (!row || !["queued", "failed"].includes(row.deliveryStatus)) return undefined;
  const registration = registrationFromRow(row);
  if (registration.erasedAt || registration.status === "cancelled") {
    await setStatus(db, row.deliveryId, "skipped", "The rider's booking is cancelled", now());
    return undefined;
  }
  const sender = senders[row.channel as DeliveryChannel];
  if (!sender) {
    await setStatus(db, row.deliveryId, "skipped", "This server does not send on this channel", now());
    return undefined;
  }
  const copy = riderCopyOf({
    registration,
    ride: row.ride,
    message: row,
    token: openToken(row.token_sealed),
    balanceLine: row.kind === "reminder" ? await balanceLineOf(db, read.balanceSources, registration, now()) : null,
    canReply: read.replyTo !== null,
  });
  try {
    const outcome = await sender({
      to: { registrationId: registration.id, email: registration.email, phone: registration.phone },
      subject: riderSubject(copy),
      text: riderText(copy),
      body: row.body,
      url: copy.link,
      id: row.deliveryId,
      replyTo: read.replyTo,
    });
    if (outcome.status === "sent") return row.deliveryId;
    await setStatus(db, row.deliveryId, outcome.status, outcome.reason, now());
    return undefined;
  } catch (error) {
    await setStatus(db, row.deliveryId, "failed", error instanceof Error ? error.message : String(error), now());
    throw error;
  }
}

async function markSent(db: Executor, ids: readonly string[], now: Date): Promise<void> {
  await db
    .updateTable("message_deliveries")
    .set({ status: "sent", error: null, updated_at: now.toISOString() })
    .where("id", "in", [...ids])
    .execute();
}

/**
 * Delivers the delivery `deliveryId` with the channel's sender, recording how it went on the
 * delivery: sent, skipped with the reason, or failed with the reason (and thrown, so the
 * outbox tries again later). `mail`: the mailer's own Reply-To, if any.
 */
export async function deliverRiderMessage(
  db: Database,
  senders: Partial<Record<DeliveryChannel, Sender>>,
  deliveryId: string,
  now: () => Date,
  mail: MailReplyTo = {},
): Promise<void> {
  const sent = await sendDelivery(db, senders, deliveryId, now, mail);
  if (sent) await markSent(db, [sent], now());
}

/**
 * A read made for a batch is used only this long after it: a copy started later (it waited for
 * the mailer) reads its booking again, so a rider who cancelled meanwhile is still skipped.
 */
const BATCH_READ_FRESH_MS = 2_000;

/**
 * The outbox's `rider-message` delivery: a claimed batch's deliveries are read in one query, and
 * each one sent is marked sent as soon as the mail server took it, in the transaction that marks
 * its outbox entry delivered (with those sent while the previous mark was written). A crash
 * repeats only the copies under way, each as the same message (its id is the Message-ID).
 * `mail`: the mailer's own Reply-To, if any.
 */
export function riderMessageDelivery(
  db: Database,
  senders: Partial<Record<DeliveryChannel, Sender>>,
  now: () => Date,
  mail: MailReplyTo = {},
): BatchedDelivery<"rider-message"> {
  const prepared = new Map<string, { at: number; read: Promise<Read> }>();
  return {
    prepare(messages) {
      const at = now().getTime();
      // Reads of copies left for a later claim (or whose read failed) go once stale.
      for (const [id, batch] of prepared) if (at - batch.at > BATCH_READ_FRESH_MS) prepared.delete(id);
      const read = readDeliveries(
        db,
        messages.map((message) => message.deliveryId),
        mail,
      );
      // A failed read fails the deliveries that use it, which the outbox retries.
      read.catch(() => undefined);
      for (const message of messages) prepared.set(message.deliveryId, { at, read });
    },
    deliver({ deliveryId }) {
      const batch = prepared.get(deliveryId);
      prepared.delete(deliveryId);
      const fresh = batch && now().getTime() - batch.at <= BATCH_READ_FRESH_MS ? batch.read : undefined;
      return sendDelivery(db, senders, deliveryId, now, mail, fresh);
    },
    record: (trx, ids, at) => markSent(trx, ids as string[], at),
  };
}
