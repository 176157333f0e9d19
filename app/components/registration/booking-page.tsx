import { CalendarDays, CircleCheck, Clock, CreditCard, Smartphone } from "lucide-react";
import type { RefundShown } from "~/domain/registration/refunds";
import { BookingRefunds } from "./booking-refunds";
import { Fragment, type ReactNode } from "react";
import type { BalancePayment, BookingPayment } from "~/domain/registration/booking-page";
import { formatDateRange } from "~/domain/dates";
import { UPCOMING_PATH, rideHref } from "~/domain/links";
import type { RegistrationStatus } from "~/domain/registration/settings";
import type { CancellationView, ChoiceView } from "~/domain/registration/refund-choice";
import { EmergencyContactFields, RiderContactFields } from "./contact-fields";
import { ErrorSummary } from "../form/error-summary";
import { SECONDARY_CLASS, SUBMIT_CLASS, TextField } from "./form-controls";
import { QrCode } from "./qr-code";
import { BookingRideLinks, type BookingRideLinksView } from "./booking-ride-links";

/** What the private booking page shows: the rider's own registration, nothing of anyone else's. */
export type BookingView = {
  /** The page's own address: its forms post here, without the page's query. */
  href: string;
  reference: string;
  status: RegistrationStatus;
  statusLabel: string;
  option: string;
  paid: boolean;
  utr: string;
  contact: { name: string; mobile: string; email: string; emergencyName: string; emergencyPhone: string };
  ride: { id: string; title: string; startDate: string; endDate: string } | null;
  /** How to pay the booking amount; null unless the seat is confirmed. */
  payment: BookingPayment | null;
  /** The balance (trip cost less booking amount); null unless the seat is confirmed and the ride has one. */
  balance: BalancePayment | null;
  /** The UTR the rider gave for the balance; '' until then. */
  balanceUtr: string;
  steps: string[];
  /** What the last change did. */
  notice: string | null;
  /** A cancellation or erasure waiting for the rider to confirm it. */
  confirm: "cancel" | "erase" | null;
  /** The booking's cancellation policy, the live quote and money still to choose a way back for. */
  cancellation: CancellationView;
  /** Whether reminders are sent to the rider (they always reach the features' Updates list). */
  reminders: boolean;
  /** The ride's WhatsApp group and the rider's calendar feed. */
  rideLinks: BookingRideLinksView;
  /** Paying online (decision 060): what is left ('₹15,000') and the least first payment, or null when off or nothing is left. */
  online: { amount: string; firstAtLeast: string | null } | null;
  /** The booking's refunds and where each stands (docs/features/refunds.md). */
  refunds: RefundShown[];
};

/**
 * A refused form on this page: which one, what the rider typed and the messages; or a link
 * shown once (a seat transfer's).
 */
export type BookingAnswer = {
  intent: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
  transferLink?: string;
};

/**
 * Where a feature's section shows on the page (decision 050): above it, among its sections
 * (between the ride's links and the payments), beside the booking amount's UPI request (what
 * else pays it), and among the changes of a live booking (before cancelling).
 */
export type BookingPlace = "above" | "sections" | "bookingAmount" | "changes";

/**
 * A feature's section of the page (app/features/slots/booking-page.tsx lists them, in order),
 * given the view and its part of the loader's data: the part its booking section read
 * (registries/booking-section.server.ts).
 */
export type BookingSlot<Part> = {
  feature: string;
  place: BookingPlace;
  render: (section: { view: BookingView; part: Part; answer?: BookingAnswer }) => ReactNode;
  /** Whether it shows this refused form itself; else the page says why at its top. */
  shows?: (part: Part, intent: string) => boolean;
};

const CONTACT_ORDER = ["name", "mobile", "email", "emergencyName", "emergencyPhone"] as const;

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 border-t border-ink-100 pt-8">
      <h2 id={id} className="text-xl font-bold text-ink-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const STATUS_STYLES: Record<RegistrationStatus, string> = {
  confirmed: "bg-success-600 text-white",
  waitlisted: "bg-brand-100 text-brand-900",
  cancelled: "bg-ink-200 text-ink-800",
};

