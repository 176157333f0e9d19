import { loginSchema, type User } from "~/domain/content";
import { isAdminRole } from "~/domain/roles";
import { LOGIN_MESSAGES } from "~/domain/messages";
import { fieldErrors } from "~/domain/validation";
import type { Executor } from "../db/schema.server";
import {
  findUserByEmail,
  findUserByGoogleSubject,
  getUser,
  linkGoogleSubject,
  recordLogin,
  verifyUserPassword,
} from "../team/users.server";
import type { GoogleIdentity } from "./google.server";
import { rotateSession } from "./sessions.server";
import {
  consumeChallenge,
  createChallenge,
  findChallenge,
  hasSecondFactor,
  secondFactorsOf,
  acceptTotpCode,
  spendRecoveryCode,
} from "./two-factor.server";
import {
  accountKey,
  beginSignInAttempt,
  clearAttempts,
  forgetAttempt,
  throttleKeys,
  tooManyAttemptsMessage,
} from "./throttle.server";
import { serverClock } from "../clock.server";

/**
 * The server's text for a wrong password AND for an unknown email: the same words, status and
 * (thanks to the decoy hash in verifyUserPassword) the same time, so the form does not tell
 * which addresses have accounts.
 */
export const INVALID_CREDENTIALS = "Invalid email or password.";

export type SignInFailure = {
  ok: false;
  status: 400 | 401 | 403 | 429;
  error: string;
  fieldErrors?: Record<string, string>;
  retryAfterSeconds?: number;
};
export type SignInSuccess = { ok: true; user: User; token: string };
/** The first factor passed; the second is awaited under `challenge` (a cookie's token). */
export type SecondFactorNeeded = {
  ok: "second-factor";
  user: User;
  challenge: string;
  factors: { totp: boolean; passkey: boolean };
};
export type SignInResult = SignInSuccess | SignInFailure | SecondFactorNeeded;

const accessDenied: SignInFailure = { ok: false, status: 403, error: LOGIN_MESSAGES.accessDenied };

/** The answer while the throttle holds the account or the network back, for passwords and codes alike. */
function tooManyAttempts(retryAfterSeconds: number): SignInFailure {
  return { ok: false, status: 429, error: tooManyAttemptsMessage(retryAfterSeconds), retryAfterSeconds };
}

export const SECOND_FACTOR_MESSAGES = {
  wrongCode: "That code is not right. Please try again.",
  expired: "Your sign-in took too long. Please sign in again.",
} as const;

/**
 * A new session (replacing the browser's previous one) and the sign-in time on the user. Only
 * here, when the whole sign-in succeeded, are the account's failures cleared: clearing them once
 * the password passed would give whoever holds the password fresh guesses at the second factor
 * each time they type it again.
 */
async function startAdminSession(
  db: Executor,
  user: User,
  previousToken: string | undefined,
  now = serverClock(),
): Promise<SignInSuccess> {
  await clearAttempts(db, accountKey(user.email));
  const { token } = await rotateSession(db, previousToken, user.id, now);
  const signedIn = await recordLogin(db, user.id);
  return { ok: true, user: signedIn, token };
}

/** A session now, or, for an admin with a second factor, the step that asks for it. */
export async function afterFirstFactor(
  db: Executor,
  user: User,
  previousToken: string | undefined,
  now = serverClock(),
): Promise<SignInSuccess | SecondFactorNeeded> {
  const factors = await secondFactorsOf(db, user.id);
  if (!hasSecondFactor(factors)) return startAdminSession(db, user, previousToken, now);
  const challenge = await createChallenge(db, "second-factor", user.id, {}, now);
  return { ok: "second-factor", user, challenge, factors: { totp: factors.totp, passkey: factors.passkey } };
}

export type PasswordSignInContext = {
  clientIp: string;
  previousToken: string | undefined;
  /** The clock (tests move it; the throttle's delays and the codes' steps are read from it). */
  now?: Date;
};

