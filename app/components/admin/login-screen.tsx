import { useEffect, useId, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { SITE_NAME } from "~/domain/site";
import { AccountField, accountFieldClass } from "./account-field";
import { clearAdminFlag } from "./admin-flag";
import { PasskeyButton } from "./passkey-button";
import { PortalLoading } from "./portal-loading";
import { ADMIN_GOOGLE_SIGN_IN_PATH, ADMIN_LOGIN_PATH } from "~/domain/admin-links";

export type SecondFactorPrompt = { totp: boolean; passkey: boolean };

/** What the sign-in action answers when it does not sign in (yet: `secondFactor` asks for the second step). */
export type LoginFailure = {
  error: string | undefined;
  fieldErrors?: Record<string, string>;
  secondFactor?: SecondFactorPrompt;
};

export type LoginScreenProps = {
  /** Offer Google sign-in (it is configured on the server). */
  googleSignIn: boolean;
  /** A message left by a sign-in that already ended, e.g. a refused Google account. */
  notice: string | null;
  /** The answer of a sign-in posted without JavaScript (the page reloads with it). */
  failure?: LoginFailure;
  /** A first factor passed: ask for the second (decision 026). */
  secondFactor?: SecondFactorPrompt | null;
};

const fieldClass = `${accountFieldClass} shadow-sm`;

/**
 * The sign-in screen (product.md#admin-access): Google sign-in (when configured), an 'or' divider, and the email and
 * password form. It shows no credentials of any kind. The form posts to /admin/login; with
 * JavaScript it stays on this page and shows the server's answer, without it the page reloads.
 */
export function LoginScreen({ googleSignIn, notice, failure, secondFactor: pending }: LoginScreenProps) {
  const fetcher = useFetcher<LoginFailure>();
  const navigation = useNavigation();
  const messageId = useId();
  const [secondFactor, setSecondFactor] = useState(pending ?? failure?.secondFactor ?? null);
  const asked = fetcher.data?.secondFactor;
  if (asked && asked !== secondFactor) setSecondFactor(asked);

  // Whoever sees this screen is not signed in (any more). A captain's ride day stays on the
  // phone: a lapsed session is not a sign-out (docs/features/ride-day.md#when-the-phone-forgets).
  useEffect(() => {
    clearAdminFlag();
  }, []);

  if (secondFactor) {
    return (
      <LoginFrame>
        <SecondFactorStep factors={secondFactor} answer={fetcher.data?.secondFactor ? undefined : failure} />
      </LoginFrame>
    );
  }

  const answer = fetcher.state === "idle" ? (fetcher.data ?? failure) : undefined;
  const message = fetcher.state === "idle" ? (answer?.error ?? notice) : null;
  const emailError = answer?.fieldErrors?.email;
  const passwordError = answer?.fieldErrors?.password;
  const submitting = fetcher.state !== "idle";

  return (
    <main className="grid min-h-svh place-items-center bg-ink-50 px-4 py-10">
      {navigation.state === "loading" ? <PortalLoading /> : null}
      <div className="w-full max-w-md rounded-card bg-white p-6 shadow-card sm:p-8">
        <h1 className="text-center text-2xl font-bold text-ink-900">
          {SITE_NAME} <span className="text-brand-700">Admin</span>
        </h1>
        <p className="mt-2 text-center text-ink-600">Sign in to manage rides and site content.</p>

        {message ? (
          <p
            id={messageId}
            role="alert"
            className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
          >
            {message}
          </p>
        ) : null}

        {googleSignIn ? (
          <>
            <Form method="post" action={ADMIN_GOOGLE_SIGN_IN_PATH} reloadDocument className="mt-6">
              <button
                type="submit"
                className="flex min-h-11 w-full items-center justify-center gap-3 rounded-lg border border-ink-300 bg-white px-4 py-2 font-semibold text-ink-900 hover:bg-ink-50"
              >
                <GoogleMark />
                Sign in with Google
              </button>
            </Form>
            <div className="my-6 flex items-center gap-3 text-sm text-ink-600" role="separator" aria-label="or">
              <span aria-hidden="true" className="h-px flex-1 bg-ink-200" />
              <span aria-hidden="true">or</span>
              <span aria-hidden="true" className="h-px flex-1 bg-ink-200" />
            </div>
          </>
        ) : null}

        <fetcher.Form method="post" action={ADMIN_LOGIN_PATH} className={googleSignIn ? "" : "mt-6"}>
          <AccountField
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            required
            error={emailError}
            inputClassName={fieldClass}
          />
          <AccountField
            className="mt-4"
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={passwordError}
            inputClassName={fieldClass}
          />
          <button
            type="submit"
            disabled={submitting}
            className="mt-6 flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
          >
            {submitting ? "Signing in..." : "Sign In"}
          </button>
        </fetcher.Form>

        <PasskeyButton mode="sign-in" label="Sign in with a passkey" />

        <p className="mt-6 text-center text-sm">
          <a href="/" className="font-semibold text-brand-700 underline underline-offset-4">
            Back to the website
          </a>
        </p>
      </div>
    </main>
  );
}

function LoginFrame({ children }: { children: React.ReactNode }) {
  return (
    <main className="grid min-h-svh place-items-center bg-ink-50 px-4 py-10">
      <div className="w-full max-w-md rounded-card bg-white p-6 shadow-card sm:p-8">
        <h1 className="text-center text-2xl font-bold text-ink-900">
          {SITE_NAME} <span className="text-brand-700">Admin</span>
        </h1>
        {children}
      </div>
    </main>
  );
}

/**
 * The second step of a sign-in: a code from the authenticator app, or a recovery code, or the
 * admin's passkey. 'Start over' drops the half-done sign-in.
 */
function SecondFactorStep({ factors, answer }: { factors: SecondFactorPrompt; answer: LoginFailure | undefined }) {
  const fetcher = useFetcher<LoginFailure>();
  const [method, setMethod] = useState<"totp" | "recovery">(factors.totp ? "totp" : "recovery");
  const ids = { code: useId(), message: useId() };
  const result = fetcher.state === "idle" ? (fetcher.data ?? answer) : undefined;
  const message = result?.error;
  return (
    <>
      <p className="mt-2 text-center text-ink-600">Second step: prove it is you.</p>
      {factors.passkey ? <PasskeyButton mode="second-factor" label="Use my passkey" /> : null}
      {message ? (
        <p
          id={ids.message}
          role="alert"
          className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
        >
          {message}
        </p>
      ) : null}
      <fetcher.Form method="post" action={ADMIN_LOGIN_PATH} className="mt-6">
        <input type="hidden" name="intent" value={method} />
        <label htmlFor={ids.code} className="block text-sm font-semibold text-ink-800">
          {method === "totp" ? "Code from your authenticator app" : "Recovery code"}
        </label>
        <input
          key={method}
          id={ids.code}
          name="code"
          required
          autoComplete="one-time-code"
          inputMode={method === "totp" ? "numeric" : "text"}
          aria-describedby={message ? ids.message : undefined}
          className={fieldClass}
        />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="mt-6 flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
        >
          {fetcher.state !== "idle" ? "Checking..." : "Verify"}
        </button>
      </fetcher.Form>
      {factors.totp ? (
        <button
          type="button"
          onClick={() => setMethod(method === "totp" ? "recovery" : "totp")}
          className="mt-4 min-h-11 w-full text-sm font-semibold text-brand-700 underline underline-offset-4"
        >
          {method === "totp" ? "Use a recovery code instead" : "Use the authenticator app instead"}
        </button>
      ) : null}
      <Form method="post" action={ADMIN_LOGIN_PATH} reloadDocument className="mt-2 text-center">
        <input type="hidden" name="intent" value="restart" />
        <button type="submit" className="min-h-11 text-sm font-semibold text-ink-700 underline underline-offset-4">
          Start over
        </button>
      </Form>
    </>
  );
}

/** Google's "G", drawn here: the site loads nothing from other hosts. */
function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}
