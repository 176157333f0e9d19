import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";
import { useId, useState } from "react";
import { Form, useRevalidator } from "react-router";
import { PASSKEY_MESSAGES } from "~/domain/team";
import { postJson } from "../post-json";
import { ADMIN_ACCOUNT_PASSKEYS_PATH } from "~/domain/admin-links";

type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

const buttonClass =
  "inline-flex min-h-11 items-center rounded-md border border-ink-300 bg-white px-4 font-semibold text-ink-900 hover:bg-ink-50 disabled:opacity-70";

/**
 * The admin's passkeys, each removable, and adding one with a name to tell them apart. `busy`
 * also while the admin has not confirmed it's them (the server refuses the change until then).
 */
export function Passkeys({ passkeys, busy }: { passkeys: Passkey[]; busy: boolean }) {
  const nameId = useId();
  const [name, setName] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [adding, setAdding] = useState(false);
  const revalidator = useRevalidator();

  async function add() {
    setMessage(null);
    if (!browserSupportsWebAuthn()) return setMessage({ ok: false, text: PASSKEY_MESSAGES.unsupported });
    setAdding(true);
    try {
      const options = await postJson(ADMIN_ACCOUNT_PASSKEYS_PATH, { step: "options" });
      // Refused before the authenticator was asked (the proof lapsed): the server says why.
      if (!options.ok && typeof options.json.message === "string")
        return setMessage({ ok: false, text: options.json.message });
      if (!options.ok) throw new Error("no options");
      const response = await startRegistration({ optionsJSON: options.json as never });
      const verified = await postJson(ADMIN_ACCOUNT_PASSKEYS_PATH, { step: "verify", response, name });
      if (!verified.ok) throw new Error("refused");
      setMessage({ ok: true, text: PASSKEY_MESSAGES.added });
      setName("");
      await revalidator.revalidate();
    } catch {
      setMessage({ ok: false, text: PASSKEY_MESSAGES.notAdded });
    } finally {
      setAdding(false);
    }
  }

  return (
    <section aria-labelledby="passkeys-heading" className="rounded-card bg-white p-5 shadow-card">
      <h2 id="passkeys-heading" className="text-xl font-bold text-ink-900">
        Passkeys
      </h2>
      <p className="mt-1 text-ink-700">
        Your phone's or computer's screen lock (fingerprint, face, PIN) as a second step, or instead of the password.
      </p>
      {passkeys.length > 0 ? (
        <ul aria-label="Your passkeys" className="mt-3 space-y-2">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">{passkey.name}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="passkey-remove" />
                <input type="hidden" name="passkeyId" value={passkey.id} />
                <button
                  type="submit"
                  disabled={busy}
                  className={buttonClass}
                  aria-label={`Remove passkey ${passkey.name}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={nameId} className="block text-sm font-semibold text-ink-800">
            Passkey name
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={60}
            placeholder="e.g. My phone"
            onChange={(event) => setName(event.target.value)}
            className="mt-1 block min-h-11 rounded-lg border border-ink-300 px-3"
          />
        </div>
        <button type="button" disabled={adding || busy} onClick={() => void add()} className={buttonClass}>
          Add a passkey
        </button>
      </div>
      {message ? (
        <p
          role={message.ok ? "status" : "alert"}
          className={`mt-2 text-sm ${message.ok ? "text-green-900" : "text-red-800"}`}
        >
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