/** product.md#admin-access: email and password; only a user whose record has role admin gets a session. */
export async function signInWithPassword(
  db: Executor,
  input: unknown,
  context: PasswordSignInContext,
): Promise<SignInResult> {
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { ok: false, status: 400, error: Object.values(errors)[0] ?? INVALID_CREDENTIALS, fieldErrors: errors };
  }
  const { email, password } = parsed.data;
  const keys = throttleKeys(email, context.clientIp);
  const now = context.now ?? serverClock();
  const verdict = await beginSignInAttempt(db, keys, now);
  if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterSeconds);

  const user = await verifyUserPassword(db, email, password);
  // A wrong guess keeps its attempt rows: that is what the throttle counts.
  if (!user) return { ok: false, status: 401, error: INVALID_CREDENTIALS };
  await forgetAttempt(db, verdict.attempt);
  if (!isAdminRole(user.role)) return accessDenied;
  return afterFirstFactor(db, user, context.previousToken, now);
}

export type SecondFactorInput = { method: "totp" | "recovery"; code: string };
export type SecondFactorContext = PasswordSignInContext & { challenge: string | undefined };

/** The admin a live second-factor step belongs to, or null. */
export async function pendingSignIn(db: Executor, challenge: string | undefined): Promise<User | null> {
  const step = await findChallenge(db, challenge, "second-factor");
  const user = step?.userId ? await getUser(db, step.userId) : null;
  return user && isAdminRole(user.role) ? user : null;
}

/**
 * The second step: a code from the authenticator app or a recovery code, for the admin whose
 * password (or Google account) was accepted. Wrong codes count against the account and the
 * network as wrong passwords do; the step is spent by the one request that succeeds.
 */
export async function signInWithSecondFactor(
  db: Executor,
  input: SecondFactorInput,
  context: SecondFactorContext,
): Promise<SignInResult> {
  const now = context.now ?? serverClock();
  const step = await findChallenge(db, context.challenge, "second-factor", now);
  const user = step?.userId ? await getUser(db, step.userId) : null;
  if (!step || !user) return { ok: false, status: 401, error: SECOND_FACTOR_MESSAGES.expired };
  if (!isAdminRole(user.role)) return accessDenied;
  const keys = throttleKeys(user.email, context.clientIp);
  const verdict = await beginSignInAttempt(db, keys, now);
  if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterSeconds);
  const passed =
    input.method === "totp"
      ? await acceptTotpCode(db, user, input.code, now.getTime())
      : await spendRecoveryCode(db, user.id, input.code, now);
  if (!passed) return { ok: false, status: 401, error: SECOND_FACTOR_MESSAGES.wrongCode };
  await forgetAttempt(db, verdict.attempt);
  if (!(await consumeChallenge(db, step.id))) return { ok: false, status: 401, error: SECOND_FACTOR_MESSAGES.expired };
  return startAdminSession(db, user, context.previousToken, now);
}

/** Signs in the admin of a verified passkey: the passkey is both factors (passkeys.server.ts checked it). */
export async function signInWithPasskey(
  db: Executor,
  userId: string,
  previousToken: string | undefined,
): Promise<SignInResult> {
  const user = await getUser(db, userId);
  if (!user || !isAdminRole(user.role)) return accessDenied;
  return startAdminSession(db, user, previousToken);
}

/**
 * Google sign-in (product.md#admin-access). A linked Google account signs in its user; otherwise an admin whose
 * email the provider has VERIFIED gets this Google account linked. Anyone else is refused:
 * there is no self-registration.
 */
export async function signInWithGoogle(
  db: Executor,
  identity: GoogleIdentity,
  previousToken: string | undefined,
): Promise<SignInResult> {
  const linked = await findUserByGoogleSubject(db, identity.subject);
  if (linked) return isAdminRole(linked.role) ? afterFirstFactor(db, linked, previousToken) : accessDenied;

  if (!identity.email || !identity.emailVerified) return accessDenied;
  const byEmail = await findUserByEmail(db, identity.email);
  if (!byEmail || !isAdminRole(byEmail.role)) return accessDenied;
  if (!(await linkGoogleSubject(db, byEmail.id, identity.subject))) return accessDenied;
  return afterFirstFactor(db, byEmail, previousToken);
}
