import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { requestContext, servicesContext } from "~/context";
import { RIDER_PASSKEY_MESSAGES } from "~/features/rider-accounts/domain/passkeys";
import { isFreshSignIn } from "~/features/rider-accounts/domain/account";
import { readJsonObject } from "~/server/admin/respond.server";
import { relyingPartyOf } from "~/server/auth/passkey-core.server";
import { tooManyAttemptsMessage } from "~/server/auth/throttle.server";
import {
  finishRiderPasskeyRegistration,
  riderPasskeyRegistrationOptions,
  riderPasskeySignInOptions,
  signInWithRiderPasskey,
} from "~/features/rider-accounts/server/passkeys.server";
import {
  RIDER_PAGE_HEADERS,
  riderSessionCookie,
  riderTokenOf,
  signedInRider,
} from "~/features/rider-accounts/server/sessions.server";
import type { Route } from "./+types/me-passkeys";
import { serverClock } from "~/server/clock.server";

export function loader() {
  return Response.json({ message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}

const answer = (body: Record<string, unknown>, status = 200, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...RIDER_PAGE_HEADERS, ...headers } });

/**
 * A rider's passkeys (docs/features/rider-accounts.md), in JSON steps: `sign-in-options` then
 * `sign-in-verify` (any rider's passkey: a session), `add-options` then `add-verify` (signed
 * in only). Posts from other sites are refused before this (server/security.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, logger } = context.get(servicesContext);
  const { origin, clientIp, requestId } = context.get(requestContext);
  const rp = relyingPartyOf(origin);
  const body = await readJsonObject(request);
  const token = typeof body?.token === "string" ? body.token : "";

  switch (body?.step) {
    case "sign-in-options": {
      const offered = await riderPasskeySignInOptions(db, rp, clientIp);
      if (!offered.ok) {
        const retryAfter = { "Retry-After": String(offered.retryAfterSeconds) };
        return answer({ message: tooManyAttemptsMessage(offered.retryAfterSeconds) }, 429, retryAfter);
      }
      return answer({ options: offered.options, token: offered.token });
    }
    case "sign-in-verify": {
      const response = body.response as AuthenticationResponseJSON;
      const session = await signInWithRiderPasskey(db, token, response, rp, riderTokenOf(request, context));
      if (!session) return answer({ message: RIDER_PASSKEY_MESSAGES.signInFailed }, 401);
      logger.info({ requestId }, "rider signed in with a passkey");
      return answer({ ok: true }, 200, { "Set-Cookie": riderSessionCookie(session, context) });
    }
    case "add-options":
    case "add-verify": {
      const rider = await signedInRider(request, context);
      if (!rider) return answer({ message: RIDER_PASSKEY_MESSAGES.notAdded }, 401);
      // A new way in needs a fresh proof, as the team's does (decision 037).
      if (!isFreshSignIn(rider.signedInAt, serverClock()))
        return answer({ message: RIDER_PASSKEY_MESSAGES.signInAgain }, 403);
      if (body.step === "add-options") return answer(await riderPasskeyRegistrationOptions(db, rider, rp));
      const response = body.response as RegistrationResponseJSON;
      const userAgent = request.headers.get("user-agent");
      const added = await finishRiderPasskeyRegistration(db, rider, token, response, { rp, userAgent });
      return added ? answer({ ok: true }) : answer({ message: RIDER_PASSKEY_MESSAGES.notAdded }, 400);
    }
    default:
      return answer({ message: RIDER_PASSKEY_MESSAGES.notAdded }, 400);
  }
}
