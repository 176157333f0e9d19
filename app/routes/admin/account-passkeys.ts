import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { requestContext, servicesContext } from "~/context";
import { PASSKEY_MESSAGES, PROOF_MESSAGES } from "~/domain/team";
import { readJsonObject } from "~/server/admin/respond.server";
import { adminContext, adminSessionContext } from "~/server/auth/admin-session.server";
import { isProofFresh, proveWithPasskey } from "~/server/auth/fresh-proof.server";
import { relyingPartyOf } from "~/server/auth/passkey-core.server";
import {
  finishPasskeyRegistration,
  passkeyRegistrationOptions,
  passkeySignInOptions,
} from "~/server/auth/passkeys.server";
import { tooManyAttemptsMessage } from "~/server/auth/throttle.server";
import type { Route } from "./+types/account-passkeys";
import { serverClock } from "~/server/clock.server";

export function loader() {
  return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}

/**
 * The signed-in admin's passkeys (decision 026), in JSON steps: `proof-options` and
 * `proof-verify` confirm it is them with a passkey they have (decision 026, note of 2026-11-26);
 * `options`, then `verify` with the browser's answer, add one, and only with a fresh proof.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, logger } = context.get(servicesContext);
  const user = context.get(adminContext);
  const session = context.get(adminSessionContext);
  const { origin, clientIp } = context.get(requestContext);
  const rp = relyingPartyOf(origin);
  const body = await readJsonObject(request);

  if (body?.step === "proof-options") {
    const offered = await passkeySignInOptions(db, rp, user.id, clientIp, serverClock(), "passkey-proof");
    if (!offered.ok)
      return Response.json(
        { ok: false, message: tooManyAttemptsMessage(offered.retryAfterSeconds) },
        { status: 429, headers: { "Retry-After": String(offered.retryAfterSeconds) } },
      );
    return Response.json({ options: offered.options, token: offered.token });
  }
  if (body?.step === "proof-verify") {
    const token = typeof body.token === "string" ? body.token : "";
    const response = body.response as AuthenticationResponseJSON;
    return (await proveWithPasskey(db, user, token, response, rp, { session, clientIp }))
      ? Response.json({ ok: true, message: PROOF_MESSAGES.confirmed })
      : Response.json({ ok: false, message: PROOF_MESSAGES.passkeyFailed }, { status: 400 });
  }
  if (body?.step !== "options" && body?.step !== "verify")
    return Response.json({ ok: false, message: PASSKEY_MESSAGES.notAdded }, { status: 400 });
  if (!isProofFresh(session)) return Response.json({ ok: false, message: PROOF_MESSAGES.needed }, { status: 403 });
  if (body.step === "options") return Response.json(await passkeyRegistrationOptions(db, user, rp));

  const name = typeof body.name === "string" ? body.name : "";
  // The passkey and the mail telling its admin are one command (decision 029).
  const added = await finishPasskeyRegistration(db, user, body.response as RegistrationResponseJSON, name, rp);
  if (!added) return Response.json({ ok: false, message: PASSKEY_MESSAGES.notAdded }, { status: 400 });
  logger.info({ userId: user.id }, "passkey added");
  return Response.json({ ok: true, message: PASSKEY_MESSAGES.added });
}
