import { data } from "react-router";
import type { AppServices } from "~/context";
import {
  createChallenge,
  disableTotp,
  enableTotp,
  hasSecondFactor,
  newTotpSecret,
  replaceRecoveryCodes,
  secondFactorsOf,
  totpFor,
} from "../auth/two-factor.server";
import { removePasskey } from "../auth/passkeys.server";
import { requiresTwoFactor } from "../services/team.server";

export const ACCOUNT_MESSAGES = {
  wrongCode: "That code does not match. Check the app shows this site's entry and try the newest code.",
  enrolExpired: "The setup took too long. Start again.",
  lastFactor: "Two-factor sign-in is required for everyone: keep at least one second factor (app or passkey).",
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

function answer(result: AccountActionResult, status = result.ok ? 200 : 400) {
  return data(result, { status });
}

export type AccountUser = { id: string; email: string };

/** An admin's own sign-in settings (every role): the authenticator app, recovery codes, passkeys. */
export async function accountAction(services: AppServices, user: AccountUser, intent: string, form: FormData) {
  const { db, logger } = services;
  switch (intent) {
    case "totp-start": {
      const secret = newTotpSecret();
      await createChallenge(db, "totp-enrol", user.id, { secret });
      const uri = totpFor(secret, user.email).toString();
      return answer({
        ok: true,
        message: "Scan the code with your authenticator app, then type the code it shows.",
        enrolment: { secret, uri },
      });
    }
    case "totp-confirm": {
      const code = form.get("code");
      if (!(await enableTotp(db, user, typeof code === "string" ? code : "")))
        return answer({ ok: false, message: ACCOUNT_MESSAGES.wrongCode });
      logger.info({ userId: user.id }, "authenticator app enrolled");
      const factors = await secondFactorsOf(db, user.id);
      const recoveryCodes = factors.recoveryCodesLeft === 0 ? await replaceRecoveryCodes(db, user.id) : undefined;
      return answer({ ok: true, message: "Authenticator app added: sign-ins now ask for its code.", recoveryCodes });
    }
    case "totp-disable": {
      const factors = await secondFactorsOf(db, user.id);
      if ((await requiresTwoFactor(db)) && !factors.passkey)
        return answer({ ok: false, message: ACCOUNT_MESSAGES.lastFactor });
      await disableTotp(db, user.id);
      logger.info({ userId: user.id }, "authenticator app removed");
      return answer({ ok: true, message: "Authenticator app removed." });
    }
    case "passkey-remove": {
      const factors = await secondFactorsOf(db, user.id);
      const passkeys = await db.selectFrom("passkeys").select("id").where("user_id", "=", user.id).execute();
      if ((await requiresTwoFactor(db)) && !factors.totp && passkeys.length <= 1)
        return answer({ ok: false, message: ACCOUNT_MESSAGES.lastFactor });
      const id = form.get("passkeyId");
      if (!(await removePasskey(db, user.id, typeof id === "string" ? id : "")))
        return answer({ ok: false, message: "That passkey is already gone." }, 404);
      logger.info({ userId: user.id }, "passkey removed");
      return answer({ ok: true, message: "Passkey removed." });
    }
    case "recovery-codes": {
      if (!hasSecondFactor(await secondFactorsOf(db, user.id)))
        return answer({ ok: false, message: "Add an authenticator app or a passkey first." });
      const recoveryCodes = await replaceRecoveryCodes(db, user.id);
      logger.info({ userId: user.id }, "recovery codes replaced");
      return answer({ ok: true, message: "New recovery codes: the old ones no longer work.", recoveryCodes });
    }
    default:
      return answer({ ok: false, message: "Unknown action." });
  }
}
