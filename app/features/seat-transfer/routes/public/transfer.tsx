import { data, redirect } from "react-router";
import { RegisterForm } from "~/components/registration/register-form";
import { TransferGone, TransferSeat, type TransferSeatView } from "~/features/seat-transfer/components/transfer-page";
import { Island } from "~/islands/island";
import { requestContext, servicesContext } from "~/context";
import { policyPoints, rideForDisplay } from "~/domain/defaults";
import { bookingHref } from "~/domain/links";
import { balancePayment, bookingPayment, consentText } from "~/domain/registration/booking-page";
import { formatRupees } from "~/domain/registration/balance";
import { HONEYPOT_FIELD } from "~/domain/registration/input";
import { OPTION_LABELS, registrationSettingsOf } from "~/domain/registration/settings";
import { seatSettings, TRANSFER_GONE } from "~/features/seat-transfer/domain/transfer";
import { pageTitle } from "~/domain/site";
import { serverClock } from "~/server/clock.server";
import { getConfig } from "~/server/content/config.server";
import { readSmallForm } from "~/server/registrations/read-form.server";
import {
  acceptTransfer,
  getTransferOffer,
  type TransferAccepted,
} from "~/features/seat-transfer/server/transfer.server";
import { signedInRider } from "~/features/rider-accounts/server/sessions.server";
import { currentWaiver } from "~/features/waivers/server/current-waiver.server";
import { readDocumentSettings } from "~/features/money-documents/server/settings.server";
import { rideRuleSentences } from "~/domain/registration/policy-sentences";
import type { Route } from "./+types/transfer";

// /transfer/:token (docs/features/seat-transfer.md): a friend takes a seat a rider handed on. The
// token is a secret (SECRET_ROUTES): private, never cached or indexed, no referrer off the site.
// The page shows the seat and what was paid, nothing of the rider who offered it.

const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
};
const TOO_LARGE = "The form was too large to read. Please shorten your answers and send it again.";
const FAILED = "The seat could not be handed to you right now. Please try again in a few minutes.";

function gone() {
  return data({ found: false as const, message: TRANSFER_GONE }, { status: 404, headers: PRIVATE_HEADERS });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const now = serverClock();
  const offer = await getTransferOffer(db, params.token, now);
  if (!offer) return gone();
  const { ride } = offer;
  const [config, waiver, documentSettings] = await Promise.all([
    getConfig(db),
    currentWaiver(db, ride.id),
    readDocumentSettings(db),
  ]);
  const payment = bookingPayment(config.company, offer.dues.booking, offer.reference, ride.bookingCost);
  const balance = balancePayment(config.company, offer.dues.balance, offer.reference);
  const seat: TransferSeatView = {
    ride: { title: ride.title, startDate: ride.startDate, endDate: ride.endDate },
    reference: offer.reference,
    option: OPTION_LABELS[offer.option],
    bookingAmount: offer.dues.booking ? formatRupees(offer.dues.booking.chargedPaise) : payment.amount,
    bookingPaid: payment.paid,
    utrGiven: payment.claimedUtr !== "",
    balance: balance ? { amount: balance.amount, paid: balance.paid, dueDate: balance.dueDate } : null,
    expiresAt: offer.expiresAt,
  };
  return data(
    {
      found: true as const,
      seat,
      form: {
        settings: seatSettings(registrationSettingsOf(ride), offer.option),
        thingsToCarry: rideForDisplay(ride).thingsToCarryMandatory,
        cancellationPolicy: [...rideRuleSentences(ride), ...policyPoints(rideForDisplay(ride).cancellationPolicy)],
        consent: consentText(env.registrationRetentionDays),
        waiver: waiver ? { id: waiver.id, version: waiver.version, text: waiver.text } : null,
        // In GST mode the form asks the rider's state (docs/features/money-documents.md).
        asksTaxDetails: documentSettings.gstMode,
      },
    },
    { headers: PRIVATE_HEADERS },
  );
}

type Refused = { values: Record<string, string>; errors: Record<string, string>; formError?: string };

function refused(status: number, answer: Refused, headers: Record<string, string> = {}) {
  return data(answer, { status, headers: { ...PRIVATE_HEADERS, ...headers } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { clientIp, origin, requestId } = context.get(requestContext);
  const form = await readSmallForm(request);
  const { [HONEYPOT_FIELD]: _honeypot, ...values } = form.fields;
  if (!form.ok) {
    // A link that opens no seat answers the same whatever was sent to it, a form too large too.
    if (!(await getTransferOffer(services.db, params.token, serverClock()))) return gone();
    return refused(413, { values, errors: {}, formError: TOO_LARGE });
  }
  let result: TransferAccepted;
  try {
    // Taken while signed in with the account's own address, the booking belongs to the friend's account.
    const rider = await signedInRider(request, context);
    result = await acceptTransfer(services.db, params.token, form.fields, {
      clientIp,
      origin,
      riderId: rider?.id,
      now: serverClock(),
    });
  } catch (error) {
    services.logger.error({ err: error, requestId }, "seat transfer failed");
    return refused(500, { values, errors: {}, formError: FAILED });
  }
  if (result.ok)
    return redirect(`${bookingHref(result.token)}?done=transferred`, { status: 303, headers: PRIVATE_HEADERS });
  switch (result.refused) {
    case "gone":
      return gone();
    case "throttled":
      return refused(
        429,
        { values, errors: {}, formError: result.message },
        { "Retry-After": String(result.retryAfterSeconds) },
      );
    case "invalid": {
      const { "": formError, ...errors } = result.errors;
      return refused(400, { values, errors, formError });
    }
  }
}

/** Every answer is private; an action's keeps its own headers (a throttled post's Retry-After). */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta() {
  return [
    { title: pageTitle("Take a seat") },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "same-origin" },
  ];
}

export default function Transfer({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) return <TransferGone message={loaderData.message} />;
  // A post the link no longer takes (used meanwhile) answers like the page.
  if (actionData && "found" in actionData) return <TransferGone message={actionData.message} />;
  const answer = actionData && "values" in actionData ? actionData : undefined;
  return (
    <div className="mx-auto max-w-2xl space-y-8 px-4 py-10 sm:px-6">
      <TransferSeat seat={loaderData.seat} />
      <Island
        name="register-form"
        component={RegisterForm}
        props={{
          ...loaderData.form,
          values: answer?.values ?? {},
          errors: answer?.errors ?? {},
          formError: answer?.formError,
          submitText: "Take the seat",
        }}
      />
    </div>
  );
}
