import { redirect } from "react-router";
import { requestContext, servicesContext } from "~/context";
import { PASSKEY_MESSAGES } from "~/domain/team";
import {
  clearSecondFactorCookie,
  secondFactorTokenOf,
  sessionCookie,
  sessionTokenOf,
} from "~/server/auth/admin-session.server";
import { relyingPartyOf } from "~/server/auth/passkey-core.server";
import { passkeySignInOptions, verifyPasskeySignIn } from "~/server/auth/passkeys.server";
import { pendingSignIn, signInWithPasskey } from "~/server/auth/sign-in.server";
import { tooManyAttemptsMessage } from "~/server/auth/throttle.server";
import { readJsonObject } from "~/server/admin/respond.server";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Route } from "./+types/auth-passkey";
import { ADMIN_PATH } from "~/domain/admin-links";

/** Signing in changes state, so it is a POST; a visit goes to the admin root. */
export function loader() {
  return redirect(ADMIN_PATH);
}

const answer = (body: unknown, status = 200, headers?: Headers) =>
  Response.json(body, { status, headers: headers ?? { "Cache-Control": "no-store" } });

/**
 * Passkey sign-in (decision 026), in two JSON steps: `options` (a challenge; for the second
 * factor, only the passkeys of the admin whose password was accepted) and `verify` (the
 * browser's signed answer: a session, and where to go).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, logger } = context.get(servicesContext);
  const { origin, requestId, clientIp } = context.get(requestContext);
  const rp = relyingPartyOf(origin);
  const body = await readJsonObject(request);
  if (!body) return answer({ error: PASSKEY_MESSAGES.signInFailed }, 400);
  const pending = await pendingSignIn(db, secondFactorTokenOf(request, context));

  if (body.step === "options") {
    if (body.mode === "second-factor" && !pending) return answer({ error: PASSKEY_MESSAGES.signInFailed }, 401);
    const userId = body.mode === "second-factor" ? (pending?.id ?? null) : null;
    const offered = await passkeySignInOptions(db, rp, userId, clientIp);
    if (!offered.ok) {
      const headers = { "Cache-Control": "no-store", "Retry-After": String(offered.retryAfterSeconds) };
      return answer({ error: tooManyAttemptsMessage(offered.retryAfterSeconds) }, 429, new Headers(headers));
    }
    return answer({ options: offered.options, token: offered.token });
  }
  if (body.step !== "verify" || typeof body.token !== "string")
    return answer({ error: PASSKEY_MESSAGES.signInFailed }, 400);
  const userId = await verifyPasskeySignIn(db, body.token, body.response as AuthenticationResponseJSON, rp);
  if (!userId) {
    logger.info({ requestId }, "passkey sign-in refused");
    return answer({ error: PASSKEY_MESSAGES.signInFailed }, 401);
  }
  const result = await signInWithPasskey(db, userId, sessionTokenOf(request, context));
  if (result.ok !== true) return answer({ error: PASSKEY_MESSAGES.signInFailed }, 403);
  logger.info({ requestId, userId }, "admin signed in with a passkey");
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (secondFactorTokenOf(request, context)) headers.append("Set-Cookie", clearSecondFactorCookie(context));
  headers.append("Set-Cookie", sessionCookie(result.token, context));
  return answer({ location: ADMIN_PATH }, 200, headers);
}
