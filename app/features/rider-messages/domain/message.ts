import { z } from "zod";
import { DUES_FILTERS, type DuesFilter } from "~/domain/registration/dues";
import { line, requiredMultilineText } from "~/domain/fields";

// What a ride tells its riders (docs/features/rider-messages.md): the kinds of message, the
// channels a rider's copy travels on, and how its delivery went.

/**
 * broadcast: an admin or captain wrote it; reminder: sent by a ride's reminder rule; change: the
 * ride's dates, meeting point, plan or status changed; booking: news of the rider's own booking
 * (registered, seat confirmed, cancelled), shown on their page only.
 */
export const RIDE_MESSAGE_KINDS = ["broadcast", "reminder", "change", "booking"] as const;
export type RideMessageKind = (typeof RIDE_MESSAGE_KINDS)[number];

/** The booking page's Updates list first, then the channels the rider reads. */
export const DELIVERY_CHANNELS = ["page", "email", "push", "whatsapp"] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/**
 * queued: to send (WhatsApp: for the captain to tap); sent; failed (retried, with the reason);
 * skipped: nothing to send on (mail off, no subscription, the rider left); tapped: the captain
 * opened the rider's WhatsApp link.
 */
export const DELIVERY_STATUSES = ["queued", "sent", "failed", "skipped", "tapped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const CHANNEL_LABELS: Readonly<Record<DeliveryChannel, string>> = {
  page: "Booking page",
  email: "Email",
  push: "Push",
  whatsapp: "WhatsApp",
};

export const DELIVERY_STATUS_LABELS: Readonly<Record<DeliveryStatus, string>> = {
  queued: "Queued",
  sent: "Sent",
  failed: "Failed",
  skipped: "Not sent",
  tapped: "Opened in WhatsApp",
};

export const MAX_SUBJECT_LENGTH = 150;
export const MAX_BODY_LENGTH = 4000;

/** Who a broadcast goes to: by status, payment and check-in. Cancelled riders never get one. */
export const AUDIENCE_STATUSES = ["confirmed", "waitlisted"] as const;

const isAudienceStatus = (value: string): value is (typeof AUDIENCE_STATUSES)[number] =>
  (AUDIENCE_STATUSES as readonly string[]).includes(value);

/** A broadcast as an admin writes it; every field comes from the form as text. */
export const broadcastInputSchema = z.object({
  subject: line("Subject is required")
    .min(1, "Subject is required")
    .max(MAX_SUBJECT_LENGTH, `Subject must be at most ${MAX_SUBJECT_LENGTH} characters`),
  body: requiredMultilineText("Message is required").refine(
    (body) => body.length <= MAX_BODY_LENGTH,
    `Message must be at most ${MAX_BODY_LENGTH.toLocaleString("en-US")} characters`,
  ),
  statuses: z
    .preprocess(
      (value) => (Array.isArray(value) ? value : value === undefined ? [] : [value]),
      z.array(z.string(), { error: "Choose confirmed or waitlisted riders" }),
    )
    .refine((statuses) => statuses.every(isAudienceStatus), "Choose confirmed or waitlisted riders")
    .refine((statuses) => statuses.length > 0, "Choose who gets the message: confirmed riders, the waitlist or both")
    .transform((statuses) => [...new Set(statuses.filter(isAudienceStatus))]),
  payment: z
    .enum(["", ...DUES_FILTERS], { error: "Payment must be any, or one of the payment filters offered" })
    .default(""),
  checkIn: z.enum(["", "in", "out"], { error: "Check-in must be any, checked in or not checked in" }).default(""),
});
export type BroadcastInput = z.infer<typeof broadcastInputSchema>;
export type Audience = Pick<BroadcastInput, "statuses" | "payment" | "checkIn">;

const AUDIENCE_DUES: Readonly<Record<DuesFilter, string>> = {
  due: "whose booking amount is due",
  paid: "who have paid the booking amount",
  "balance-due": "whose balance is unpaid",
  overdue: "whose balance is overdue",
};

/** The audience in words, for the preview and the message list: "confirmed riders who have paid". */
export function describeAudience({ statuses, payment, checkIn }: Audience): string {
  const who =
    statuses.length === 2
      ? "confirmed and waitlisted riders"
      : statuses[0] === "confirmed"
        ? "confirmed riders"
        : "waitlisted riders";
  const conditions = [
    payment ? AUDIENCE_DUES[payment] : "",
    checkIn === "in" ? "checked in" : checkIn === "out" ? "not checked in" : "",
  ].filter(Boolean);
  return conditions.length ? `${who} ${conditions.join(", ")}` : who;
}

/** What a rider can be reached on, as their registration says. */
export type Reach = { email: boolean; phone: boolean; push: boolean; reminders: boolean };

/**
 * The channels a rider's copy of a message goes on: always their booking page; a reminder only
 * there once they turned reminders off; email and push when they have them; WhatsApp (the
 * captain's queue) for anything but news of their own booking, which the booking mails carry.
 */
export function channelsFor(kind: RideMessageKind, reach: Reach): DeliveryChannel[] {
  const channels: DeliveryChannel[] = ["page"];
  if (kind === "reminder" && !reach.reminders) return channels;
  if (reach.email && kind !== "booking") channels.push("email");
  if (reach.push) channels.push("push");
  if (reach.phone && kind !== "booking") channels.push("whatsapp");
  return channels;
}
