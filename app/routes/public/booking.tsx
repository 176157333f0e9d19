import { data, redirect } from "react-router";
import { BookingNotFound, BookingPage, type BookingView } from "~/components/registration/booking-page";
import { PushUpdates, PushUpdatesOff } from "~/features/rider-messages/components/push-updates";
import { Island } from "~/islands/island";
import { PUSH_SUBSCRIBE, PUSH_UNSUBSCRIBE } from "~/features/rider-messages/domain/push-message";
import {
  pushEndpointHashes,
  subscribePushByToken,
  unsubscribePushByToken,
} from "~/features/rider-messages/server/push/subscriptions.server";
import { type AppServices, requestContext, servicesContext } from "~/context";
import { balancePayment, bookingPayment, nextSteps, RIDER_STATUS_LABELS } from "~/domain/registration/booking-page";
import { OPTION_LABELS } from "~/domain/registration/settings";
import { groupInviteFor } from "~/domain/registration/group-invite";
import {
  BOOKING_ERASED_PATH,
  bookingCalendarHref,
  bookingHref,
  ME_PATH,
  transferHref,
  webcalHref,
} from "~/domain/links";
import { pageTitle } from "~/domain/site";
import { readSmallForm } from "~/server/registrations/read-form.server";
import { beginBookingChange } from "~/server/registrations/throttle.server";
import { getConfig } from "~/server/content/config.server";
import { NotFoundError, ValidationError } from "~/server/validation/errors.server";
import { WAIVER_INTENT } from "~/features/waivers/domain/waiver";
import { bookingWaiver } from "~/features/waivers/server/booking-waiver.server";
import {
  acceptWaiverByToken,
  setRemindersByToken,
  submitBalanceUtrByToken,
  submitUtrByToken,
  updateContactByToken,
} from "~/server/registrations/rider-changes.server";
import { cancelByToken, eraseByToken } from "~/server/registrations/cancel.server";
import { getRide } from "~/server/rides/rides.server";
import { openBookingLink } from "~/server/registrations/booking-link.server";
import { calendarFeedToken } from "~/server/registrations/calendar-feed.server";
import { updatesFor } from "~/features/rider-messages/server/queries.server";
import { serverClock } from "~/server/clock.server";
import { RiderPhotosSection } from "~/features/ride-photos/components/rider-photos-section";
import {
  RIDER_PHOTO_DELETE_INTENT,
  RIDER_PHOTOS_INTENT,
  riderPhotosView,
} from "~/features/ride-photos/domain/rider-photos";
import { deleteRiderPhotoByToken, listRiderPhotos } from "~/features/ride-photos/server/rider-photos.server";
import { receiveRiderPhotos } from "~/features/ride-photos/server/upload-request.server";
import { RideWordsSection } from "~/features/ride-words/components/ride-words-form";
import { isRideWordsIntent, RIDE_WORDS_INTENT, RIDE_WORDS_WITHDRAW_INTENT } from "~/features/ride-words/domain/booking";
import { rideWordsViewOf } from "~/features/ride-words/server/booking-words.server";
import { answerByToken, withdrawByToken } from "~/features/ride-words/server/commands.server";
import {
  SeatTransferSection,
  TRANSFER_OFFER_INTENT,
  TRANSFER_WITHDRAW_INTENT,
} from "~/features/seat-transfer/components/seat-transfer-section";
import {
  offerTransferByToken,
  seatTransferOf,
  withdrawTransferByToken,
} from "~/features/seat-transfer/server/transfer.server";
import { BookingAccountNote } from "~/features/rider-accounts/components/booking-account-note";
import { bookingAccountOf, joinBooking } from "~/features/rider-accounts/server/join-booking.server";
import { JOIN_INTENT, JOIN_REFUSALS } from "~/features/rider-accounts/domain/my-rides";
import { creditRefusal, USE_CREDIT_INTENT } from "~/features/credit/domain/credit";
import { creditOffer } from "~/features/credit/server/offer.server";
import { payWithCreditByToken } from "~/features/credit/server/pay-with-credit.server";
import { signedInRider } from "~/features/rider-accounts/server/sessions.server";
import type { Route } from "./+types/booking";

// /booking/:token (decision 020): a rider's private page, opened by the unguessable
// token in its link, no account needed. Never cached, indexed or logged with its token
// (loggablePath), and its address never leaves the site as a referrer.

const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  // Not no-referrer: with it, browsers send `Origin: null` on the page's own form posts, which
  // the cross-site guard (server/security.ts) refuses. same-origin sends no referrer to any
  // other site, which is what keeps the link private.
  "Referrer-Policy": "same-origin",
};

type Notice =
  | "utr"
  | "balance-utr"
  | "contact"
  | "cancelled"
  | "reminders-on"
  | "reminders-off"
  | "waiver"
  | "photos"
  | "photo-deleted"
  | "words"
  | "words-withdrawn"
  | "transferred"
  | "transfer-withdrawn"
  | "credit-used";

