import { loginSchema, type User } from "~/domain/content";
import { isAdminRole } from "~/domain/roles";
import { LOGIN_MESSAGES } from "~/domain/messages";
import { fieldErrors } from "~/domain/validation";
import type { Executor } from "../db/schema.server";
import {
  findUserByEmail,
  findUserByGoogleSubject,
  linkGoogleSubject,
  recordLogin,
  verifyUserPassword,
} from "../services/users.server";
import type { GoogleIdentity } from "./google.server";
import { rotateSession } from "./sessions.server";
import {
  beginSignInAttempt,
  clearAttempts,
  forgetAttempt,
  throttleKeys,
  tooManyAttemptsMessage,
} from "./throttle.server";

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
export type SignInResult = SignInSuccess | SignInFailure;

const accessDenied: SignInFailure = { ok: false, status: 403, error: LOGIN_MESSAGES.accessDenied };

/** A new session (replacing the browser's previous one) and the sign-in time on the user. */
async function startAdminSession(db: Executor, user: User, previousToken: string | undefined): Promise<SignInSuccess> {
  const { token } = await rotateSession(db, previousToken, user.id);
  const signedIn = await recordLogin(db, user.id);
  return { ok: true, user: signedIn, token };
}

export type PasswordSignInContext = { clientIp: string; previousToken: string | undefined };

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
  const verdict = await beginSignInAttempt(db, keys);
  if (!verdict.allowed) {
    return {
      ok: false,
      status: 429,
      error: tooManyAttemptsMessage(verdict.retryAfterSeconds),
      retryAfterSeconds: verdict.retryAfterSeconds,
    };
  }

  const user = await verifyUserPassword(db, email, password);
  // A wrong guess keeps its attempt rows: that is what the throttle counts.
  if (!user) return { ok: false, status: 401, error: INVALID_CREDENTIALS };
  await forgetAttempt(db, verdict.attempt);
  if (!isAdminRole(user.role)) return accessDenied;
  await clearAttempts(db, keys.account);
  return startAdminSession(db, user, context.previousToken);
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
  if (linked) return isAdminRole(linked.role) ? startAdminSession(db, linked, previousToken) : accessDenied;

  if (!identity.email || !identity.emailVerified) return accessDenied;
  const byEmail = await findUserByEmail(db, identity.email);
  if (!byEmail || !isAdminRole(byEmail.role)) return accessDenied;
  if (!(await linkGoogleSubject(db, byEmail.id, identity.subject))) return accessDenied;
  return startAdminSession(db, byEmail, previousToken);
}
