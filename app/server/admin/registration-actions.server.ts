import type { Ride } from "~/domain/ride";
import { NotFoundError, ValidationError } from "../validation/errors.server";
import type { Registration } from "../registrations/rows.server";
import { getRegistration } from "../registrations/queries.server";
import { cancelRegistration } from "../registrations/cancel.server";
import { confirmFromWaitlist, setBalancePayment, setPayment } from "../registrations/admin-changes.server";
import { setCheckedIn, setParticipantsFromCheckIns } from "~/features/ride-day/server/check-in.server";
import { getRide } from "../rides/rides.server";
import { freshLinkForRider } from "../registrations/booking-link.server";
import { bookingHref } from "~/domain/links";
import { freshLinkText, whatsappMessageHref } from "~/domain/registration/rider-contact";
import { dispatchIntent } from "./intent-dispatch.server";
import { decideCredit } from "~/features/credit/server/commands.server";
import { formatRupees } from "~/domain/registration/balance";
import { NOT_ALLOWED } from "../auth/admin-access.server";
import { type AdminActionContext as Context, failed, stringField, succeeded } from "./respond.server";

export const UNKNOWN_REGISTRATION_ACTION = "Unknown riders action";
export const RIDER_NOT_FOUND = "Cannot find this registration on this ride: reload the list";
export const RIDE_NOT_FOUND = "Cannot find this ride: it may have been deleted";

/**
 * The Riders and check-in pages' operations on one ride, one JSON body each: { intent, id, … }
 * (a payment says which: { intent: "payment", id, payment: "paid", which: "balance" }).
 * A registration of another ride is refused as unknown, whatever its id. Each is one command of
 * the registrations service (its audit row and content event included); here only the answer.
 */
export async function registrationAction(
  request: Request,
  context: Context,
  rideId: string,
  /** Owners and editors decide a cancelled booking's credit (docs/features/credit.md). */
  { mayDecideCredit = false }: { mayDecideCredit?: boolean } = {},
) {
  return dispatchIntent(
    request,
    context,
    {
      payment: (body) => withRider(context, rideId, body, markPayment(body)),
      confirm: (body) => withRider(context, rideId, body, confirm),
      cancel: (body) => withRider(context, rideId, body, cancel),
      "check-in": (body) => withRider(context, rideId, body, checkIn(body)),
      "whatsapp-link": (body) => withRider(context, rideId, body, linkByWhatsapp(context.services.env.publicUrl)),
      participants: () => setParticipants(context, rideId),
      credit: async (body) =>
        mayDecideCredit ? withRider(context, rideId, body, decideCreditOf(body)) : failed(403, NOT_ALLOWED),
    },
    UNKNOWN_REGISTRATION_ACTION,
  );
}

/** An operation's answer: the status line's message, and what else the page needs (a link to open). */
type Outcome = string | { message: string; extra: Record<string, unknown> };

type RiderOperation = (context: Context, rider: Registration, ride: Ride) => Promise<Outcome>;

/** The refusal as the admin reads it: what failed, then the service's reason; anything unforeseen is logged. */
function refusal({ services }: Context, what: string, error: unknown) {
  if (error instanceof ValidationError) return failed(400, `Cannot ${what}: ${Object.values(error.errors).join(" ")}`);
  if (error instanceof NotFoundError) return failed(404, RIDER_NOT_FOUND);
  services.logger.error({ err: error }, `${what} failed`);
  return failed(500, `Cannot ${what}: an error occurred. Try again.`);
}

async function withRider(context: Context, rideId: string, body: Record<string, unknown>, operation: RiderOperation) {
  const { services } = context;
  const [rider, ride] = await Promise.all([
    getRegistration(services.db, stringField(body, "id")),
    getRide(services.db, rideId),
  ]);
  if (!ride) return failed(404, RIDE_NOT_FOUND);
  if (!rider || rider.rideId !== ride.id) return failed(404, RIDER_NOT_FOUND);
  try {
    const outcome = await operation(context, rider, ride);
    return typeof outcome === "string" ? succeeded(outcome) : succeeded(outcome.message, outcome.extra);
  } catch (error) {
    return refusal(context, `change ${rider.reference}`, error);
  }
}

/** The command's change: the admin's, on the ride they are looking at. */
const by = ({ actor }: Context, ride: Ride) => ({ actor, rideId: ride.id });

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

/** Confirms ({ decision: "confirm", amount: "8000" }) or declines a cancelled booking's pending credit ({ entryId }). */
function decideCreditOf(body: Record<string, unknown>): RiderOperation {
  return async (context, rider, ride) => {
    const decision = stringField(body, "decision");
    if (decision !== "confirm" && decision !== "decline")
      throw new ValidationError({ decision: "Say whether to confirm or decline the credit" });
    const entryId = stringField(body, "entryId");
    const decided = await decideCredit(
      context.services.db,
      entryId,
      decision === "confirm" ? { confirm: true, amount: body.amount } : { confirm: false },
      by(context, ride),
    );
    return decided.state === "confirmed"
      ? `Credit ${formatRupees(decided.amountPaise)} of ${rider.reference} confirmed`
      : `Credit of ${rider.reference} declined`;
  };
}

function checkIn(body: Record<string, unknown>): RiderOperation {
  return async (context, rider, ride) => {
    if (typeof body.checkedIn !== "boolean")
      throw new ValidationError({ checkedIn: "Say whether the rider checked in" });
    await setCheckedIn(context.services.db, rider.id, body.checkedIn, by(context, ride));
    return body.checkedIn
      ? `${rider.name || rider.reference} checked in successfully`
      : `Check-in of ${rider.name || rider.reference} undone`;
  };
}

/**
 * "Set participants to N": the ride's participants become the riders checked in now, counted
 * and written under the ride's lock (the registrations service, which the statistics follow),
 * and the ride's revision names the admin who did it.
 */
async function setParticipants(context: Context, rideId: string) {
  const { services, actor } = context;
  let ride: Ride;
  try {
    ride = await setParticipantsFromCheckIns(services.db, rideId, { actor });
  } catch (error) {
    if (error instanceof NotFoundError) return failed(404, RIDE_NOT_FOUND);
    return refusal(context, "set the participants", error);
  }
  const { participants } = ride;
  return succeeded(`Participants set to ${participants} successfully`, { participants });
}