/** One payment as the page shows it: the booking amount, or the balance. */
type PaymentShown = {
  title: string;
  id: string;
  /** The form's intent and its UTR field: "utr" and "utr" for the booking amount, "balance-utr" and "balanceUtr" for the balance. */
  intent: string;
  field: string;
  amount: string | null;
  /** "₹1,500 paid with credit" (docs/features/credit.md), shown paid or not. */
  credit?: string;
  /** What the amount is for, under it ("Due by 3rd June 2027, before the ride starts"). */
  detail?: string;
  link: string | null;
  payeeId: string;
  payeeName: string;
  note: string;
  paid: boolean;
  utr: string;
  /** The texts of its link, UTR field and button: each payment's own, so neither is mistaken for the other. */
  payText: string;
  utrLabel: string;
  saveText: string;
};

function PaymentSection({
  shown,
  view,
  answer,
  children,
}: {
  shown: PaymentShown;
  view: BookingView;
  answer?: BookingAnswer;
  /** What else can pay it, shown above the UPI request (the features' "bookingAmount" place). */
  children?: ReactNode;
}) {
  const utrAnswer = answer?.intent === shown.intent ? answer : undefined;
  return (
    <Section title={shown.title} id={shown.id}>
      {shown.paid ? (
        <p className="flex items-center gap-2 font-semibold text-success-600">
          <CircleCheck aria-hidden="true" className="size-5" />
          Received: thank you.
        </p>
      ) : null}
      {shown.amount ? <p className="text-3xl font-bold text-ink-900">{shown.amount}</p> : null}
      {shown.credit ? <p className="font-semibold text-success-600">{shown.credit}</p> : null}
      {shown.detail && !shown.paid ? <p className="text-ink-700">{shown.detail}</p> : null}
      {shown.paid ? null : children}
      {shown.link && !shown.paid ? (
        <div className="space-y-4">
          <QrCode
            text={shown.link}
            label={`UPI QR code: pay ${shown.amount} to ${shown.payeeName || shown.payeeId}, note ${shown.note}`}
            className="size-56 rounded-lg border border-ink-200"
          />
          <a href={shown.link} className={`${SUBMIT_CLASS} sm:w-auto`}>
            <Smartphone aria-hidden="true" className="size-5" />
            {shown.payText}
          </a>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-ink-800">
            <dt className="text-ink-600">UPI id</dt>
            <dd className="font-mono break-all">{shown.payeeId}</dd>
            {shown.payeeName ? (
              <>
                <dt className="text-ink-600">Payee</dt>
                <dd>{shown.payeeName}</dd>
              </>
            ) : null}
            <dt className="text-ink-600">Note</dt>
            <dd className="font-mono">{shown.note}</dd>
          </dl>
        </div>
      ) : null}
      {shown.paid ? null : (
        <form method="post" action={view.href} noValidate className="space-y-3">
          <input type="hidden" name="intent" value={shown.intent} />
          {utrAnswer ? (
            <ErrorSummary errors={utrAnswer.errors} order={[shown.field]} formError={utrAnswer.formError} />
          ) : null}
          <TextField
            name={shown.field}
            label={shown.utrLabel}
            inputMode="numeric"
            autoComplete="off"
            maxLength={64}
            hint="The 12-digit number your UPI app shows for the payment"
            defaultValue={utrAnswer?.values[shown.field] ?? shown.utr}
            error={utrAnswer?.errors[shown.field]}
          />
          <button type="submit" className={`${SECONDARY_CLASS} w-full sm:w-auto`}>
            {shown.saveText}
          </button>
        </form>
      )}
    </Section>
  );
}

/**
 * "Pay online": a plain form (no script needed) posting to the page, which sends the rider to
 * the provider's page for what the server says is left; they come back here after paying.
 */
function PayOnline({ view, online }: { view: BookingView; online: NonNullable<BookingView["online"]> }) {
  return (
    <form method="post" action={view.href} className="space-y-2 rounded-xl border border-ink-200 p-4">
      <input type="hidden" name="intent" value="pay-online" />
      <p className="text-ink-800">
        Pay {online.amount} online by UPI, card or netbanking through Razorpay
        {online.firstAtLeast ? `: at least ${online.firstAtLeast} (the booking amount) now, the rest later.` : "."}
      </p>
      <button type="submit" className={`${SUBMIT_CLASS} sm:w-auto`}>
        <CreditCard aria-hidden="true" className="size-5" />
        Pay online
      </button>
    </form>
  );
}

