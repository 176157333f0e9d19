import { randomInt, randomUUID } from "node:crypto";
import * as OTPAuth from "otpauth";
import { SITE_NAME } from "~/domain/site";
import { runCommand } from "../commands/command.server";
import type { Database, Executor } from "../db/schema.server";
import { hashOfToken, newSecretToken } from "./secret-token.server";
import { tellSignInChanged } from "./sign-in-changes.server";
import { serverClock } from "../clock.server";

/**
 * Second factors (decision 026): a TOTP authenticator app (RFC 6238: SHA-1, six
 * digits, 30 seconds, what every app reads from the QR code), ten single-use recovery codes,
 * and passkeys (passkeys.server.ts). Short-lived steps (a password accepted and a second
 * factor awaited, a secret being enrolled, a WebAuthn challenge) are rows of auth_challenges.
 */
export const CHALLENGE_MS = 10 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;

export type ChallengePurpose =
  | "second-factor"
  | "totp-enrol"
  | "passkey-register"
  | "passkey-sign-in"
  /** A signed-in admin confirming it is them with a passkey (fresh-proof.server.ts). */
  | "passkey-proof"
  /** A rider's passkey (rider-accounts/server/passkeys.server.ts): no user, the rider's id in the data. */
  | "rider-passkey-register"
  | "rider-passkey-sign-in";

export function totpFor(secret: string, email: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: SITE_NAME,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** A new random TOTP secret (160 bits, base32). */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

const PERIOD_MS = 30 * 1000;

/**
 * The 30-second step whose code `code` is, if it is the app's code now or of the step before
 * or after (clocks drift); else null.
 */
export function totpStep(secret: string, email: string, code: string, now = serverClock().getTime()): number | null {
  const token = code.replaceAll(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secret, email).validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / PERIOD_MS) + delta;
}

/**
 * Accepts a code of the user's app once (RFC 6238 §5.2): a code whose step is not later than
 * the last one accepted is refused, so a code seen over a shoulder cannot be used again.
 */
export async function acceptTotpCode(
  db: Executor,
  user: { id: string; email: string },
  code: string,
  now = serverClock().getTime(),
): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select(["totp_secret", "totp_last_step"])
    .where("id", "=", user.id)
    .executeTakeFirst();
  if (!row?.totp_secret) return false;
  const step = totpStep(row.totp_secret, user.email, code, now);
  if (step === null) return false;
  const result = await db
    .updateTable("users")
    .set({ totp_last_step: step })
    .where("id", "=", user.id)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Starts a step: the token (for a cookie or the page) is returned once, its hash stored. */
export async function createChallenge(
  db: Executor,
  purpose: ChallengePurpose,
  userId: string | null,
  data: Record<string, unknown> = {},
  now = serverClock(),
): Promise<string> {
  await db.deleteFrom("auth_challenges").where("expires_at", "<=", now.toISOString()).execute();
  if (userId && purpose !== "second-factor")
    await db.deleteFrom("auth_challenges").where("user_id", "=", userId).where("purpose", "=", purpose).execute();
  const { token, hash } = newSecretToken();
  await db
    .insertInto("auth_challenges")
    .values({
      id: hash,
      user_id: userId,
      purpose,
      data: JSON.stringify(data),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CHALLENGE_MS).toISOString(),
    })
    .execute();
  return token;
}

export type Challenge = { id: string; userId: string | null; data: Record<string, unknown> };

/** The live step of a token and purpose, or null. */
export async function findChallenge(
  db: Executor,
  token: string | undefined,
  purpose: ChallengePurpose,
  now = serverClock(),
): Promise<Challenge | null> {
  if (!token) return null;
  const row = await db
    .selectFrom("auth_challenges")
    .select(["id", "user_id", "data"])
    .where("id", "=", hashOfToken(token))
    .where("purpose", "=", purpose)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row ? { id: row.id, userId: row.user_id, data: JSON.parse(row.data) as Record<string, unknown> } : null;
}

/** The user's own step of a purpose (enrolment), found by user rather than token. */
export async function findUserChallenge(
  db: Executor,
  userId: string,
  purpose: ChallengePurpose,
  now = serverClock(),
): Promise<Challenge | null> {
  const row = await db
    .selectFrom("auth_challenges")
    .select(["id", "user_id", "data"])
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return row ? { id: row.id, userId: row.user_id, data: JSON.parse(row.data) as Record<string, unknown> } : null;
}

