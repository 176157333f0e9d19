import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import { useState } from "react";
import { AlertLine } from "~/components/form/alert-line";
import { Form, useRevalidator } from "react-router";
import { AccountField } from "~/components/admin/account-field";
import { PASSKEY_MESSAGES, PROOF_MESSAGES } from "~/domain/team";
import { postJson } from "../post-json";
import { ADMIN_ACCOUNT_PASSKEYS_PATH } from "~/domain/admin-links";

/** The ways this admin can confirm it is them. */
export type ProofMethods = { password: boolean; totp: boolean; passkey: boolean };

const buttonClass =
  "inline-flex min-h-11 items-center rounded-md border border-ink-300 bg-white px-4 font-semibold text-ink-900 hover:bg-ink-50 disabled:opacity-70";

/** Confirming with a passkey: the browser asks the authenticator, the server records the proof. */
function PasskeyProof() {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();

  async function confirm() {
    setMessage(null);
    if (!browserSupportsWebAuthn()) return setMessage(PASSKEY_MESSAGES.unsupported);
    setBusy(true);
    try {
      const options = await postJson(ADMIN_ACCOUNT_PASSKEYS_PATH, { step: "proof-options" });
      // Refused before the authenticator was asked (too many tries): the server says why.
      if (!options.ok) return setMessage(String(options.json.message ?? PROOF_MESSAGES.passkeyFailed));
      const response = await startAuthentication({ optionsJSON: options.json.options as never });
      const verified = await postJson(ADMIN_ACCOUNT_PASSKEYS_PATH, {
        step: "proof-verify",
        token: options.json.token,
        response,
      });
      if (!verified.ok) return setMessage(PROOF_MESSAGES.passkeyFailed);
      await revalidator.revalidate();
    } catch {
      setMessage(PROOF_MESSAGES.passkeyFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <button type="button" disabled={busy} onClick={() => void confirm()} className={buttonClass}>
        Confirm with a passkey
      </button>
      <AlertLine message={message} />
    </div>
  );
}

/**
 * Changing how an admin signs in needs a recent proof that it is them (decision 026, note of
 * 2026-11-26): their password or the app's code (plain forms, no script needed), or a passkey.
 */
export function ConfirmIdentity({ methods, busy }: { methods: ProofMethods; busy: boolean }) {
  const none = !methods.password && !methods.totp && !methods.passkey;
  return (
    <section
      aria-labelledby="confirm-heading"
      className="rounded-card border border-brand-200 bg-white p-5 shadow-card"
    >
      <h2 id="confirm-heading" className="text-xl font-bold text-ink-900">
        Confirm it's you
      </h2>
      <p className="mt-1 text-ink-700">
        To change how you sign in, first confirm it's you. The changes then stay open for 10 minutes.
      </p>
      {none ? <p className="mt-3 text-ink-700">Sign out and sign in again: signing in confirms it's you.</p> : null}
      <div className="mt-3 flex flex-col gap-4">
        {methods.password ? (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="prove-password" />
            <AccountField
              label="Your password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
            <button type="submit" disabled={busy} className={buttonClass}>
              Confirm with password
            </button>
          </Form>
        ) : null}
        {methods.totp ? (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="prove-code" />
            <AccountField
              label="Code from your authenticator app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
            />
            <button type="submit" disabled={busy} className={buttonClass}>
              Confirm with code
            </button>
          </Form>
        ) : null}
        {methods.passkey ? <PasskeyProof /> : null}
      </div>
    </section>
  );
}
