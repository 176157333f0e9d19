import { browserSupportsWebAuthn, startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { AlertLine } from "~/components/form/alert-line";
import { ME_PASSKEYS_PATH, ME_PATH } from "~/domain/links";
import { RIDER_PASSKEY_MESSAGES } from "~/features/rider-accounts/domain/passkeys";
import { postJson } from "~/components/admin/post-json";
import { useHydrated } from "~/components/use-hydrated";

export type RiderPasskeyButtonProps = { mode: "sign-in" | "add" };

const LABELS = { "sign-in": "Sign in with a passkey", add: "Add a passkey" } as const;

/**
 * A rider's passkey (an island, docs/features/rider-accounts.md): sign in with one, or add one while
 * signed in. WebAuthn needs script, so the button is not drawn until it works (the mailed link
 * is the way in without JavaScript); after it, /me is loaded afresh.
 */
export function RiderPasskeyButton({ mode }: RiderPasskeyButtonProps) {
  const hydrated = useHydrated();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run() {
    setMessage(null);
    if (!browserSupportsWebAuthn()) return setMessage(RIDER_PASSKEY_MESSAGES.unsupported);
    setBusy(true);
    const step = mode === "sign-in" ? "sign-in" : "add";
    try {
      const options = await postJson(ME_PASSKEYS_PATH, { step: `${step}-options` });
      if (options.status !== 200) {
        setBusy(false);
        return setMessage(typeof options.json.message === "string" ? options.json.message : failed(mode));
      }
      const optionsJSON = options.json.options as never;
      const response =
        mode === "sign-in" ? await startAuthentication({ optionsJSON }) : await startRegistration({ optionsJSON });
      const verified = await postJson(ME_PASSKEYS_PATH, {
        step: `${step}-verify`,
        token: options.json.token,
        response,
      });
      if (verified.status !== 200) throw new Error("refused");
      window.location.assign(mode === "sign-in" ? ME_PATH : `${ME_PATH}?done=passkey-added`);
    } catch {
      setMessage(failed(mode));
      setBusy(false);
    }
  }

  return (
    <div className={hydrated ? "" : "invisible"}>
      <button
        type="button"
        disabled={!hydrated || busy}
        onClick={() => void run()}
        className="flex min-h-11 w-full items-center justify-center gap-3 rounded-xl border border-ink-300 bg-white px-5 py-2 font-semibold text-ink-900 hover:bg-ink-50 disabled:opacity-70 sm:w-auto"
      >
        <KeyRound aria-hidden="true" className="size-5" />
        {LABELS[mode]}
      </button>
      <AlertLine message={message} />
    </div>
  );
}

function failed(mode: RiderPasskeyButtonProps["mode"]): string {
  return mode === "sign-in" ? RIDER_PASSKEY_MESSAGES.signInFailed : RIDER_PASSKEY_MESSAGES.notAdded;
}
