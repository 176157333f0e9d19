import type { RouterContextProvider } from "react-router";
import { servicesContext } from "~/context";
import {
  RIDER_SESSION_ABSOLUTE_DAYS,
  RIDER_SESSION_IDLE_DAYS,
  type Rider,
} from "~/features/rider-accounts/domain/account";
import { isSecretToken } from "~/server/auth/secret-token.server";
import {
  clearSessionCookie,
  newSession,
  revokeSessionToken,
  type SessionKind,
  sessionIdOf,
  sessionTokenFrom,
  setSessionCookie,
  touchSession,
} from "~/server/auth/session-core.server";
import type { Executor } from "~/server/db/schema.server";
import { serverClock } from "~/server/clock.server";

// A rider's session (docs/features/rider-accounts.md, decision 037): its own cookie and table, apart
// from the team's. A rider session opens the rider's own pages (/me, the registration form's
// saved details) and nothing of the portal, and the portal's never opens a rider's. What both
// kinds do alike is the session core's (server/auth/session-core.server.ts, decision 051); a
// rider's use of a session is also the account's (riders.last_seen_at).

/** The cookie, Path=/ so the registration form sees it; `__Host-` over https (cookies.server.ts). */
export const RIDER_SESSION_COOKIE = "roadbook_rider";

const DAY_MS = 24 * 60 * 60 * 1000;
export const RIDER_SESSION_IDLE_MS = RIDER_SESSION_IDLE_DAYS * DAY_MS;
export const RIDER_SESSION_ABSOLUTE_MS = RIDER_SESSION_ABSOLUTE_DAYS * DAY_MS;

/** The riders' sessions: use slides the idle expiry (and the account's last use) forward at most hourly. */
const RIDER_SESSIONS: SessionKind = {
  table: "rider_sessions",
  cookie: RIDER_SESSION_COOKIE,
  idleMs: RIDER_SESSION_IDLE_MS,
  absoluteMs: RIDER_SESSION_ABSOLUTE_MS,
  touchIntervalMs: 60 * 60 * 1000,
};

/**
 * Starts a session for the rider and returns the cookie's token (shown nowhere else), ending the
 * one the browser held before (session fixation) and sweeping everyone's expired sessions.
 * Counts as a use of the account (riders.last_seen_at).
 */
export async function startRiderSession(
  db: Executor,
  riderId: string,
  previousToken: string | undefined,
  now = serverClock(),
): Promise<string> {
  if (previousToken) await revokeRiderSession(db, previousToken);
  const { token, times } = await newSession(db, RIDER_SESSIONS, now);
  await db
    .insertInto("rider_sessions")
    .values({ ...times, rider_id: riderId })
    .execute();
  await db.updateTable("riders").set({ last_seen_at: times.last_seen_at }).where("id", "=", riderId).execute();
  return token;
}

/** A rider as a session knows them: with when that session began (a sign-in). */
export type SignedInRider = Rider & { signedInAt: string };

/** The rider of a live session token, sliding its idle expiry forward; null when unknown or expired. */
export async function resolveRiderSession(
  db: Executor,
  token: string,
  now = serverClock(),
): Promise<SignedInRider | null> {
  if (!isSecretToken(token)) return null;
  const row = await db
    .selectFrom("rider_sessions")
    .innerJoin("riders", "riders.id", "rider_sessions.rider_id")
    .select([
      "rider_sessions.id",
      "rider_sessions.created_at",
      "rider_sessions.last_seen_at",
      "rider_sessions.expires_at",
      "riders.id as rider_id",
      "riders.email",
    ])
    .where("rider_sessions.id", "=", sessionIdOf(token))
    .where("rider_sessions.idle_expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row) return null;
  const touched = await touchSession(db, RIDER_SESSIONS, row, now);
  if (touched)
    await db.updateTable("riders").set({ last_seen_at: touched.last_seen_at }).where("id", "=", row.rider_id).execute();
  return { id: row.rider_id, email: row.email, signedInAt: row.created_at };
}

/** Ends the session of a token (sign-out); unknown tokens are ignored. */
export async function revokeRiderSession(db: Executor, token: string): Promise<void> {
  await revokeSessionToken(db, RIDER_SESSIONS, token);
}

/** Ends every session of the rider (signed out on every phone and computer, a lost one too). */
export async function revokeAllRiderSessions(db: Executor, riderId: string): Promise<void> {
  await db.deleteFrom("rider_sessions").where("rider_id", "=", riderId).execute();
}

// ——— The cookie, for routes ———

type Context = Readonly<RouterContextProvider>;

/** The rider session token the browser sent, if any. */
export function riderTokenOf(request: Request, context: Context): string | undefined {
  return sessionTokenFrom(request, context, RIDER_SESSIONS);
}

/**
 * The signed-in rider of the request, or null. A page that shows anything of theirs answers
 * `Cache-Control: private, no-store` (RIDER_PAGE_HEADERS): it is never a cached public page.
 */
export async function signedInRider(request: Request, context: Context): Promise<SignedInRider | null> {
  const token = riderTokenOf(request, context);
  return token ? resolveRiderSession(context.get(servicesContext).db, token) : null;
}

/** A rider's own page or answer: never kept by the render cache, a CDN or the browser's back cache. */
export const RIDER_PAGE_HEADERS = { "Cache-Control": "private, no-store" } as const;

/** Set-Cookie for a new rider session token. */
export function riderSessionCookie(token: string, context: Context): string {
  return setSessionCookie(token, context, RIDER_SESSIONS);
}

/**
 * Ends the request's rider session (with `everywhere`, every session of its rider) and returns
 * the Set-Cookie that removes it from the browser.
 */
export async function endRiderSession(
  request: Request,
  context: Context,
  { everywhere = false } = {},
): Promise<string> {
  const { db } = context.get(servicesContext);
  const token = riderTokenOf(request, context);
  const rider = everywhere && token ? await resolveRiderSession(db, token) : null;
  if (rider) await revokeAllRiderSessions(db, rider.id);
  else if (token) await revokeRiderSession(db, token);
  return clearSessionCookie(context, RIDER_SESSIONS);
}
