import { data, redirect } from "react-router";
import { BookingNotFound, BookingPage, type BookingView } from "~/components/registration/booking-page";
import { requestContext, servicesContext } from "~/context";
import { nextSteps, RIDER_STATUS_LABELS } from "~/domain/registration/booking-page";
import { OPTION_LABELS } from "~/domain/registration/settings";
import { groupInviteFor } from "~/domain/registration/group-invite";
import { BOOKING_ERASED_PATH, bookingCalendarHref, bookingHref, webcalHref } from "~/domain/links";
import { pageTitle } from "~/domain/site";
import { readSmallForm } from "~/server/registrations/read-form.server";
import { beginBookingChange } from "~/server/registrations/throttle.server";
import { bookingPayments } from "~/server/registrations/booking-payments.server";
import { getConfig } from "~/server/content/config.server";
import { NotFoundError, ValidationError } from "~/server/validation/errors.server";
import {
  setRemindersByToken,
  submitBalanceUtrByToken,
  submitUtrByToken,
  updateContactByToken,
} from "~/server/registrations/rider-changes.server";
import { CHOOSE_FIRST, cancelByToken, chooseRefundByToken, eraseByToken } from "~/server/registrations/cancel.server";
import { cancellationView } from "~/server/registrations/cancellation-view.server";
import { isRefundChoice } from "~/domain/registration/refund-choice";
import { getRide } from "~/server/rides/rides.server";
import { openBookingLink } from "~/server/registrations/booking-link.server";
import { calendarFeedToken } from "~/server/registrations/calendar-feed.server";
import { serverClock } from "~/server/clock.server";
import { done, FAILED, GONE, PRIVATE_HEADERS, refused } from "~/server/registrations/booking-answers.server";
import {
  type BookingIntent,
  type BookingUpload,
  bookingSectionsOf,
  loadBookingSections,
  namedOnce,
} from "~/server/registries/booking-section.server";
import { features } from "~/features/index.server";
import { formatRupees } from "~/domain/registration/balance";
import { paymentMethodsOf } from "~/server/payments/methods.server";
import { isProviderReturn, type ReturnOutcome } from "~/server/payments/online/return.server";
import { RazorpayApiError, RazorpayUnavailableError } from "~/server/payments/razorpay/client.server";
import { bookingPageSlots } from "~/features/slots/booking-page";
import { refundsShown } from "~/domain/registration/refunds";
import { ledgersOf } from "~/server/registrations/ledger.server";
import type { Route } from "./+types/booking";

// /booking/:token (decision 020): a rider's private page, opened by the unguessable
// token in its link, no account needed. Never cached, indexed or logged with its token
// (loggablePath), and its address never leaves the site as a referrer (PRIVATE_HEADERS).
// The registration's own forms are answered here; each feature's section reads what it shows
// and answers its own forms (decision 050: its descriptor's bookingPage, app/features/index.server.ts),
// and shows them through the page's slots (app/features/slots/booking-page.tsx).

type Notice =
  | "utr"
  | "balance-utr"
  | "contact"
  | "cancelled"
  | "refund-chosen"
  | "reminders-on"
  | "reminders-off"
  | "paid-online"
  | "received-online"
  | "not-paid-online"
  | "pending-online";

const CORE_NOTICES: Record<Notice, string> = {
  utr: "Thank you: your UPI transaction id is saved. The organisers mark the booking paid once they see the payment.",
  "balance-utr":
    "Thank you: the UPI transaction id of your balance is saved. The organisers mark the balance paid once they see the payment.",
  contact: "Your contact details are saved.",
  cancelled: "Your registration is cancelled.",
  "refund-chosen": "Your choice is saved: your money is on its way back as you chose.",
  "reminders-on": "Reminders are on: you get them before the ride.",
  "reminders-off": "Reminders are off. Updates about your booking and changes to the ride still reach you.",
  "paid-online": "Payment received: thank you.",
  "received-online":
    "Razorpay has your payment: thank you. It shows here as paid as soon as Razorpay confirms it to us, usually within a minute.",
  "not-paid-online": "Payment not completed. If money left your account, it shows here once the payment is confirmed.",
  "pending-online": "Your payment is not confirmed yet: it shows here as soon as Razorpay confirms it.",
};

