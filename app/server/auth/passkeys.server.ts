import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { SITE_NAME } from "~/domain/site";
import { runCommand } from "../commands/command.server";
import type { Database, Executor } from "../db/schema.server";
import { tellSignInChanged } from "./sign-in-changes.server";
import { beginAttempt, clientNetwork } from "./throttle.server";
import {
  type ChallengePurpose,
  type SignInOwner,
  consumeChallenge,
  createChallenge,
  findChallenge,
  findUserChallenge,
} from "./two-factor.server";
import { serverClock } from "../clock.server";

/** What a passkey's signed answer is asked for: signing in, or a signed-in admin's fresh proof. */
export type PasskeyAssertion = Extract<ChallengePurpose, "passkey-sign-in" | "passkey-proof">;

/**
 * Passkeys (WebAuthn, decision 026) through @simplewebauthn/server: registered by a
 * signed-in admin on their Sign-in & Security page, then used either as the second factor
 * after a password, or alone instead of the password (then the authenticator must verify the
 * user: fingerprint, face or PIN). The relying party is the site's own origin (PUBLIC_URL,
 * else the request's): its host name is the RP ID, and responses from any other origin fail.
 */
export type RelyingParty = { id: string; origin: string };

export function relyingPartyOf(origin: string): RelyingParty {
  return { id: new URL(origin).hostname, origin };
}

export type PasskeySummary = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/** A stored passkey, the team's (`passkeys`) or a rider's (`rider_passkeys`). */
export type StoredPasskey = { id: string; public_key: string; counter: number; transports: string };

export function passkeySummaryOf(row: { id: string; name: string; created_at: string; last_used_at: string | null }) {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

export async function listPasskeys(db: Executor, userId: string): Promise<PasskeySummary[]> {
  const rows = await db
    .selectFrom("passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  return rows.map(passkeySummaryOf);
}

function transportsOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Options for the browser to create a discoverable passkey of `user` (a member of the team or a
 * rider), leaving out the authenticators that hold one of theirs already.
 */
export function newPasskeyOptions(
  rp: RelyingParty,
  user: { id: string; email: string; displayName: string },
  existing: Pick<StoredPasskey, "id" | "transports">[],
  userVerification: "preferred" | "required",
) {
  return generateRegistrationOptions({
    rpName: SITE_NAME,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.displayName || user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification },
  });
}

/** The new passkey of a browser's answer to `challenge`, as it is stored; null when it does not answer it. */
export async function verifiedNewPasskey(
  response: RegistrationResponseJSON,
  challenge: string,
  rp: RelyingParty,
  requireUserVerification: boolean,
): Promise<StoredPasskey | null> {
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification,
  }).catch(() => null);
  if (!verification?.verified) return null;
  const { credential } = verification.registrationInfo;
  return {
    id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString("base64url"),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
  };
}

/** The passkey's new signature counter when its signed answer to `challenge` is right; null otherwise. */
export async function verifiedAssertion(
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: StoredPasskey,
  rp: RelyingParty,
  requireUserVerification: boolean,
): Promise<number | null> {
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.id,
      publicKey: new Uint8Array(Buffer.from(passkey.public_key, "base64url")),
      counter: passkey.counter,
      transports: transportsOf(passkey.transports),
    },
    requireUserVerification,
  }).catch(() => null);
  return verification?.verified ? verification.authenticationInfo.newCounter : null;
}

/** Options for the browser to create a passkey of the user (the challenge kept for ten minutes). */
export async function passkeyRegistrationOptions(
  db: Executor,
  user: { id: string; email: string; displayName: string },
  rp: RelyingParty,
) {
  const existing = await db
    .selectFrom("passkeys")
    .select(["id", "transports"])
    .where("user_id", "=", user.id)
    .execute();
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
    const result = await command.trx
      .deleteFrom("passkeys")
      .where("user_id", "=", user.id)
      .where("id", "=", id)
      .executeTakeFirst();
    const removed = Number(result.numDeletedRows) > 0;
    if (removed) await tellSignInChanged(command, user.email, "passkeyRemoved", now);
    return removed;
  });
}

/**
 * Passkey sign-in options a network may ask for in the throttle's window (15 minutes): each
 * stores a challenge, and a person signing in needs one or two. Generous for a team behind one
 * carrier-grade NAT address; a script asking in a loop stops here.
 */
export const PASSKEY_OPTIONS_PER_NETWORK = 30;
/** Unanswered sign-in challenges kept at most: asking from many networks cannot fill the table either. */
export const PASSKEY_CHALLENGES_KEPT = 1000;

/** Drops the oldest unanswered challenges of `purpose` beyond the newest PASSKEY_CHALLENGES_KEPT. */
export async function keepNewestChallenges(db: Executor, purpose: ChallengePurpose): Promise<void> {
  await db
    .deleteFrom("auth_challenges")
    .where("purpose", "=", purpose)
    .where(
      "id",
      "not in",
      db
        .selectFrom("auth_challenges")
        .select("id")
        .where("purpose", "=", purpose)
        .orderBy("created_at", "desc")
        .orderBy("id")
        .limit(PASSKEY_CHALLENGES_KEPT),
    )
    .execute();
}

export type PasskeySignInOptions =
  | { ok: true; options: Awaited<ReturnType<typeof generateAuthenticationOptions>>; token: string }
  | { ok: false; retryAfterSeconds: number };

/**
 * Options for signing in with a passkey, and the token naming their challenge. For a second
 * factor (`userId` given) only that admin's passkeys are offered; without, any passkey of this
 * site may answer, and must verify its user. Counted per network (refused past the limit), and
 * beyond the newest PASSKEY_CHALLENGES_KEPT the oldest unanswered challenges are dropped. A
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
  const verdict = await beginAttempt(db, [`passkey:${clientNetwork(clientIp)}`], now, PASSKEY_OPTIONS_PER_NETWORK);
  if (!verdict.allowed) return { ok: false, retryAfterSeconds: verdict.retryAfterSeconds };
  const credentials = userId
    ? await db.selectFrom("passkeys").select(["id", "transports"]).where("user_id", "=", userId).execute()
    : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: userId ? "preferred" : "required",
    allowCredentials: credentials.map((row) => ({ id: row.id, transports: transportsOf(row.transports) })),
  });
  const token = await createChallenge(db, purpose, userId, { challenge: options.challenge }, now);
  await keepNewestChallenges(db, purpose);
  return { ok: true, options, token };
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
  const pending = await findChallenge(db, token, purpose, now);
  const challenge = pending?.data.challenge;
  if (!pending || typeof challenge !== "string" || typeof response?.id !== "string") return null;
  const passkey = await db.selectFrom("passkeys").selectAll().where("id", "=", response.id).executeTakeFirst();
  if (!passkey || (pending.userId && passkey.user_id !== pending.userId)) return null;
  const counter = await verifiedAssertion(response, challenge, passkey, rp, pending.userId === null);
  if (counter === null || !(await consumeChallenge(db, pending.id))) return null;
  await db
    .updateTable("passkeys")
    .set({ counter, last_used_at: now.toISOString() })
    .where("id", "=", passkey.id)
    .execute();
  return passkey.user_id;
}