/** The booking amount, then the balance when the ride has one: each with its QR code, link and UTR. */
function Payments({ view, answer, alsoPays }: { view: BookingView; answer?: BookingAnswer; alsoPays: ReactNode }) {
  const { payment, balance } = view;
  if (!payment) return null;
  // Beside the first part still to pay: the booking amount's, else the balance's.
  const online = view.online ? <PayOnline view={view} online={view.online} /> : null;
  return (
    <>
      <PaymentSection
        view={view}
        answer={answer}
        shown={{
          title: "Booking amount",
          id: "payment-heading",
          intent: "utr",
          field: "utr",
          amount: payment.amount,
          credit: payment.credit ? `${payment.credit} paid with credit` : undefined,
          link: payment.link,
          payeeId: payment.payeeId,
          payeeName: payment.payeeName,
          note: view.reference,
          paid: view.paid,
          utr: view.utr,
          payText: "Pay by UPI app",
          utrLabel: "UPI transaction id (UTR)",
          saveText: "Save the UTR",
        }}
      >
        {view.paid ? null : online}
        {alsoPays}
      </PaymentSection>
      {balance ? (
        <PaymentSection
          view={view}
          answer={answer}
          shown={{
            title: "Balance",
            id: "balance-heading",
            intent: "balance-utr",
            field: "balanceUtr",
            amount: balance.amount,
            detail: balance.dueNow
              ? "Due now: you booked after its due date."
              : balance.overdue
                ? `Was due on ${balance.dueDate}: please pay it now.`
                : `Due by ${balance.dueDate || "the start of the ride"}, before the ride starts.`,
            link: balance.link,
            payeeId: balance.payeeId,
            payeeName: balance.payeeName,
            note: balance.note,
            paid: balance.paid,
            utr: view.balanceUtr,
            payText: "Pay the balance by UPI app",
            utrLabel: "Balance: UTR (UPI transaction id)",
            saveText: "Save the balance's UTR",
          }}
        >
          {view.paid ? online : null}
        </PaymentSection>
      ) : null}
    </>
  );
}

function ContactDetails({ view, answer }: { view: BookingView; answer?: BookingAnswer }) {
  const contactAnswer = answer?.intent === "contact" ? answer : undefined;
  const values = contactAnswer?.values ?? view.contact;
  const errors = contactAnswer?.errors ?? {};
  return (
    <Section title="Your contact details" id="contact-heading">
      <form method="post" action={view.href} noValidate className="space-y-4">
        <input type="hidden" name="intent" value="contact" />
        {contactAnswer ? (
          <ErrorSummary errors={errors} order={CONTACT_ORDER} formError={contactAnswer.formError} />
        ) : null}
        <RiderContactFields values={values} errors={errors} />
        <EmergencyContactFields values={values} errors={errors} />
        <button type="submit" className={`${SECONDARY_CLASS} w-full sm:w-auto`}>
          Save my details
        </button>
      </form>
    </Section>
  );
}

const ENDINGS = {
  cancel: {
    title: "Cancel my registration",
    explain:
      "Cancelling frees your seat for the next rider on the waitlist. The ride's cancellation policy applies to any amount paid.",
    ask: "Cancel my registration",
    confirm: "Yes, cancel my registration",
  },
  erase: {
    title: "Erase my data",
    explain:
      "Erasing cancels your registration and deletes your details and your emergency contact's for good. This link stops working.",
    ask: "Erase my data",
    confirm: "Yes, cancel and erase my data",
  },
} as const;

/** The ways back as radio buttons (none checked: the rider chooses), or the only one, said. */
function Choices({ choices, name = "choice" }: { choices: ChoiceView[]; name?: string }) {
  if (choices.length === 0) return null;
  if (choices.length === 1) {
    return (
      <>
        <input type="hidden" name={name} value={choices[0]!.value} />
        <p className="text-ink-800">{`How it comes back: ${choices[0]!.label}.`}</p>
      </>
    );
  }
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold text-ink-900">How should it come back?</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="flex min-h-11 items-center gap-3 text-ink-800">
          <input type="radio" name={name} value={choice.value} required className="size-5" />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}