// A Map, not an object: `?done=` is the visitor's to write, and an object would answer
// `__proto__` or `constructor` with what it inherits.
const NOTICES = new Map<string, string>([
  [
    "utr",
    "Thank you: your UPI transaction id is saved. The organisers mark the booking paid once they see the payment.",
  ],
  [
    "balance-utr",
    "Thank you: the UPI transaction id of your balance is saved. The organisers mark the balance paid once they see the payment.",
  ],
  ["contact", "Your contact details are saved."],
  ["waiver", "Thank you: the waiver is accepted."],
  ["cancelled", "Your registration is cancelled."],
  ["reminders-on", "Reminders are on: you get them before the ride."],
  ["reminders-off", "Reminders are off. Updates about your booking and changes to the ride still reach you."],
  ["photos", "Thank you: your photos wait for the organisers' approval before they appear in the ride's gallery."],
  ["photo-deleted", "Your photo is deleted."],
  ["words", "Thank you for your words: the team reads them before they appear on the ride's page."],
  ["words-withdrawn", "Your words are withdrawn: they are on no page of the site any more."],
  [
    "transferred",
    "The seat is yours. Keep this page's link: it is the only way to see, change or cancel your booking.",
  ],
  ["transfer-withdrawn", "Your transfer link is withdrawn: it no longer opens your seat."],
  ["credit-used", "Your credit is spent on the booking amount: the page shows what is left to pay, if anything."],
] satisfies [Notice, string][]);

const FAILED = "That could not be saved right now. Please try again in a few minutes.";
const TOO_LARGE = "The form was too large to read.";
const GONE = "This link no longer opens a registration.";
const PUSH_OFF = "This site does not send notifications.";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const { origin } = context.get(requestContext);
  // Find my booking's fresh link, first used here, becomes the booking's (decision 042).
  const registration = await openBookingLink(db, params.token);
  if (!registration) return data({ found: false as const }, { status: 404, headers: PRIVATE_HEADERS });
  // The push opt-in: the site's key, and which phones are on (as hashes: no endpoint in the page).
  const ride = await getRide(db, registration.rideId);
  const [config, updates, phones, waiver, photos, words, transfer] = await Promise.all([
    getConfig(db),
    updatesFor(db, registration.id),
    env.push ? pushEndpointHashes(db, registration.id) : [],
    bookingWaiver(db, registration),
    listRiderPhotos(db, registration.id),
    rideWordsViewOf(db, registration, ride, serverClock()),
    seatTransferOf(db, registration, ride, serverClock()),
  ]);
  const push = env.push ? { publicKey: env.push.publicKey, phones } : null;
  const payment = bookingPayment(
    config.company,
    { bookingCost: ride?.bookingCost ?? "" },
    registration.reference,
    registration.creditPaise,
  );
  const balance = ride ? balancePayment(config.company, ride, registration, serverClock()) : null;
  // The calendar feed's own read-only token, never this page's (decision 042).
  const feed = calendarFeedToken(registration.id);
  const query = new URL(request.url).searchParams;
  const done = query.get("done");
  const confirm = query.get("confirm");
  const view: BookingView = {
    href: bookingHref(params.token),
    reference: registration.reference,
    status: registration.status,
    statusLabel: RIDER_STATUS_LABELS[registration.status],
    option: OPTION_LABELS[registration.option],
    paid: registration.payment === "paid",
    utr: registration.utr,
    contact: {
      name: registration.name,
      mobile: registration.phone,
      email: registration.email,
      emergencyName: registration.emergencyName,
      emergencyPhone: registration.emergencyPhone,
    },
    ride: ride ? { id: ride.id, title: ride.title, startDate: ride.startDate, endDate: ride.endDate } : null,
    payment: registration.status === "confirmed" ? payment : null,
    balance,
    balanceUtr: registration.balanceUtr,
    steps: nextSteps(registration.status, payment, balance),
    notice: NOTICES.get(done ?? "") ?? null,
    confirm: confirm === "cancel" || confirm === "erase" ? confirm : null,
    updates,
    reminders: registration.reminders,
    rideLinks: {
      groupInvite: groupInviteFor(ride, registration),
      calendar:
        ride && feed && registration.status !== "cancelled"
          ? { subscribe: webcalHref(origin, bookingCalendarHref(feed)), download: bookingCalendarHref(feed) }
          : null,
    },
    waiver,
    credit: null,
  };
  const riderPhotos = riderPhotosView(registration.status, ride, photos, serverClock());
  // Opened signed in: an older booking of the account's address is offered to join it (docs/features/rider-accounts.md).
  const rider = await signedInRider(request, context);
  const account = rider ? bookingAccountOf(rider, registration) : null;
  // Their credit can pay a booking amount still unpaid (docs/features/credit.md).
  const mayTakeCredit = rider && ride && (account === "yours" || account === "joined");
  if (mayTakeCredit && creditRefusal({ ...registration, riderId: rider.id }, rider.id) === null) {
    view.credit = await creditOffer(db, rider.id, ride);
  }
  return data(
    { found: true as const, view, push, riderPhotos, words, transfer, account },
    { headers: PRIVATE_HEADERS },
  );
}

