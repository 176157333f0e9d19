import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { requestContext, servicesContext } from "~/context";
import { PASSKEY_MESSAGES } from "~/domain/team";
import { readJsonObject } from "~/server/admin/respond.server";
import { adminContext } from "~/server/auth/admin-session.server";
import { finishPasskeyRegistration, passkeyRegistrationOptions, relyingPartyOf } from "~/server/auth/passkeys.server";
import type { Route } from "./+types/account-passkeys";

export function loader() {
  return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}

/** Adding a passkey to the signed-in admin (decision 026): `options`, then `verify` with the browser's answer. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, logger } = context.get(servicesContext);
  const user = context.get(adminContext);
  const rp = relyingPartyOf(context.get(requestContext).origin);
  const body = await readJsonObject(request);
  if (body?.step === "options") return Response.json(await passkeyRegistrationOptions(db, user, rp));
  if (body?.step === "verify") {
    const name = typeof body.name === "string" ? body.name : "";
    const added = await finishPasskeyRegistration(db, user.id, body.response as RegistrationResponseJSON, name, rp);
    if (added) logger.info({ userId: user.id }, "passkey added");
    return added
      ? Response.json({ ok: true, message: PASSKEY_MESSAGES.added })
      : Response.json({ ok: false, message: PASSKEY_MESSAGES.notAdded }, { status: 400 });
  }
  return Response.json({ ok: false, message: PASSKEY_MESSAGES.notAdded }, { status: 400 });
}
