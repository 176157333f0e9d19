import { bookingHref } from "~/domain/links";
import { freshLinkText, whatsappMessageHref } from "~/domain/registration/rider-contact";
import { hasRole } from "~/domain/roles";
import { features } from "~/features/index.server";
import { NOT_ALLOWED } from "../auth/admin-access.server";
import { freshLinkForRider } from "../registrations/booking-link.server";
import { cancelRegistration } from "../registrations/cancel.server";
import { confirmFromWaitlist, setBalancePayment, setPayment } from "../registrations/admin-changes.server";
import type { FeatureServer } from "../registries/feature.server";
import type { RidersPageIntent } from "../registries/riders-page.server";
import { ValidationError } from "../validation/errors.server";
import { dispatchIntent } from "./intent-dispatch.server";
import { recordUpiRefund, refundRecordedMessage } from "../payments/upi-refunds.server";
import { type AdminActionContext as Context, failed } from "./respond.server";
import { by, type RiderOperation, withRider } from "./rider-operations.server";

export const UNKNOWN_REGISTRATION_ACTION = "Unknown riders action";

/** The features' intents on the pages (their ridersPage intents: check-in, a pending credit's decision). */
const featureIntents: [string, RidersPageIntent][] = (features as readonly FeatureServer[]).flatMap((feature) =>
  Object.entries(feature.ridersPage?.intents ?? {}),
);

/**
 * The Riders and check-in pages' operations on one ride, one JSON body each: { intent, id, … }
 * (a payment says which: { intent: "payment", id, payment: "paid", which: "balance" }).
 * A registration of another ride is refused as unknown, whatever its id. Each is one command of
 * the registrations service (its audit row and content event included); here only the answer.
 * A feature's intent that needs a role is refused unless the page says the admin's (the Riders page does).
 */
export async function registrationAction(
  request: Request,
  context: Context,
  rideId: string,
  { role }: { role?: string } = {},
) {
  return dispatchIntent(
    request,
    context,
    {
      payment: (body) => withRider(context, rideId, body, markPayment(body)),
      confirm: (body) => withRider(context, rideId, body, confirm),
      cancel: (body) => withRider(context, rideId, body, cancel),
      "whatsapp-link": (body) => withRider(context, rideId, body, linkByWhatsapp(context.services.env.publicUrl)),
      // Money leaves the organisers' account: owners and editors, as for marking paid.
      "refund-utr": (body) =>
        role !== undefined && hasRole(role, "editor")
          ? withRider(context, rideId, body, recordRefundUtr(body))
          : Promise.resolve(failed(403, NOT_ALLOWED)),
      ...Object.fromEntries(
        featureIntents.map(([name, intent]) => [
          name,
          (body: Record<string, unknown>) =>
            !intent.role || (role !== undefined && hasRole(role, intent.role))
              ? intent.run(context, rideId, body)
              : Promise.resolve(failed(403, NOT_ALLOWED)),
        ]),
      ),
    },
    UNKNOWN_REGISTRATION_ACTION,
  );
}

/** Marks the booking amount (`which` absent or "booking") or the balance ("balance") as paid or due. */
function markPayment(body: Record<string, unknown>): RiderOperation {
  return async (context, rider, ride) => {
    const payment = body.payment === "paid" ? "paid" : body.payment === "due" ? "due" : null;
    if (!payment) throw new ValidationError({ payment: "Payment must be due or paid" });
    const which = body.which ?? "booking";
    if (which !== "booking" && which !== "balance")
      throw new ValidationError({ which: "Say which payment: the booking amount or the balance" });
    const mark = which === "balance" ? setBalancePayment : setPayment;
    await mark(context.services.db, rider.id, payment, by(context, ride));
    return which === "balance"
      ? `${rider.reference} balance marked as ${payment} successfully`
      : `${rider.reference} marked as ${payment} successfully`;
  };
}

/** The UTR of a UPI refund the admin sent: { intent: "refund-utr", id, entryId, utr }. */
function recordRefundUtr(body: Record<string, unknown>): RiderOperation {
  return async (context, rider, ride) => {
    const recorded = await recordUpiRefund(
      context.services.db,
      { registrationId: rider.id, entryId: body.entryId, utr: body.utr },
      by(context, ride),
    );
    return refundRecordedMessage(recorded);
  };
}

const confirm: RiderOperation = async (context, rider, ride) => {
  await confirmFromWaitlist(context.services.db, rider.id, by(context, ride));
  return `${rider.name || rider.reference} confirmed from the waitlist successfully`;
};

const cancel: RiderOperation = async (context, rider, ride) => {
  const { promoted } = await cancelRegistration(context.services.db, rider.id, by(context, ride));
  const names = promoted.map((entry) => `${entry.name || "a rider"} (${entry.reference})`);
  return (
    `${rider.name || rider.reference} cancelled successfully` +
    (names.length ? `; confirmed from the waitlist: ${names.join(", ")}` : "")
  );
};

/**
 * "New link by WhatsApp": the rider's link is rotated (their old one stops working,
 * and the trail says who did it), and the admin gets WhatsApp's click-to-chat link with the
 * fresh link typed in, to send from their own phone.
 */
function linkByWhatsapp(origin: string): RiderOperation {
  return async (context, rider, ride) => {
    const { token } = await freshLinkForRider(context.services.db, rider.id, by(context, ride));
    const text = freshLinkText({ name: rider.name, rideTitle: ride.title, link: origin + bookingHref(token) });
    const whatsapp = whatsappMessageHref(rider.phone, text);
    return {
      message: `New link for ${rider.name || rider.reference} ready: send it on WhatsApp`,
      extra: { whatsapp },
    };
  };
}