type Refused = { intent: string; values: Record<string, string>; errors: Record<string, string>; formError?: string };

function refused(status: number, answer: Refused, headers: Record<string, string> = {}) {
  return data(answer, { status, headers: { ...PRIVATE_HEADERS, ...headers } });
}

function done(token: string, notice: Notice) {
  return redirect(`${bookingHref(token)}?done=${notice}`, { status: 303, headers: PRIVATE_HEADERS });
}

const CONTACT_FIELDS = ["name", "mobile", "email", "emergencyName", "emergencyPhone"] as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { clientIp, requestId } = context.get(requestContext);
  const { token } = params;
  // Photos are read by their own bounds, before the body: the intent is in the address.
  if (new URL(request.url).searchParams.get("intent") === RIDER_PHOTOS_INTENT) {
    return receivePhotos(services, request, token, clientIp, requestId);
  }
  const form = await readSmallForm(request);
  const { intent = "", ...values } = form.fields;
  try {
    // A link that opens nothing answers the same whatever was asked of it, a form too large too:
    // the page that would say why is not there.
    const registration = await openBookingLink(services.db, token);
    if (!registration) return refused(404, { intent, values: {}, errors: {}, formError: GONE });
    if (!form.ok) return refused(413, { intent: "", values: {}, errors: {}, formError: TOO_LARGE });
    const verdict = await beginBookingChange(services.db, registration.id, clientIp);
    if (!verdict.allowed) {
      const retryAfter = { "Retry-After": String(verdict.retryAfterSeconds) };
      return refused(429, { intent, values, errors: {}, formError: verdict.message }, retryAfter);
    }
    switch (intent) {
      case "utr":
        await submitUtrByToken(services.db, token, values.utr ?? "");
        return done(token, "utr");
      case "balance-utr":
        await submitBalanceUtrByToken(services.db, token, values.balanceUtr ?? "");
        return done(token, "balance-utr");
      case "contact":
        await updateContactByToken(
          services.db,
          token,
          Object.fromEntries(CONTACT_FIELDS.map((name) => [name, values[name] ?? ""])),
        );
        return done(token, "contact");
      case WAIVER_INTENT:
        await acceptWaiverByToken(services.db, token, values);
        return done(token, "waiver");
      case "reminders": {
        const on = values.reminders === "on";
        await setRemindersByToken(services.db, token, on);
        return done(token, on ? "reminders-on" : "reminders-off");
      }
      case "cancel":
      case "erase":
        // One press never cancels: the first shows what it does and asks again.
        if (values.confirm !== "yes") return redirect(`${bookingHref(token)}?confirm=${intent}`, { status: 303 });
        if (intent === "cancel") {
          await cancelByToken(services.db, token);
          return done(token, "cancelled");
        }
        await eraseByToken(services.db, token);
        // A page of its own: this link's page now answers 404, and a reload must not post again.
        return redirect(BOOKING_ERASED_PATH, { status: 303 });
      case TRANSFER_OFFER_INTENT: {
        // The link is shown once, in this answer: only its hash is kept.
        const offer = await offerTransferByToken(services.db, token, serverClock());
        const transferLink = context.get(requestContext).origin + transferHref(offer.token);
        return data({ intent, values: {}, errors: {}, transferLink }, { headers: PRIVATE_HEADERS });
      }
      case JOIN_INTENT: {
        const rider = await signedInRider(request, context);
        if (!rider) return redirect(ME_PATH, { status: 303 });
        const joined = await joinBooking(services.db, rider.id, registration.id);
        if (joined === "elsewhere" || joined === "other-email")
          return refused(400, { intent, values: {}, errors: {}, formError: JOIN_REFUSALS[joined] });
        return redirect(bookingHref(token), { status: 303 });
      }
      case USE_CREDIT_INTENT: {
        const rider = await signedInRider(request, context);
        if (!rider) return redirect(ME_PATH, { status: 303 });
        await payWithCreditByToken(services.db, token, rider.id, serverClock());
        return done(token, "credit-used");
      }
      case TRANSFER_WITHDRAW_INTENT:
        await withdrawTransferByToken(services.db, token, serverClock());
        return done(token, "transfer-withdrawn");
      case RIDE_WORDS_INTENT:
        await answerByToken(services.db, token, values, serverClock());
        return done(token, "words");
      case RIDE_WORDS_WITHDRAW_INTENT:
        await withdrawByToken(services.db, token, serverClock());
        return done(token, "words-withdrawn");
      // Posted by the push opt-in's script (push-updates.tsx), which reads only the status.
      case PUSH_SUBSCRIBE:
        if (!services.env.push) return refused(409, { intent, values: {}, errors: {}, formError: PUSH_OFF });
        await subscribePushByToken(services.db, token, values);
        return redirect(bookingHref(token), { status: 303, headers: PRIVATE_HEADERS });
      case PUSH_UNSUBSCRIBE:
        await unsubscribePushByToken(services.db, token, values);
        return redirect(bookingHref(token), { status: 303, headers: PRIVATE_HEADERS });
      case RIDER_PHOTO_DELETE_INTENT:
        await deleteRiderPhotoByToken(services.db, token, values.photo ?? "", serverClock());
        return done(token, "photo-deleted");
      default:
        return refused(400, { intent, values, errors: {}, formError: "Choose what to do on this page." });
    }
  } catch (error) {
    if (error instanceof ValidationError) {
      const { "": formError, ...errors } = error.errors;
      return refused(400, { intent, values, errors, formError });
    }
    if (error instanceof NotFoundError) return refused(404, { intent, values: {}, errors: {}, formError: GONE });
    services.logger.error({ err: error, requestId, intent }, "booking change failed");
    return refused(500, { intent, values, errors: {}, formError: FAILED });
  }
}

