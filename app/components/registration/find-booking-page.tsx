import { ErrorSummary } from "../form/error-summary";
import { FIND_BOOKING_PATH } from "~/domain/links";
import { EmailField, MobileField } from "./contact-fields";
import { SUBMIT_CLASS } from "./form-controls";
import { MailSentNotice } from "./mail-sent-notice";

/** A refused request: what the rider typed and the messages. */
export type FindBookingAnswer = { values: Record<string, string>; errors: Record<string, string>; formError?: string };

/** What the page says after every valid request, whether or not a booking matched. */
export const FIND_BOOKING_SENT_TEXT =
  "If a booking matches, we've mailed a fresh link to that email address. It opens your booking; once you have used it, links sent before no longer do.";

/** What the page says, and a request is answered, on a site that sends no mail (SMTP_URL unset). */
export const FIND_BOOKING_NO_MAIL =
  "This site sends no mail, so it cannot mail you a fresh link. Contact the organisers: they can send you a fresh link by WhatsApp.";

const ORDER = ["mobile", "email"] as const;

/**
 * "Find my booking": a plain form, posted without JavaScript. After a request it says
 * the same whatever matched, and keeps the form for another try.
 */
export function FindBookingPage({ sent, mail, answer }: { sent: boolean; mail: boolean; answer?: FindBookingAnswer }) {
  const values = answer?.values ?? {};
  const errors = answer?.errors ?? {};
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10 sm:px-6">
      <header>
        <h1 className="text-3xl font-extrabold text-ink-900">Find my booking</h1>
        <p className="mt-3 text-ink-700">
          Lost the link to your booking? Enter the mobile number and email you registered with: we mail you a fresh link
          to your private booking page for every upcoming ride you are booked on.
        </p>
      </header>
      {mail ? null : (
        <p
          role="status"
          data-testid="find-booking-no-mail"
          className="rounded-xl bg-ink-50 p-4 font-semibold text-ink-900"
        >
          {FIND_BOOKING_NO_MAIL}
        </p>
      )}
      {sent && !answer ? <MailSentNotice testId="find-booking-sent">{FIND_BOOKING_SENT_TEXT}</MailSentNotice> : null}
      {/* Without mail there is nothing to ask for here: the organisers send the link (decision 042). */}
      {mail ? (
        <form method="post" action={FIND_BOOKING_PATH} noValidate className="space-y-4">
          {answer ? <ErrorSummary errors={errors} order={ORDER} formError={answer.formError} /> : null}
          <MobileField withHint defaultValue={values.mobile} error={errors.mobile} />
          <EmailField defaultValue={values.email} error={errors.email} />
          <button type="submit" className={`${SUBMIT_CLASS} w-full sm:w-auto`}>
            Mail me my booking link
          </button>
        </form>
      ) : null}
      <p className="text-sm text-ink-600">
        Registered without an email, or no mail after a few minutes? Contact the organisers: they can send you a fresh
        link by WhatsApp.
      </p>
    </div>
  );
}
