import { bookingHref } from "~/domain/links";
import { freshLinkText, whatsappMessageHref } from "~/domain/registration/rider-contact";
import { hasRole } from "~/domain/roles";
import { features } from "~/features/index.server";
import { NOT_ALLOWED } from "../auth/admin-access.server";
import { freshLinkForRider } from "../registrations/booking-link.server";
import { cancelRegistration, chooseRefundForRider, type KeepOverride } from "../registrations/cancel.server";
import { KEPT_AMOUNT_MESSAGE, keptPaiseOf } from "~/domain/registration/cancellation-quote";
import { isRefundChoice } from "~/domain/registration/refund-choice";
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
      cancel: (body) =>
        overrides(body) && !(role !== undefined && hasRole(role, "editor"))
          ? Promise.resolve(failed(403, NOT_ALLOWED))
          : withRider(context, rideId, body, cancel(body)),
      refund: (body) => withRider(context, rideId, body, chooseRefund(body)),
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

/** Whether a cancel keeps another amount than the quote's (owners and editors only). */
const overrides = (body: Record<string, unknown>) => body.kept !== undefined && body.kept !== "";

/** Cancels, keeping the quote's amount or the admin's own { kept: rupees, reason }. */
function cancel(body: Record<string, unknown>): RiderOperation {
  return async (context, rider, ride) => {
    let override: KeepOverride | undefined;
    if (overrides(body)) {
      const keptPaise = keptPaiseOf(body.kept);
      if (keptPaise === null) throw new ValidationError({ kept: KEPT_AMOUNT_MESSAGE });
      override = { keptPaise, reason: typeof body.reason === "string" ? body.reason : "" };
    }
    const { promoted } = await cancelRegistration(context.services.db, rider.id, by(context, ride), override);
    const names = promoted.map((entry) => `${entry.name || "a rider"} (${entry.reference})`);
    return (
      `${rider.name || rider.reference} cancelled successfully` +
      (names.length ? `; confirmed from the waitlist: ${names.join(", ")}` : "")
    );
  };
}

const CHOSEN = { original: "refund to how they paid recorded", credit: "kept as credit for a future ride" } as const;

/** Records how a rider's money comes back: { choice: "original" | "credit" } (a live booking on a cancelled ride is cancelled). */
function chooseRefund(body: Record<string, unknown>): RiderOperation {
  return async (context, rider, ride) => {
    if (!isRefundChoice(body.choice))
      throw new ValidationError({ choice: "Say how the money comes back: original or credit" });
    await chooseRefundForRider(context.services.db, rider.id, body.choice, by(context, ride));
    return `${rider.reference}: ${CHOSEN[body.choice]}`;
  };
}

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
