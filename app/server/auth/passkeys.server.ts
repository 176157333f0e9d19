import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { runCommand } from "../commands/command.server";
import type { Database, Executor } from "../db/schema.server";
import {
  type PasskeyKind,
  type PasskeySignInOptions,
  type PasskeySummary,
  type RelyingParty,
  deletePasskeyOf,
  listPasskeysOf,
  newPasskeyOptions,
  passkeyChallenge,
  passkeyIdsOf,
  spendPasskeyAnswer,
  verifiedNewPasskey,
  verifiedPasskeyAnswer,
} from "./passkey-core.server";
import { tellSignInChanged } from "./sign-in-changes.server";
import {
  type ChallengePurpose,
  type SignInOwner,
  consumeChallenge,
  createChallenge,
  findUserChallenge,
} from "./two-factor.server";
import { serverClock } from "../clock.server";

/** What a passkey's signed answer is asked for: signing in, or a signed-in admin's fresh proof. */
export type PasskeyAssertion = Extract<ChallengePurpose, "passkey-sign-in" | "passkey-proof">;

/**
 * The team's passkeys (WebAuthn, decision 026; the ceremonies are passkey-core.server.ts):
 * registered by a signed-in admin on their Sign-in & Security page, then used either as the
 * second factor after a password, or alone instead of the password (then the authenticator must
 * verify the user: fingerprint, face or PIN).
 */
const TEAM_PASSKEYS: PasskeyKind = { table: "passkeys", owner: "user_id", throttle: "passkey" };

export async function listPasskeys(db: Executor, userId: string): Promise<PasskeySummary[]> {
  return listPasskeysOf(db, TEAM_PASSKEYS, userId);
}

/** Options for the browser to create a passkey of the user (the challenge kept for ten minutes). */
export async function passkeyRegistrationOptions(
  db: Executor,
  user: { id: string; email: string; displayName: string },
  rp: RelyingParty,
) {
  const existing = await passkeyIdsOf(db, TEAM_PASSKEYS, user.id);
  const options = await newPasskeyOptions(rp, user, existing, "preferred");
  await createChallenge(db, "passkey-register", user.id, { challenge: options.challenge });
  return options;
}

/**
 * Verifies and keeps the browser's new passkey; false when it does not answer our challenge.
 * One command: the spent challenge, the passkey and the mail telling the admin.
 */
export async function finishPasskeyRegistration(
  db: Database,
  user: SignInOwner,
  response: RegistrationResponseJSON,
  name: string,
  rp: RelyingParty,
  now = serverClock(),
): Promise<boolean> {
  const pending = await findUserChallenge(db, user.id, "passkey-register", now);
  const challenge = pending?.data.challenge;
  if (!pending || typeof challenge !== "string") return false;
  const passkey = await verifiedNewPasskey(response, challenge, rp, false);
  if (!passkey) return false;
  return runCommand(db, async (command) => {
    const { trx } = command;
    if (!(await consumeChallenge(trx, pending.id))) return false;
    await trx
      .insertInto("passkeys")
      .values({
        ...passkey,
        user_id: user.id,
        name: name.trim().slice(0, 60) || "Passkey",
        created_at: now.toISOString(),
        last_used_at: null,
      })
      .execute();
    await tellSignInChanged(command, user.email, "passkeyAdded", now);
    return true;
  });
}

/** Removes one of the admin's passkeys, and tells them in the same command; false when it was gone. */
export async function removePasskey(
  db: Database,
  user: SignInOwner,
  id: string,
  now = serverClock(),
): Promise<boolean> {
  return runCommand(db, async (command) => {
    const removed = await deletePasskeyOf(command.trx, TEAM_PASSKEYS, user.id, id);
    if (removed) await tellSignInChanged(command, user.email, "passkeyRemoved", now);
    return removed;
  });
}

/**
 * Options for signing in with a passkey, and the token naming their challenge
 * (passkey-core.server.ts). For a second factor (`userId` given) only that admin's passkeys are
 * offered; without, any passkey of the team may answer, and must verify its user. A
 * `passkey-proof` challenge (the admin's own passkeys) answers only proveWithPasskey.
 */
export async function passkeySignInOptions(
  db: Executor,
  rp: RelyingParty,
  userId: string | null,
  clientIp: string,
  now = serverClock(),
  purpose: PasskeyAssertion = "passkey-sign-in",
): Promise<PasskeySignInOptions> {
  return passkeyChallenge(db, TEAM_PASSKEYS, rp, purpose, { ownerId: userId, clientIp, now });
}

/**
 * The user a passkey's answer proves, or null: the challenge must be ours and unspent, the
 * passkey known (and the expected admin's for a second factor), the signature right.
 */
export async function verifyPasskeySignIn(
  db: Executor,
  token: string,
  response: AuthenticationResponseJSON,
  rp: RelyingParty,
  now = serverClock(),
  purpose: PasskeyAssertion = "passkey-sign-in",
): Promise<string | null> {
  const answer = await verifiedPasskeyAnswer(db, TEAM_PASSKEYS, { token, response, rp, purpose, now });
  if (!answer || !(await spendPasskeyAnswer(db, TEAM_PASSKEYS, answer, now))) return null;
  return answer.ownerId;
}
