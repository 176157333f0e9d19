import { data } from "react-router";
import type { AppServices } from "~/context";
import { PROOF_MESSAGES } from "~/domain/team";
import { isProofFresh, proveIdentity } from "~/server/auth/fresh-proof.server";
import { dispatchFormIntent } from "~/server/http/form-intent.server";
import { listPasskeys, removePasskey } from "~/server/auth/passkeys.server";
import type { Session } from "~/server/auth/sessions.server";
import {
  createChallenge,
  disableTotp,
  enableTotp,
  hasSecondFactor,
  newTotpSecret,
  replaceRecoveryCodes,
  secondFactorsOf,
  totpFor,
} from "~/server/auth/two-factor.server";
import { requiresTwoFactor } from "~/server/team/team.server";
import { serverClock } from "~/server/clock.server";

export const ACCOUNT_MESSAGES = {
  wrongCode: "That code does not match. Check the app shows this site's entry and try the newest code.",
  enrolExpired: "The setup took too long. Start again.",
  lastFactor: "Two-factor sign-in is required for everyone: keep at least one second factor (app or passkey).",
  totpAlreadyOn: "The authenticator app is already on. Turn it off first to set up another one.",
} as const;

/** The secret being enrolled, as text and as the otpauth:// address the page draws as a QR code. */
export type TotpEnrolment = { secret: string; uri: string };

export type AccountActionResult = {
  ok: boolean;
  message: string;
  /** A TOTP enrolment under way: the secret, as text and QR code. */
  enrolment?: TotpEnrolment;
  /** New recovery codes, shown this once. */
  recoveryCodes?: string[];
};

function answer(result: AccountActionResult, status = result.ok ? 200 : 400, headers?: HeadersInit) {
  return data(result, { status, headers });
}

export type AccountUser = { id: string; email: string };

/** Who asks: the signed-in admin, their session (when they last proved it is them) and network. */
export type AccountActor = {
  user: AccountUser;
  session: Pick<Session, "id" | "provenAt">;
  clientIp: string;
  now?: Date;
};

/** The intents that change how the admin signs in: each needs a fresh proof (fresh-proof.server.ts). */
const CHANGES = new Set(["totp-start", "totp-confirm", "totp-disable", "passkey-remove", "recovery-codes"]);

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * An admin's own sign-in settings (every role): confirming it is them (`prove-password`,
 * `prove-code`), then the authenticator app, recovery codes and passkeys. Every change is
 * refused (403) without a fresh proof, and mailed to the admin once made: the auth services
 * enqueue that mail in the change's own command (decision 029).
 */
export async function accountAction(services: AppServices, actor: AccountActor, intent: string, form: FormData) {
  const { db, logger } = services;
  const { user, session } = actor;
  const now = actor.now ?? serverClock();
  if (intent === "prove-password" || intent === "prove-code") {
    const proof =
      intent === "prove-password"
        ? ({ method: "password", secret: text(form, "password") } as const)
        : ({ method: "totp", secret: text(form, "code") } as const);
    const result = await proveIdentity(db, user, proof, { session, clientIp: actor.clientIp, now });
    if (result.ok) return answer({ ok: true, message: PROOF_MESSAGES.confirmed });
    const headers = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return answer({ ok: false, message: result.message }, result.status, headers);
  }
  if (!CHANGES.has(intent)) return answer({ ok: false, message: "Unknown action." });
  if (!isProofFresh(session, now)) return answer({ ok: false, message: PROOF_MESSAGES.needed }, 403);

  const factors = await secondFactorsOf(db, user.id);
  return dispatchFormIntent(
    intent,
    {
      "totp-start": async () => {
        if (factors.totp) return answer({ ok: false, message: ACCOUNT_MESSAGES.totpAlreadyOn });
        const secret = newTotpSecret();
        await createChallenge(db, "totp-enrol", user.id, { secret }, now);
        const uri = totpFor(secret, user.email).toString();
        return answer({
          ok: true,
          message: "Scan the code with your authenticator app, then type the code it shows.",
          enrolment: { secret, uri },
        });
      },
      "totp-confirm": async () => {
        if (factors.totp) return answer({ ok: false, message: ACCOUNT_MESSAGES.totpAlreadyOn });
        if (!(await enableTotp(db, user, text(form, "code"), now)))
          return answer({ ok: false, message: ACCOUNT_MESSAGES.wrongCode });
        logger.info({ userId: user.id }, "authenticator app enrolled");
        // The app's mail says enough: codes that come with it are not mailed again.
        const recoveryCodes =
          factors.recoveryCodesLeft === 0 ? await replaceRecoveryCodes(db, user, { now, tell: false }) : undefined;
        return answer({ ok: true, message: "Authenticator app added: sign-ins now ask for its code.", recoveryCodes });
      },
      "totp-disable": async () => {
        if ((await requiresTwoFactor(db)) && !factors.passkey)
          return answer({ ok: false, message: ACCOUNT_MESSAGES.lastFactor });
        await disableTotp(db, user, now);
        logger.info({ userId: user.id }, "authenticator app removed");
        return answer({ ok: true, message: "Authenticator app removed." });
      },
      "passkey-remove": async () => {
        const passkeys = await listPasskeys(db, user.id);
        if ((await requiresTwoFactor(db)) && !factors.totp && passkeys.length <= 1)
          return answer({ ok: false, message: ACCOUNT_MESSAGES.lastFactor });
        if (!(await removePasskey(db, user, text(form, "passkeyId"), now)))
          return answer({ ok: false, message: "That passkey is already gone." }, 404);
        logger.info({ userId: user.id }, "passkey removed");
        return answer({ ok: true, message: "Passkey removed." });
      },
      "recovery-codes": async () => {
        if (!hasSecondFactor(factors))
          return answer({ ok: false, message: "Add an authenticator app or a passkey first." });
        const recoveryCodes = await replaceRecoveryCodes(db, user, { now });
        logger.info({ userId: user.id }, "recovery codes replaced");
        return answer({ ok: true, message: "New recovery codes: the old ones no longer work.", recoveryCodes });
      },
    },
    () => answer({ ok: false, message: "Unknown action." }),
  );
}
