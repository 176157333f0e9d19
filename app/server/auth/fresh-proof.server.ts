import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { PROOF_MESSAGES } from "~/domain/team";
import type { Executor } from "../db/schema.server";
import { verifyUserPassword } from "../team/users.server";
import type { RelyingParty } from "./passkey-core.server";
import { verifyPasskeySignIn } from "./passkeys.server";
import { type Session, recordProof } from "./sessions.server";
import { beginSignInAttempt, forgetAttempt, throttleKeys, tooManyAttemptsMessage } from "./throttle.server";
import { acceptTotpCode } from "./two-factor.server";
import { serverClock } from "../clock.server";

/**
 * Changing how an admin signs in (passkeys, the authenticator app, recovery codes) needs a
 * recent proof that the admin is at the keyboard, not just their session (decision 026, note of
 * 2026-11-26): a session left open on a shared computer could otherwise add a passkey that outlives
 * it. Signing in is a proof; so are the password, the app's current code or a passkey on Sign-in &
 * Security. The time of the latest is kept on the server's session row.
 */
export const PROOF_FRESH_MS = 10 * 60 * 1000;

/** Whether the session's admin proved it is them recently enough to change how they sign in. */
export function isProofFresh(session: Pick<Session, "provenAt">, now = serverClock()): boolean {
  if (!session.provenAt) return false;
  const age = now.getTime() - Date.parse(session.provenAt);
  return age >= 0 && age < PROOF_FRESH_MS;
}

export type ProofResult = { ok: true } | { ok: false; status: 400 | 429; message: string; retryAfterSeconds?: number };

export type ProofContext = { session: Pick<Session, "id">; clientIp: string; now?: Date };

/**
 * The admin proves it is them with their password or the app's current code. Each try counts
 * against the account and the network as a sign-in does (a session is no way to guess the
 * password or the code at leisure); a right one records the proof on the session.
 */
export async function proveIdentity(
  db: Executor,
  user: { id: string; email: string },
  proof: { method: "password" | "totp"; secret: string },
  context: ProofContext,
): Promise<ProofResult> {
  const now = context.now ?? serverClock();
  if (!proof.secret.trim())
    return {
      ok: false,
      status: 400,
      message: proof.method === "password" ? PROOF_MESSAGES.noPassword : PROOF_MESSAGES.noCode,
    };
  const verdict = await beginSignInAttempt(db, throttleKeys(user.email, context.clientIp), now);
  if (!verdict.allowed) {
    const { retryAfterSeconds } = verdict;
    return { ok: false, status: 429, message: tooManyAttemptsMessage(retryAfterSeconds), retryAfterSeconds };
  }
  const passed =
    proof.method === "password"
      ? (await verifyUserPassword(db, user.email, proof.secret))?.id === user.id
      : await acceptTotpCode(db, user, proof.secret, now.getTime());
  if (!passed)
    return {
      ok: false,
      status: 400,
      message: proof.method === "password" ? PROOF_MESSAGES.wrongPassword : PROOF_MESSAGES.wrongCode,
    };
  await forgetAttempt(db, verdict.attempt);
  await recordProof(db, context.session.id, now);
  return { ok: true };
}

/** The admin proves it is them with one of their passkeys (a challenge of purpose `passkey-proof`). */
export async function proveWithPasskey(
  db: Executor,
  user: { id: string },
  token: string,
  response: AuthenticationResponseJSON,
  rp: RelyingParty,
  context: ProofContext,
): Promise<boolean> {
  const now = context.now ?? serverClock();
  const proven = await verifyPasskeySignIn(db, token, response, rp, now, "passkey-proof");
  if (proven !== user.id) return false;
  await recordProof(db, context.session.id, now);
  return true;
}
