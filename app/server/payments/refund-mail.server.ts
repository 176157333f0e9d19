import { bookingHref } from "~/domain/links";
import { formatRupees } from "~/domain/registration/balance";
import { refundFailedSentence } from "~/domain/registration/refunds";
import type { Database } from "../db/schema.server";
import type { Mail } from "../mail/mailer.server";
import { bookingTokenOf, getRegistration } from "../registrations/queries.server";
import { getRide } from "../rides/rides.server";

// The rider's mail when a refund is processed or failed (docs/features/refunds.md), written when
// sent from the ledger as it is then: a booking erased in between is mailed nothing.

const HOW: Record<string, string> = {
  online: "to the card or account you paid with",
  upi: "by UPI",
  credit: "as credit for your next ride",
};

/** The mail about the settled refund `entryId`, or null when there is nobody or nothing to tell. */
export async function refundMailOf(
  db: Database,
  { registrationId, entryId, origin }: { registrationId: string; entryId: string; origin: string | null },
): Promise<Mail | null> {
  const [registration, entry] = await Promise.all([
    getRegistration(db, registrationId),
    db
      .selectFrom("booking_entries")
      .select(["amount_paise", "state", "method", "reference"])
      .where("id", "=", entryId)
      .where("registration_id", "=", registrationId)
      .where("kind", "=", "refund")
      .executeTakeFirst(),
  ]);
  if (!registration?.email || !entry || entry.state === "claimed") return null;
  const [ride, token] = await Promise.all([getRide(db, registration.rideId), bookingTokenOf(db, registration.id)]);
  const link = token && origin ? origin + bookingHref(token) : null;
  const amount = formatRupees(entry.amount_paise);
  const on = ride ? ` on "${ride.title}"` : "";
  const processed = entry.state === "confirmed";
  const what = processed
    ? [
        `Your refund of ${amount} for booking ${registration.reference}${on} is processed: it was sent ${HOW[entry.method ?? ""] ?? ""}.`,
        ...(entry.reference && entry.method !== "credit" ? [`Its reference: ${entry.reference}.`] : []),
        ...(entry.method === "online" ? ["Banks take up to 5–7 working days to show it on your statement."] : []),
      ]
    : [refundFailedSentence(entry.amount_paise)];
  return {
    to: registration.email,
    subject: processed
      ? `Refund processed: ${amount} — booking ${registration.reference}`
      : `Refund failed, now credit: ${amount} — booking ${registration.reference}`,
    text: [
      `Hello ${registration.name},`,
      "",
      ...what,
      "",
      ...(link ? ["Your private booking page:", link] : ["Your private booking page is the link in your first mail."]),
    ].join("\n"),
  };
}