/** The policy the booking is held to, a rule per line. */
function PolicyRules({ rules }: { rules: string[] }) {
  if (rules.length === 0) return null;
  return (
    <ul className="list-disc space-y-1 pl-5 text-ink-700" aria-label="Cancellation policy">
      {rules.map((rule) => (
        <li key={rule}>{rule}</li>
      ))}
    </ul>
  );
}

function Ending({ view, kind, answer }: { view: BookingView; kind: keyof typeof ENDINGS; answer?: BookingAnswer }) {
  const text = ENDINGS[kind];
  // A refused confirmation (no choice made) stays open, with its reason at the top of the page.
  const confirming = view.confirm === kind || answer?.intent === kind;
  const cancelling = kind === "cancel";
  return (
    <Section title={text.title} id={`${kind}-heading`}>
      <p className="text-ink-700">{text.explain}</p>
      {cancelling ? <PolicyRules rules={view.cancellation.policy} /> : null}
      <form
        method="post"
        action={view.href}
        className={confirming ? "space-y-3 rounded-xl border-2 border-red-600 bg-red-50 p-4" : ""}
      >
        <input type="hidden" name="intent" value={kind} />
        {confirming ? (
          <>
            <input type="hidden" name="confirm" value="yes" />
            {cancelling && view.cancellation.quote ? (
              <p className="font-semibold text-ink-900" data-testid="cancel-quote">
                {view.cancellation.quote}
              </p>
            ) : null}
            {cancelling ? <Choices choices={view.cancellation.cancelChoices} /> : null}
            <p
              role="alert"
              className="font-semibold text-red-900"
              tabIndex={-1}
              // oxlint-disable-next-line jsx-a11y/no-autofocus -- the confirmation is a new page: focus goes to the question it asks, without script
              autoFocus
            >
              Are you sure? This cannot be undone.
            </p>
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                className="min-h-11 rounded-xl bg-red-700 px-5 font-semibold text-white hover:bg-red-800"
              >
                {text.confirm}
              </button>
              <a href={view.href} className={SECONDARY_CLASS}>
                No, keep it
              </a>
            </div>
          </>
        ) : (
          <button type="submit" className={SECONDARY_CLASS}>
            {text.ask}
          </button>
        )}
      </form>
    </Section>
  );
}

/**
 * Money owed back that the rider chooses a way back for (the organisers cancelled the booking or
 * the ride). Refunds on their way are the Refunds part's (booking-refunds.tsx).
 */
function MoneyBack({ view }: { view: BookingView }) {
  const { toChoose } = view.cancellation;
  if (!toChoose) return null;
  return (
    <Section title="Your money back" id="refund-heading">
      <form method="post" action={view.href} className="space-y-3">
        <input type="hidden" name="intent" value="refund" />
        <p className="font-semibold text-ink-900" data-testid="refund-to-choose">
          {toChoose.rideCancelled
            ? `The ride is cancelled: everything you paid, ${toChoose.amount}, is yours back.`
            : `${toChoose.amount} is yours back.`}
        </p>
        <Choices choices={toChoose.choices} />
        <button type="submit" className={SUBMIT_CLASS}>
          {toChoose.rideCancelled && view.status !== "cancelled"
            ? "Cancel my booking and send my choice"
            : "Send my choice"}
        </button>
      </form>
    </Section>
  );
}

/** Whether the page shows the form of `intent`, which then shows that form's answer itself. */
function showsForm(view: BookingView, intent: string): boolean {
  if (intent === "utr") return view.payment !== null && !view.paid;
  if (intent === "balance-utr") return view.payment !== null && view.balance !== null && !view.balance.paid;
  if (intent === "contact") return view.status !== "cancelled";
  return false;
}

/**
 * What a refusal says at the top of the page: every refusal of a form the page does not show
 * (the cancel and erase buttons, or a form a waitlisted, paid or cancelled booking has not),
 * so no refusal goes without its reason.
 */