/** What the page says once the rider is back from the provider's page. */
const RETURN_NOTICES: Record<ReturnOutcome, Notice> = {
  paid: "paid-online",
  received: "received-online",
  "not-paid": "not-paid-online",
  pending: "pending-online",
};

const ONLINE_OFF = "Online payment is not available on this site: pay by UPI below.";
const ONLINE_UNAVAILABLE =
  "Online payment is not available right now: try again in a few minutes, or pay by UPI below.";

/** "Pay online": to the provider's page for what is left, back to this page after (decision 060). */
const payOnline: BookingIntent<Notice> = async ({ services, context, registration, token }) => {
  const online = paymentMethodsOf(services.env).online;
  if (!online) throw new ValidationError({ "": ONLINE_OFF });
  const { origin } = context.get(requestContext);
  let checkout: string;
  try {
    checkout = await online.start(services.db, registration, origin + bookingHref(token), serverClock());
  } catch (error) {
    if (!(error instanceof RazorpayUnavailableError || error instanceof RazorpayApiError)) throw error;
    services.logger.warn({ err: error }, "online payment could not start");
    throw new ValidationError({ "": ONLINE_UNAVAILABLE });
  }
  return redirect(checkout, { status: 303, headers: PRIVATE_HEADERS });
};

const SECTIONS = bookingSectionsOf(features);

// Maps, not objects: `?done=` and `intent` are the visitor's to write (namedOnce).
const NOTICES = namedOnce<string>("notices", [CORE_NOTICES, ...SECTIONS.map((section) => section.notices)]);

const TOO_LARGE = "The form was too large to read.";

const CONTACT_FIELDS = ["name", "mobile", "email", "emergencyName", "emergencyPhone"] as const;

/** Cancelling or erasing the booking. */
const endBooking: BookingIntent<Notice> = async ({ services, token, intent, values, done }) => {
  // One press never cancels: the first shows what it does and asks again.
  if (values.confirm !== "yes") return redirect(`${bookingHref(token)}?confirm=${intent}`, { status: 303 });
  if (intent === "cancel") {
    await cancelByToken(services.db, token, serverClock(), isRefundChoice(values.choice) ? values.choice : undefined);
    return done("cancelled");
  }
  await eraseByToken(services.db, token);
  // A page of its own: this link's page now answers 404, and a reload must not post again.
  return redirect(BOOKING_ERASED_PATH, { status: 303 });
};

/** The registration's own forms: registrations are the core's. */
const CORE_INTENTS: Record<string, BookingIntent<Notice>> = {
  utr: async ({ services, token, values, done }) => {
    await submitUtrByToken(services.db, token, values.utr ?? "");
    return done("utr");
  },
  "balance-utr": async ({ services, token, values, done }) => {
    await submitBalanceUtrByToken(services.db, token, values.balanceUtr ?? "");
    return done("balance-utr");
  },
  contact: async ({ services, token, values, done }) => {
    await updateContactByToken(
      services.db,
      token,
      Object.fromEntries(CONTACT_FIELDS.map((name) => [name, values[name] ?? ""])),
    );
    return done("contact");
  },
  reminders: async ({ services, token, values, done }) => {
    const on = values.reminders === "on";
    await setRemindersByToken(services.db, token, on);
    return done(on ? "reminders-on" : "reminders-off");
  },
  cancel: endBooking,
  erase: endBooking,
  // How the money of a booking the organisers cancelled (or of a cancelled ride) comes back.
  refund: async ({ services, token, values, done }) => {
    if (!isRefundChoice(values.choice)) throw new ValidationError({ choice: CHOOSE_FIRST });
    await chooseRefundByToken(services.db, token, values.choice, serverClock());
    return done("refund-chosen");
  },
  "pay-online": payOnline,
};

