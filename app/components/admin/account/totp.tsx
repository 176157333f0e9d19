import { useId } from "react";
import { Form } from "react-router";
import { QrCode } from "~/components/registration/qr-code";

type Enrolment = { secret: string; uri: string };

/** The secret being enrolled, as a QR code and as text, and the field for the app's first code. */
export function TotpEnrolmentForm({ enrolment, busy }: { enrolment: Enrolment; busy: boolean }) {
  const codeId = useId();
  return (
    <div className="mt-3 space-y-3">
      <QrCode text={enrolment.uri} label="QR code for your authenticator app" className="size-48" />
      <p className="text-sm text-ink-700">
        Or type this key into the app:{" "}
        <code className="font-mono break-all text-ink-900" data-testid="totp-secret">
          {enrolment.secret}
        </code>
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="totp-confirm" />
        <div>
          <label htmlFor={codeId} className="block text-sm font-semibold text-ink-800">
            Code from the app
          </label>
          <input
            id={codeId}
            name="code"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            className="mt-1 block min-h-11 w-40 rounded-lg border border-ink-300 px-3"
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          className="inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
        >
          Confirm
        </button>
      </Form>
    </div>
  );
}

/** New recovery codes, shown once: the admin keeps them somewhere safe. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section
      aria-labelledby="new-codes-heading"
      className="rounded-card border border-brand-200 bg-white p-5 shadow-card"
    >
      <h2 id="new-codes-heading" className="text-lg font-bold text-ink-900">
        Your recovery codes
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        Keep them somewhere safe (not on this phone). Each works once; they are not shown again.
      </p>
      <ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-ink-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  );
}