function pageError<Parts>(
  view: BookingView,
  answer: BookingAnswer | undefined,
  slots: readonly BookingSlot<Parts>[],
  parts: Parts,
): string | undefined {
  if (!answer || showsForm(view, answer.intent)) return undefined;
  if (slots.some((slot) => slot.shows?.(parts, answer.intent))) return undefined;
  return answer.formError ?? Object.values(answer.errors)[0];
}

/** The rider's private booking page (decision 020): reference, status, next steps, payment, changes. */
export function BookingPage<Parts>({
  view,
  answer,
  slots,
  parts,
}: {
  view: BookingView;
  answer?: BookingAnswer;
  /** The features' sections, in order (app/features/slots/booking-page.tsx). */
  slots: readonly BookingSlot<NoInfer<Parts>>[];
  /** The features' parts of the loader's data, which their sections read. */
  parts: Parts;
}) {
  const generalError = pageError(view, answer, slots, parts);
  const at = (place: BookingPlace) =>
    slots
      .filter((slot) => slot.place === place)
      .map((slot) => <Fragment key={slot.feature}>{slot.render({ view, part: parts, answer })}</Fragment>);
  return (
    <>
      {at("above")}
      <div className="mx-auto max-w-2xl space-y-8 px-4 py-10 sm:px-6">
        <header>
          <p className="text-sm font-semibold tracking-[0.2em] text-brand-600 uppercase">Your booking</p>
          <h1 className="mt-1 text-3xl font-extrabold text-ink-900">
            <span className="sr-only">Booking reference </span>
            <span data-testid="booking-reference">{view.reference}</span>
          </h1>
          <p className="mt-3 flex flex-wrap items-center gap-2">
            <span
              className={`rounded-full px-3 py-1 text-sm font-bold ${STATUS_STYLES[view.status]}`}
              data-testid="booking-status"
            >
              {view.statusLabel}
            </span>
            <span className="text-ink-700">{view.option}</span>
          </p>
          {view.ride ? (
            <p className="mt-3 text-ink-800">
              <a href={rideHref(view.ride.id)} className="font-semibold text-brand-700 underline">
                {view.ride.title}
              </a>
              <span className="mt-1 flex items-center gap-1.5 text-ink-600">
                <CalendarDays aria-hidden="true" className="size-4" />
                {formatDateRange(view.ride.startDate, view.ride.endDate)}
              </span>
            </p>
          ) : null}
        </header>

        {view.notice ? (
          <p role="status" className="rounded-xl bg-success-50 p-4 font-semibold text-success-600">
            {view.notice}
          </p>
        ) : null}
        {generalError ? <ErrorSummary errors={{}} order={[]} formError={generalError} /> : null}

        <section aria-labelledby="next-heading" className="space-y-3">
          <h2 id="next-heading" className="flex items-center gap-2 text-xl font-bold text-ink-900">
            <Clock aria-hidden="true" className="size-5 text-brand-600" />
            What happens next
          </h2>
          <ol className="list-decimal space-y-2 pl-5 text-ink-800">
            {view.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>

        <BookingRideLinks links={view.rideLinks} />
        <MoneyBack view={view} />
        <BookingRefunds refunds={view.refunds} />
        {at("sections")}
        <Payments view={view} answer={answer} alsoPays={at("bookingAmount")} />
        {view.status === "cancelled" ? null : (
          <>
            <ContactDetails view={view} answer={answer} />
            {at("changes")}
            <Ending view={view} kind="cancel" answer={answer} />
          </>
        )}
        <Ending view={view} kind="erase" answer={answer} />
      </div>
    </>
  );
}

/** A link that opens no registration: never one, or erased (by the rider or after the ride). */
export function BookingNotFound({ erased }: { erased: boolean }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-extrabold text-ink-900">{erased ? "Your data is erased" : "Booking not found"}</h1>
      <p className="mt-4 text-ink-700" role={erased ? "status" : undefined}>
        {erased
          ? "Your registration is cancelled and your personal details are deleted. This link no longer opens anything."
          : "This link opens no registration. Check that you copied the whole link from your confirmation; a registration whose data was erased can no longer be opened."}
      </p>
      <a href={UPCOMING_PATH} className={`${SECONDARY_CLASS} mt-6`}>
        See upcoming rides
      </a>
    </div>
  );
}