/** Spends a step; true only for the one request that spent it (a replay finds nothing). */
export async function consumeChallenge(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom("auth_challenges").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export type SecondFactors = { totp: boolean; passkey: boolean; recoveryCodesLeft: number };

/** Which second factors the user has. */
export async function secondFactorsOf(db: Executor, userId: string): Promise<SecondFactors> {
  const user = await db.selectFrom("users").select("totp_secret").where("id", "=", userId).executeTakeFirst();
  const passkey = await db.selectFrom("passkeys").select("id").where("user_id", "=", userId).executeTakeFirst();
  const codes = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return {
    totp: Boolean(user?.totp_secret),
    passkey: passkey !== undefined,
    recoveryCodesLeft: Number(codes?.count ?? 0),
  };
}

export function hasSecondFactor(factors: SecondFactors): boolean {
  return factors.totp || factors.passkey;
}

/** The admin whose sign-in changes: the id to change, the address the mail about it goes to. */
export type SignInOwner = { id: string; email: string };

/**
 * Confirms an enrolment: the code must come from the secret being enrolled, and the account
 * must have no app yet (one enrolled meanwhile is not replaced: turning it off comes first).
 * One command: the app, the spent enrolment and, when it was added, the mail telling the admin.
 */
export async function enableTotp(db: Database, user: SignInOwner, code: string, now = serverClock()): Promise<boolean> {
  const pending = await findUserChallenge(db, user.id, "totp-enrol", now);
  const secret = typeof pending?.data.secret === "string" ? pending.data.secret : null;
  const step = secret ? totpStep(secret, user.email, code, now.getTime()) : null;
  if (!pending || !secret || step === null) return false;
  return runCommand(db, async (command) => {
    const { trx } = command;
    const enabled = await trx
      .updateTable("users")
      .set({ totp_secret: secret, totp_enabled_at: now.toISOString(), totp_last_step: step })
      .where("id", "=", user.id)
      .where("totp_secret", "is", null)
      .executeTakeFirst();
    await trx.deleteFrom("auth_challenges").where("id", "=", pending.id).execute();
    const added = Number(enabled.numUpdatedRows) > 0;
    if (added) await tellSignInChanged(command, user.email, "totpAdded", now);
    return added;
  });
}

/** Turns the authenticator app off, and tells the admin in the same command. */
export async function disableTotp(db: Database, user: SignInOwner, now = serverClock()): Promise<void> {
  await runCommand(db, async (command) => {
    await command.trx
      .updateTable("users")
      .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
      .where("id", "=", user.id)
      .execute();
    await tellSignInChanged(command, user.email, "totpRemoved", now);
  });
}

/** A recovery code as shown: ten characters from an alphabet without look-alikes, in two groups. */
function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replaceAll(/[^a-z0-9]/g, "");
}

/**
 * Ten new recovery codes, replacing any earlier ones; shown once, stored hashed. The admin is
 * told in the same command, unless `tell` is false (codes that come with a new app, whose own
 * mail says enough).
 */
export async function replaceRecoveryCodes(
  db: Database,
  user: SignInOwner,
  { now = serverClock(), tell = true }: { now?: Date; tell?: boolean } = {},
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const userId = user.id;
  await runCommand(db, async (command) => {
    const { trx } = command;
    await trx.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
    await trx
      .insertInto("recovery_codes")
      .values(
        codes.map((code) => ({
          id: randomUUID(),
          user_id: userId,
          code_hash: hashOfToken(normaliseRecoveryCode(code)),
          used_at: null,
        })),
      )
      .execute();
    if (tell) await tellSignInChanged(command, user.email, "recoveryCodes", now);
  });
  return codes;
}

/** Spends a recovery code of the user; true once per code. */
export async function spendRecoveryCode(
  db: Executor,
  userId: string,
  code: string,
  now = serverClock(),
): Promise<boolean> {
  const normal = normaliseRecoveryCode(code);
  if (normal.length !== 10) return false;
  const result = await db
    .updateTable("recovery_codes")
    .set({ used_at: now.toISOString() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hashOfToken(normal))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
