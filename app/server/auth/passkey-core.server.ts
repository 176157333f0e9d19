import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { SITE_NAME } from "~/domain/site";
import type { Executor } from "../db/schema.server";
import { beginAttempt, clientNetwork } from "./throttle.server";
import { type ChallengePurpose, consumeChallenge, createChallenge, findChallenge } from "./two-factor.server";

// The WebAuthn ceremonies (decision 026) through @simplewebauthn/server, for the team's passkeys
// (passkeys.server.ts) and the riders' (rider-accounts/server/passkeys.server.ts) alike
// (decision 051). Each kind has its own table and its own challenge purposes, so neither's
// passkey ever answers the other's challenge; what a kind does around a ceremony (which
// challenge a registration is found by, the name a passkey gets, who is told, what a sign-in
// starts) stays with the kind.

/**
 * The relying party is the site's own origin (PUBLIC_URL, else the request's): its host name is
 * the RP ID, and responses from any other origin fail.
 */
export type RelyingParty = { id: string; origin: string };

export function relyingPartyOf(origin: string): RelyingParty {
  return { id: new URL(origin).hostname, origin };
}

/** Where a kind's passkeys are kept, and the throttle key its sign-in options count under. */
export type PasskeyKind = {
  table: "passkeys" | "rider_passkeys";
  /** The column naming the passkey's owner: a member of the team, or a rider. */
  owner: "user_id" | "rider_id";
  throttle: "passkey" | "rider-passkey";
};

export type PasskeySummary = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/** A stored passkey, the team's (`passkeys`) or a rider's (`rider_passkeys`). */
export type StoredPasskey = { id: string; public_key: string; counter: number; transports: string };

/** The owner's passkeys as their page lists them, oldest first. */
export async function listPasskeysOf(db: Executor, kind: PasskeyKind, ownerId: string): Promise<PasskeySummary[]> {
  const rows = await db
    .selectFrom(kind.table)
    .select(["id", "name", "created_at", "last_used_at"])
    .where(kind.owner, "=", ownerId)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at }));
}

/** The owner's passkeys, as the browser is told which it holds already. */
export async function passkeyIdsOf(
  db: Executor,
  kind: PasskeyKind,
  ownerId: string,
): Promise<Pick<StoredPasskey, "id" | "transports">[]> {
  return db.selectFrom(kind.table).select(["id", "transports"]).where(kind.owner, "=", ownerId).execute();
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

/**
 * Passkey sign-in options a network may ask for in the throttle's window (15 minutes): each
 * stores a challenge, and a person signing in needs one or two. Generous for a team behind one
 * carrier-grade NAT address; a script asking in a loop stops here.
 */
export const PASSKEY_OPTIONS_PER_NETWORK = 30;
/** Unanswered sign-in challenges kept at most: asking from many networks cannot fill the table either. */
export const PASSKEY_CHALLENGES_KEPT = 1000;

/** Drops the oldest unanswered challenges of `purpose` beyond the newest PASSKEY_CHALLENGES_KEPT. */
async function keepNewestChallenges(db: Executor, purpose: ChallengePurpose): Promise<void> {
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
 * Options for signing in with a passkey of `kind`, and the token naming their challenge of
 * `purpose`. With `ownerId` (a second factor) only that owner's passkeys are offered; without,
 * any passkey of the kind may answer, and must verify its user. Counted per network (refused
 * past the limit), and beyond the newest PASSKEY_CHALLENGES_KEPT the oldest unanswered
 * challenges of the purpose are dropped.
 */
export async function passkeyChallenge(
  db: Executor,
  kind: PasskeyKind,
  rp: RelyingParty,
  purpose: ChallengePurpose,
  { ownerId, clientIp, now }: { ownerId: string | null; clientIp: string; now: Date },
): Promise<PasskeySignInOptions> {
  const verdict = await beginAttempt(
    db,
    [`${kind.throttle}:${clientNetwork(clientIp)}`],
    now,
    PASSKEY_OPTIONS_PER_NETWORK,
  );
  if (!verdict.allowed) return { ok: false, retryAfterSeconds: verdict.retryAfterSeconds };
  const credentials = ownerId ? await passkeyIdsOf(db, kind, ownerId) : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: ownerId ? "preferred" : "required",
    allowCredentials: credentials.map((row) => ({ id: row.id, transports: transportsOf(row.transports) })),
  });
  const token = await createChallenge(db, purpose, ownerId, { challenge: options.challenge }, now);
  await keepNewestChallenges(db, purpose);
  return { ok: true, options, token };
}

/** A passkey's right answer to a live challenge, not yet spent (spendPasskeyAnswer). */
export type PasskeyAnswer = { challengeId: string; passkeyId: string; ownerId: string; counter: number };

/**
 * The answer of a passkey of `kind` to the live challenge of `token` and `purpose`, or null: the
 * challenge must be ours and unspent, the passkey known (and the expected owner's for a second
 * factor), the signature right, and the user verified unless the challenge names its owner.
 */
export async function verifiedPasskeyAnswer(
  db: Executor,
  kind: PasskeyKind,
  {
    token,
    response,
    rp,
    purpose,
    now,
  }: {
    token: string;
    response: AuthenticationResponseJSON;
    rp: RelyingParty;
    purpose: ChallengePurpose;
    now: Date;
  },
): Promise<PasskeyAnswer | null> {
  const pending = await findChallenge(db, token, purpose, now);
  const challenge = pending?.data.challenge;
  if (!pending || typeof challenge !== "string" || typeof response?.id !== "string") return null;
  const passkey = await db
    .selectFrom(kind.table)
    .select(["id", "public_key", "counter", "transports", (eb) => eb.ref(kind.owner).as("owner_id")])
    .where("id", "=", response.id)
    .executeTakeFirst();
  if (!passkey || (pending.userId && passkey.owner_id !== pending.userId)) return null;
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
    requireUserVerification: pending.userId === null,
  }).catch(() => null);
  if (!verification?.verified) return null;
  return {
    challengeId: pending.id,
    passkeyId: passkey.id,
    ownerId: passkey.owner_id,
    counter: verification.authenticationInfo.newCounter,
  };
}

/** Spends the answer's challenge and records the passkey's use; false when another request spent it first. */
export async function spendPasskeyAnswer(
  db: Executor,
  kind: PasskeyKind,
  answer: PasskeyAnswer,
  now: Date,
): Promise<boolean> {
  if (!(await consumeChallenge(db, answer.challengeId))) return false;
  await db
    .updateTable(kind.table)
    .set({ counter: answer.counter, last_used_at: now.toISOString() })
    .where("id", "=", answer.passkeyId)
    .execute();
  return true;
}

/** Removes one of the owner's passkeys; false when it was not theirs (or gone). */
export async function deletePasskeyOf(db: Executor, kind: PasskeyKind, ownerId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom(kind.table)
    .where(kind.owner, "=", ownerId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
