import { Island } from "~/islands/island";
import { ME_PATH } from "~/domain/links";
import { SIGN_IN_LINK_MINUTES } from "~/features/rider-accounts/domain/account";
import { ErrorSummary } from "~/components/form/error-summary";
import { EmailField } from "~/components/registration/contact-fields";
import { SUBMIT_CLASS } from "~/components/registration/form-controls";
import { MailSentNotice } from "~/components/registration/mail-sent-notice";
import { RiderPasskeyButton } from "./rider-passkey-button";

/** The link request form's intent: /me answers any other it does not know with a refusal. */
export const REQUEST_LINK_INTENT = "request-link";

/** A refused request for a link: what the rider typed and the messages. */
export type SignInAnswer = { values: Record<string, string>; errors: Record<string, string>; formError?: string };

/** What the page says after every valid request, whether or not the address has an account. */
export const SIGN_IN_SENT_TEXT = `Check your email: we've sent a sign-in link to that address. It works once, within ${SIGN_IN_LINK_MINUTES} minutes.`;

/** The plain form asking for a link: it works without JavaScript. */
function LinkRequestForm({ answer }: { answer?: SignInAnswer }) {
  return (
    <form method="post" action={ME_PATH} noValidate className="space-y-4">
      {answer ? <ErrorSummary errors={answer.errors} order={["email"]} formError={answer.formError} /> : null}
      <input type="hidden" name="intent" value={REQUEST_LINK_INTENT} />
      <EmailField defaultValue={answer?.values.email} error={answer?.errors.email} />
      <button type="submit" className={`${SUBMIT_CLASS} w-full sm:w-auto`}>
        Email me a sign-in link
      </button>
    </form>
  );
}

/** /me signed out: a link by email, or a passkey made on this phone before. No password. */
export function RiderSignInPage({ sent, answer }: { sent: boolean; answer?: SignInAnswer }) {
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10 sm:px-6">
      <header>
        <h1 className="text-3xl font-extrabold text-ink-900">My rides</h1>
        <p className="mt-3 text-ink-700">
          Sign in to see your bookings in one place. Enter your email and we mail you a link that signs you in: no
          password to remember.
        </p>
      </header>
      {sent && !answer ? <MailSentNotice testId="sign-in-sent">{SIGN_IN_SENT_TEXT}</MailSentNotice> : null}
      <LinkRequestForm answer={answer} />
      <section aria-labelledby="passkey-sign-in" className="space-y-3 border-t border-ink-100 pt-6">
        <h2 id="passkey-sign-in" className="text-lg font-bold text-ink-900">
          Added a passkey before?
        </h2>
        {/* Not drawn until it works (WebAuthn needs script), so no one can reach for it first: it
            hydrates at load, on a rider's own page. */}
        <Island name="rider-passkey" component={RiderPasskeyButton} props={{ mode: "sign-in" }} hydrate="load" />
      </section>
    </div>
  );
}

/** The confirmation a link opened in another browser than the one that asked for it needs. */
export const CONFIRM_ACCOUNT = "yes";

/**
 * /me/link/:token: one button that spends the link (a scanner fetching the address spends
 * nothing); opened in another browser than the one that asked for it, the account it signs in
 * to, named, and a confirmation (decision 042); once spent or expired, the form for a new one.
 */
export function RiderLinkPage({
  action,
  link,
}: {
  action: string;
  link: { account: string; thisBrowser: boolean } | null;
}) {
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold text-ink-900">Sign in</h1>
      {link === null ? (
        <>
          <p role="alert" className="rounded-xl border-2 border-red-600 bg-red-50 p-4 font-semibold text-red-900">
            This sign-in link no longer works: it was used already, or more than {SIGN_IN_LINK_MINUTES} minutes have
            passed. Ask for a new one below.
          </p>
          <LinkRequestForm />
        </>
      ) : link.thisBrowser ? (
        <form method="post" action={action} className="space-y-4">
          <p className="text-ink-700">
            Sign in to My rides on this device, as <span data-testid="sign-in-account">{link.account}</span>.
          </p>
          <button type="submit" className={`${SUBMIT_CLASS} w-full sm:w-auto`}>
            Sign in
          </button>
        </form>
      ) : (
        <form method="post" action={action} className="space-y-4">
          <div role="alert" className="space-y-2 rounded-xl border-2 border-amber-600 bg-amber-50 p-4 text-ink-900">
            <p className="font-semibold">
              This link was asked for in another browser. It signs in to the account of{" "}
              <span data-testid="sign-in-account">{link.account}</span>.
            </p>
            <p>
              Sign in only if that is your own email address. If it is not, someone else asked for this link: do not use
              it, and ask for a link of your own at <a href={ME_PATH}>My rides</a>.
            </p>
          </div>
          <input type="hidden" name="confirm" value={CONFIRM_ACCOUNT} />
          <button type="submit" className={`${SUBMIT_CLASS} w-full sm:w-auto`}>
            Sign in as {link.account}
          </button>
        </form>
      )}
    </div>
  );
}
