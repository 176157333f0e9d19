import type { User } from "~/domain/content";
import type { Executor } from "../db/schema.server";
import { serverClock } from "../clock.server";
import { SESSION_COOKIE } from "./cookies.server";
import { isSecretToken } from "./secret-token.server";
import {
  type SessionKind,
  newSession,
  revokeSessionToken,
  sessionIdOf,
  sweepExpiredSessions,
  touchSession,
} from "./session-core.server";

/** A session unused this long ends (an admin who walked away from a shared computer). */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** No session lives longer than this, however busy: the admin signs in again weekly. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** Use extends the idle expiry at most this often, so reading pages does not write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/** The team's sessions (session-core.server.ts); the riders' are apart, in their own table and cookie. */
export const TEAM_SESSIONS: SessionKind = {
  table: "sessions",
  cookie: SESSION_COOKIE,
  idleMs: SESSION_IDLE_MS,
  absoluteMs: SESSION_ABSOLUTE_MS,
  touchIntervalMs: SESSION_TOUCH_INTERVAL_MS,
};

export type Session = {
  id: string;
  userId: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  idleExpiresAt: string;
  /** When its admin last proved it is them (fresh-proof.server.ts); null: not since it began. */
  provenAt: string | null;
};

export type ResolvedSession = { session: Session; user: User };

/**
 * Starts a session for the user and returns the token for the cookie (shown nowhere else),
 * sweeping everyone's expired sessions (session-core.server.ts).
 * `proven`: the session starts with a sign-in, which is a proof that its admin is there.
 */
export async function createSession(
  db: Executor,
  userId: string,
  now = serverClock(),
  { proven = false } = {},
): Promise<{ token: string; session: Session }> {
  const { token, times } = await newSession(db, TEAM_SESSIONS, now);
  const provenAt = proven ? now.toISOString() : null;
  await db
    .insertInto("sessions")
    .values({ ...times, user_id: userId, proven_at: provenAt })
    .execute();
  const session: Session = {
    id: times.id,
    userId,
    createdAt: times.created_at,
    lastSeenAt: times.last_seen_at,
    expiresAt: times.expires_at,
    idleExpiresAt: times.idle_expires_at,
    provenAt,
  };
  return { token, session };
}

/**
 * Signing in always issues a new token and ends the session the browser held before, so a
 * token planted in the browser before sign-in (session fixation) is worth nothing after it.
 * The sign-in itself proves the admin is there: the new session starts proven.
 */
export async function rotateSession(
  db: Executor,
  previousToken: string | undefined,
  userId: string,
  now = serverClock(),
): Promise<{ token: string; session: Session }> {
  if (previousToken) await revokeSession(db, previousToken);
  return createSession(db, userId, now, { proven: true });
}

/** The live session of a token and its user, sliding the idle expiry forward; null when unknown or expired. */
export async function resolveSession(
  db: Executor,
  token: string,
  now = serverClock(),
): Promise<ResolvedSession | null> {
  if (!isSecretToken(token)) return null;
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id",
      "sessions.user_id",
      "sessions.created_at as session_created_at",
      "sessions.last_seen_at",
      "sessions.expires_at",
      "sessions.idle_expires_at",
      "sessions.proven_at",
      "users.email",
      "users.display_name",
      "users.role",
      "users.created_at as user_created_at",
      "users.last_login_at",
    ])
    .where("sessions.id", "=", sessionIdOf(token))
    .where("sessions.idle_expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row) return null;

  const session: Session = {
    id: row.id,
    userId: row.user_id,
    createdAt: row.session_created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    idleExpiresAt: row.idle_expires_at,
    provenAt: row.proven_at,
  };
  const touched = await touchSession(db, TEAM_SESSIONS, row, now);
  if (touched) {
    session.lastSeenAt = touched.last_seen_at;
    session.idleExpiresAt = touched.idle_expires_at;
  }
  const user: User = {
    id: row.user_id,
    email: row.email,
    displayName: row.display_name,
    role: row.role,
    createdAt: row.user_created_at,
    lastLoginAt: row.last_login_at,
  };
  return { session, user };
}

/** Records that the session's admin proved it is them, now. */
export async function recordProof(db: Executor, sessionId: string, now = serverClock()): Promise<void> {
  await db.updateTable("sessions").set({ proven_at: now.toISOString() }).where("id", "=", sessionId).execute();
}

/** Ends the session of a token (sign-out); unknown tokens are ignored. */
export async function revokeSession(db: Executor, token: string): Promise<void> {
  await revokeSessionToken(db, TEAM_SESSIONS, token);
}

/** Removes every session past its idle or absolute expiry; returns how many. */
export async function deleteExpiredSessions(db: Executor, now = serverClock()): Promise<number> {
  return sweepExpiredSessions(db, TEAM_SESSIONS, now);
}
