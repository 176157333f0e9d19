import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { AlertLine } from "~/components/form/alert-line";
import { PASSKEY_MESSAGES } from "~/domain/team";
import { useHydrated } from "../use-hydrated";
import { postJson } from "./post-json";
import { ADMIN_PASSKEY_SIGN_IN_PATH } from "~/domain/admin-links";

/**
 * Sign in with a passkey (decision 026): alone instead of the password (`sign-in`), or as the
 * second step after it (`second-factor`). The browser asks the authenticator; the server
 * checks its answer and opens the portal. Disabled until the portal's script runs: a tap before
 * that would be lost (the sign-in screens are drawn by the server first).
 */
export function PasskeyButton({ mode, label }: { mode: "sign-in" | "second-factor"; label: string }) {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function signIn() {
    setMessage(null);
    if (!browserSupportsWebAuthn()) return setMessage(PASSKEY_MESSAGES.unsupported);
    setBusy(true);
    try {
      const options = await postJson(ADMIN_PASSKEY_SIGN_IN_PATH, { step: "options", mode });
      // Too many tries from this network: the server says how long to wait.
      if (options.status === 429 && typeof options.json.error === "string") {
        setBusy(false);
        return setMessage(options.json.error);
      }
      if (options.status !== 200) throw new Error("no options");
      const response = await startAuthentication({ optionsJSON: options.json.options as never });
      const verified = await postJson(ADMIN_PASSKEY_SIGN_IN_PATH, {
        step: "verify",
        token: options.json.token,
        response,
      });
      if (verified.status !== 200 || typeof verified.json.location !== "string") throw new Error("refused");
      window.location.assign(verified.json.location);
    } catch {
      setMessage(PASSKEY_MESSAGES.signInFailed);
      setBusy(false);
    }
  }

  return (
    <div className="mt-6">
      <button
        type="button"
        disabled={busy || !hydrated}
        onClick={() => void signIn()}
        className="flex min-h-11 w-full items-center justify-center gap-3 rounded-lg border border-ink-300 bg-white px-4 py-2 font-semibold text-ink-900 hover:bg-ink-50 disabled:opacity-70"
      >
        <KeyRound aria-hidden="true" className="size-5" />
        {label}
      </button>
      <AlertLine message={message} />
    </div>
  );
}
