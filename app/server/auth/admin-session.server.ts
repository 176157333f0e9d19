import { type MiddlewareFunction, type RouterContextProvider, createContext, data } from "react-router";
import { requestContext, servicesContext } from "~/context";
import type { User } from "~/domain/content";
import { isAdminRole } from "~/domain/roles";
import { LOGIN_MESSAGES } from "~/domain/messages";
import { SECOND_FACTOR_COOKIE, clearCookie, cookieName, readCookie, serializeCookie } from "./cookies.server";
import { clearSessionCookie, sessionTokenFrom, setSessionCookie } from "./session-core.server";
import { type ResolvedSession, type Session, TEAM_SESSIONS, resolveSession, revokeSession } from "./sessions.server";
import { CHALLENGE_MS, secondFactorsOf } from "./two-factor.server";
import { pendingSignIn } from "./sign-in.server";

/** The signed-in admin, set by adminMiddleware for every route below the admin layout. */
export const adminContext = createContext<User>();
/** That admin's session (when they last proved it is them: fresh-proof.server.ts), set alongside. */
export const adminSessionContext = createContext<Session>();

/** What the login screen needs; the admin layout's error boundary receives it with the 401. */
export type LoginScreenData = {
  /** Whether Google sign-in is configured, so the button is offered. */
  googleSignIn: boolean;
  /** A message the previous sign-in attempt left (the Google callback redirects with it). */
  notice: string | null;
  /** The second factors to offer when a first factor passed and the second is awaited. */
  secondFactor: { totp: boolean; passkey: boolean } | null;
};

/** Messages the Google callback passes to the login screen, by the code it puts in `?login=`. */
export const LOGIN_NOTICES = {
  denied: LOGIN_MESSAGES.accessDenied,
  "google-failed": LOGIN_MESSAGES.googleFailed,
} as const;
export type LoginNotice = keyof typeof LOGIN_NOTICES;

/** The session token the browser sent, if any. */
export function sessionTokenOf(request: Request, context: Readonly<RouterContextProvider>): string | undefined {
  return sessionTokenFrom(request, context, TEAM_SESSIONS);
}

/** The request's live session of an admin; null without one or when the user is no longer an admin. */
async function getAdminSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<ResolvedSession | null> {
  const token = sessionTokenOf(request, context);
  if (!token) return null;
  const resolved = await resolveSession(context.get(servicesContext).db, token);
  return resolved && isAdminRole(resolved.user.role) ? resolved : null;
}

/** The admin the request's session belongs to; null without a live session or when the user is no longer an admin. */
export async function getAdminUser(request: Request, context: Readonly<RouterContextProvider>): Promise<User | null> {
  return (await getAdminSession(request, context))?.user ?? null;
}

function secondFactorCookieName(context: Readonly<RouterContextProvider>): string {
  return cookieName(SECOND_FACTOR_COOKIE, context.get(requestContext).secure);
}

/** The token of the sign-in step awaiting a second factor, if the browser holds one. */
export function secondFactorTokenOf(request: Request, context: Readonly<RouterContextProvider>): string | undefined {
  return readCookie(request, secondFactorCookieName(context));
}

export function secondFactorCookie(token: string, context: Readonly<RouterContextProvider>): string {
  const { secure } = context.get(requestContext);
  return serializeCookie(secondFactorCookieName(context), token, { secure, maxAgeSeconds: CHALLENGE_MS / 1000 });
}

export function clearSecondFactorCookie(context: Readonly<RouterContextProvider>): string {
  return clearCookie(secondFactorCookieName(context), context.get(requestContext).secure);
}

export async function loginScreenData(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<LoginScreenData> {
  const { db, env } = context.get(servicesContext);
  const code = new URL(request.url).searchParams.get("login");
  const notice = code && Object.hasOwn(LOGIN_NOTICES, code) ? LOGIN_NOTICES[code as LoginNotice] : null;
  const pending = await pendingSignIn(db, secondFactorTokenOf(request, context));
  const factors = pending ? await secondFactorsOf(db, pending.id) : null;
  return {
    googleSignIn: env.google !== undefined,
    notice,
    secondFactor: factors ? { totp: factors.totp, passkey: factors.passkey } : null,
  };
}

/** The admin's session of the request, or a thrown 401 carrying the login screen's data. */
async function requireAdminSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<ResolvedSession> {
  const resolved = await getAdminSession(request, context);
  if (resolved) return resolved;
  throw data(await loginScreenData(request, context), { status: 401, statusText: "Unauthorized" });
}

/** The admin of the request, or a thrown 401 carrying the login screen's data. */
export async function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<User> {
  return (await requireAdminSession(request, context)).user;
}

/**
 * Wraps every admin response, the 401 of a refused request included (React Router hands a
 * thrown error's response back through the middlewares above the one that threw). Admin
 * pages are never stored by caches, so the back button after sign-out brings none back; a
 * session cookie that no longer opens anything is removed, so the browser stops sending it.
 */
const adminResponseHeaders: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = withWritableHeaders(await next());
  response.headers.set("Cache-Control", "private, no-store");
  if (response.status === 401 && sessionTokenOf(request, context)) {
    response.headers.append("Set-Cookie", clearSessionCookie(context, TEAM_SESSIONS));
  }
  return response;
};

/** Response.redirect() and fetched responses have read-only headers; a copy's are writable. */
function withWritableHeaders(response: Response): Response {
  try {
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  } catch {
    return new Response(response.body, response);
  }
}

/** Sets adminContext for the routes below, or refuses the request before any of their code runs. */
const adminSession: MiddlewareFunction<Response> = async ({ request, context }) => {
  const { user, session } = await requireAdminSession(request, context);
  context.set(adminContext, user);
  context.set(adminSessionContext, session);
};

/** Guards every loader, action and resource route below the admin layout. */
export const adminMiddleware: MiddlewareFunction<Response>[] = [adminResponseHeaders, adminSession];

/** Set-Cookie for a new session token. */
export function sessionCookie(token: string, context: Readonly<RouterContextProvider>): string {
  return setSessionCookie(token, context, TEAM_SESSIONS);
}

/** Ends the request's session on the server and returns the Set-Cookie that removes it from the browser. */
export async function endSession(request: Request, context: Readonly<RouterContextProvider>): Promise<string> {
  const token = sessionTokenOf(request, context);
  if (token) await revokeSession(context.get(servicesContext).db, token);
  return clearSessionCookie(context, TEAM_SESSIONS);
}