/**
 * The rider's photos (docs/features/ride-photos.md#riders-photos): all added, back to the page;
 * some refused by the image pipeline, the page again naming each with its message (the others kept).
 */
async function receivePhotos(
  services: AppServices,
  request: Request,
  token: string,
  clientIp: string,
  requestId: string,
) {
  const intent = RIDER_PHOTOS_INTENT;
  try {
    const answer = await receiveRiderPhotos(services, request, token, clientIp, serverClock());
    if (!answer.ok) {
      const retryAfter: Record<string, string> = answer.retryAfterSeconds
        ? { "Retry-After": String(answer.retryAfterSeconds) }
        : {};
      return refused(answer.status, { intent, values: {}, errors: {}, formError: answer.message }, retryAfter);
    }
    if (answer.refused.length === 0) return done(token, "photos");
    const errors = Object.fromEntries(
      answer.refused.map((file, index) => [`photo-${index}`, `${file.name}: ${file.message}`]),
    );
    const formError =
      answer.added > 0
        ? `${answer.added} of your photos ${answer.added === 1 ? "was" : "were"} added; the others were not.`
        : "Your photos were not added.";
    return refused(400, { intent, values: {}, errors, formError });
  } catch (error) {
    if (error instanceof ValidationError)
      return refused(400, { intent, values: {}, errors: {}, formError: error.errors[""] });
    if (error instanceof NotFoundError) return refused(404, { intent, values: {}, errors: {}, formError: GONE });
    services.logger.error({ err: error, requestId, intent }, "booking change failed");
    return refused(500, { intent, values: {}, errors: {}, formError: FAILED });
  }
}

/** Every answer is private; an action's keeps its own headers too (a throttled post's Retry-After). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : PRIVATE_HEADERS;
}

export function meta() {
  return [
    { title: pageTitle("Your booking") },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "same-origin" },
  ];
}

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) return <BookingNotFound erased={false} />;
  const { view, push, riderPhotos, words, transfer, account } = loaderData;
  const pushOptIn =
    view.status === "cancelled" ? null : push ? (
      <Island
        name="push-updates"
        component={PushUpdates}
        props={{ action: view.href, publicKey: push.publicKey, phones: push.phones }}
        hydrate="visible"
      />
    ) : (
      <PushUpdatesOff />
    );
  // Riders' words show under the Updates list, where the ask for them arrives, and answer
  // their own refusals.
  const wordsAnswer = words && isRideWordsIntent(actionData?.intent) ? actionData : undefined;
  const afterUpdates = (
    <>
      {pushOptIn}
      {words ? <RideWordsSection href={view.href} view={words} answer={wordsAnswer} /> : null}
    </>
  );
  return (
    <>
      {account ? <BookingAccountNote state={account} /> : null}
      <BookingPage
        view={view}
        answer={wordsAnswer ? undefined : actionData}
        pushOptIn={afterUpdates}
        riderPhotos={
          riderPhotos ? <RiderPhotosSection href={view.href} view={riderPhotos} answer={actionData} /> : null
        }
        seatTransfer={
          transfer ? (
            <SeatTransferSection
              href={view.href}
              offeredUntil={transfer.offeredUntil}
              link={actionData && "transferLink" in actionData ? actionData.transferLink : null}
            />
          ) : null
        }
      />
    </>
  );
}
