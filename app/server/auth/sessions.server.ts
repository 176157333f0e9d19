import type { User } from "~/domain/content";
import type { Executor } from "../db/schema.server";
import { serverClock } from "../clock.server";
import { hashOfToken, newSecretToken } from "./secret-token.server";

/** A session unused this long ends (an admin who walked away from a shared computer). */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** No session lives longer than this, however busy: the admin signs in again weekly. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** Use extends the idle expiry at most this often, so reading pages does not write on every request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

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

/** The stored id of a token: its SHA-256, so the table alone never lets anyone in. */
export function sessionIdOf(token: string): string {
  return hashOfToken(token);
}

function idleExpiry(now: Date, expiresAt: string): string {
  const idle = new Date(now.getTime() + SESSION_IDLE_MS).toISOString();
  return idle < expiresAt ? idle : expiresAt;
}

/**
 * Starts a session for the user and returns the token for the cookie (shown nowhere else). Old
 * sessions of everyone are swept at the same moment: sign-ins are rare, so this costs nothing.
 * `proven`: the session starts with a sign-in, which is a proof that its admin is there.
 */
export async function createSession(
  db: Executor,
  userId: string,
  now = serverClock(),
  { proven = false } = {},
): Promise<{ token: string; session: Session }> {
  await deleteExpiredSessions(db, now);
  const { token, hash } = newSecretToken();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString();
  const session: Session = {
    id: hash,
    userId,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt,
    idleExpiresAt: idleExpiry(now, expiresAt),
    provenAt: proven ? now.toISOString() : null,
  };
  await db
    .insertInto("sessions")
    .values({
      id: session.id,
      user_id: userId,
      created_at: session.createdAt,
      last_seen_at: session.lastSeenAt,
      expires_at: session.expiresAt,
      idle_expires_at: session.idleExpiresAt,
      proven_at: session.provenAt,
    })
    .execute();
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
  if (!token) return null;
  const nowIso = now.toISOString();
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
    .where("sessions.idle_expires_at", ">", nowIso)
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
  if (now.getTime() - Date.parse(row.last_seen_at) >= SESSION_TOUCH_INTERVAL_MS) {
    session.lastSeenAt = nowIso;
    session.idleExpiresAt = idleExpiry(now, row.expires_at);
    await db
      .updateTable("sessions")
      .set({ last_seen_at: session.lastSeenAt, idle_expires_at: session.idleExpiresAt })
      .where("id", "=", row.id)
      .execute();
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
  if (!token) return;
  await db.deleteFrom("sessions").where("id", "=", sessionIdOf(token)).execute();
}

/** Removes every session past its idle or absolute expiry; returns how many. */
export async function deleteExpiredSessions(db: Executor, now = serverClock()): Promise<number> {
  const result = await db.deleteFrom("sessions").where("idle_expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