const INTENTS = namedOnce<BookingIntent>("forms", [CORE_INTENTS, ...SECTIONS.map((section) => section.intents)]);
const UPLOADS = namedOnce<BookingUpload>(
  "uploads",
  SECTIONS.map((section) => section.uploads),
);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const { origin } = context.get(requestContext);
  // Find my booking's fresh link, first used here, becomes the booking's (decision 042).
  const registration = await openBookingLink(db, params.token);
  if (!registration) return data({ found: false as const }, { status: 404, headers: PRIVATE_HEADERS });
  const query = new URL(request.url).searchParams;
  const online = paymentMethodsOf(services.env).online;
  // Back from the provider's page: where the payment stands (a GET moves no money: the webhook
  // records it), then the page at its clean address, so a reload asks nothing again.
  if (online && isProviderReturn(query)) {
    const outcome = await online.returned(db, services.logger, registration.id, query);
    return redirect(`${bookingHref(params.token)}?done=${RETURN_NOTICES[outcome]}`, { headers: PRIVATE_HEADERS });
  }
  const [ride, config] = await Promise.all([getRide(db, registration.rideId), getConfig(db)]);
  const now = serverClock();
  const [{ dues, payment, balance }, ledgers] = await Promise.all([
    bookingPayments(db, config.company, registration, ride, now),
    ledgersOf(db, [registration.id]),
  ]);
  const entries = ledgers.get(registration.id) ?? [];
  const cancellation = await cancellationView(db, registration, ride, { dues, entries }, now);
  const onlineDue = registration.status === "confirmed" ? (online?.offer(dues) ?? null) : null;
  const parts = await loadBookingSections(features, { services, request, context, registration, ride, dues });
  // The calendar feed's own read-only token, never this page's (decision 042).
  const feed = calendarFeedToken(registration.id);
  const done = query.get("done");
  const confirm = query.get("confirm");
  const view: BookingView = {
    href: bookingHref(params.token),
    reference: registration.reference,
    status: registration.status,
    statusLabel: RIDER_STATUS_LABELS[registration.status],
    option: OPTION_LABELS[registration.option],
    paid: payment.paid,
    utr: payment.claimedUtr,
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
    balanceUtr: balance?.claimedUtr ?? "",
    steps: nextSteps(registration.status, payment, balance),
    notice: NOTICES.get(done ?? "") ?? null,
    confirm: confirm === "cancel" || confirm === "erase" ? confirm : null,
    cancellation,
    reminders: registration.reminders,
    rideLinks: {
      groupInvite: groupInviteFor(ride, registration),
      calendar:
        ride && feed && registration.status !== "cancelled"
          ? { subscribe: webcalHref(origin, bookingCalendarHref(feed)), download: bookingCalendarHref(feed) }
          : null,
    },
    refunds: refundsShown(entries),
    online: onlineDue && {
      amount: formatRupees(onlineDue.amountPaise),
      firstAtLeast: onlineDue.minFirstPaise < onlineDue.amountPaise ? formatRupees(onlineDue.minFirstPaise) : null,
    },
  };
  return data({ found: true as const, view, ...parts }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { clientIp, requestId } = context.get(requestContext);
  const { token } = params;
  const answered = (notice: string) => done(token, notice);
  // A section's upload (the rider's photos) is read by its own bounds, before the body: its intent is in the address.
  const upload = UPLOADS.get(new URL(request.url).searchParams.get("intent") ?? "");
  if (upload) return upload({ services, request, token, clientIp, requestId, done: answered });
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
    const answer = INTENTS.get(intent);
    if (!answer) return refused(400, { intent, values, errors: {}, formError: "Choose what to do on this page." });
    return await answer({ services, request, context, token, registration, intent, values, done: answered });
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
  return <BookingPage view={loaderData.view} answer={actionData} slots={bookingPageSlots} parts={loaderData} />;
}
