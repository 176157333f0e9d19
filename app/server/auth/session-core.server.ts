import type { RouterContextProvider } from "react-router";
import { requestContext } from "~/context";
import type { Executor } from "../db/schema.server";
import { clearCookie, cookieName, readCookie, serializeCookie } from "./cookies.server";
import { hashOfToken, isSecretToken, newSecretToken } from "./secret-token.server";

// What the team's sessions (sessions.server.ts) and the riders' (rider-accounts/server/
// sessions.server.ts) do alike (decision 051): a secret token in an HttpOnly cookie, its hash
// the row's id, an idle expiry that use slides forward (written at most once per touch interval)
// and never past the absolute one, expired rows swept at each sign-in, sign-out deleting the row.
// Each kind has its own table and cookie, so neither session ever opens the other's pages; who
// owns a session (a member of the team, a rider) and what else its row holds stay with the kind.

/** A session table: the columns of SessionTimes, the owner's id, and what the kind adds. */
export type SessionTable = "sessions" | "rider_sessions";

/** What tells one kind of session from another. */
export type SessionKind = {
  table: SessionTable;
  /** The cookie's name before cookieName's `__Host-` prefix (over https). */
  cookie: string;
  /** Unused this long, a session ends. */
  idleMs: number;
  /** However busy, no session lives longer than this. */
  absoluteMs: number;
  /** Use slides the idle expiry forward at most this often, so reading pages does not write on every request. */
  touchIntervalMs: number;
};

/** The columns every session row has besides its owner's. */
export type SessionTimes = {
  id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  idle_expires_at: string;
};

/** The stored id of a token: its SHA-256, so the table alone lets no one in. */
export function sessionIdOf(token: string): string {
  return hashOfToken(token);
}

function idleExpiry(kind: SessionKind, now: Date, expiresAt: string): string {
  const idle = new Date(now.getTime() + kind.idleMs).toISOString();
  return idle < expiresAt ? idle : expiresAt;
}

/**
 * A new session's token (for the cookie, shown nowhere else) and its row's id and times, which
 * the kind inserts with its owner. Old sessions of everyone are swept at the same moment:
 * sign-ins are rare, so this costs nothing.
 */
export async function newSession(
  db: Executor,
  kind: SessionKind,
  now: Date,
): Promise<{ token: string; times: SessionTimes }> {
  await sweepExpiredSessions(db, kind, now);
  const { token, hash } = newSecretToken();
  const expiresAt = new Date(now.getTime() + kind.absoluteMs).toISOString();
  const times = {
    id: hash,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: expiresAt,
    idle_expires_at: idleExpiry(kind, now, expiresAt),
  };
  return { token, times };
}

/**
 * Slides a live session's idle expiry forward when its last use is a touch interval old or
 * more: the new last use and idle expiry, or null when it was too recent to write.
 */
export async function touchSession(
  db: Executor,
  kind: SessionKind,
  row: Pick<SessionTimes, "id" | "last_seen_at" | "expires_at">,
  now: Date,
): Promise<Pick<SessionTimes, "last_seen_at" | "idle_expires_at"> | null> {
  if (now.getTime() - Date.parse(row.last_seen_at) < kind.touchIntervalMs) return null;
  const touched = { last_seen_at: now.toISOString(), idle_expires_at: idleExpiry(kind, now, row.expires_at) };
  await db.updateTable(kind.table).set(touched).where("id", "=", row.id).execute();
  return touched;
}

/** Ends the session of a token (sign-out); unknown tokens are ignored. */
export async function revokeSessionToken(db: Executor, kind: SessionKind, token: string): Promise<void> {
  if (isSecretToken(token)) await db.deleteFrom(kind.table).where("id", "=", sessionIdOf(token)).execute();
}

/** Removes every session past its idle or absolute expiry; returns how many. */
export async function sweepExpiredSessions(db: Executor, kind: SessionKind, now: Date): Promise<number> {
  const result = await db.deleteFrom(kind.table).where("idle_expires_at", "<=", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ——— The cookie, for routes ———

type Context = Readonly<RouterContextProvider>;

function sessionCookieName(kind: SessionKind, context: Context): string {
  return cookieName(kind.cookie, context.get(requestContext).secure);
}

/** The session token the browser sent, if any. */
export function sessionTokenFrom(request: Request, context: Context, kind: SessionKind): string | undefined {
  return readCookie(request, sessionCookieName(kind, context));
}

/** Set-Cookie for a new session token, kept by the browser as long as the session can live. */
export function setSessionCookie(token: string, context: Context, kind: SessionKind): string {
  const { secure } = context.get(requestContext);
  return serializeCookie(sessionCookieName(kind, context), token, { secure, maxAgeSeconds: kind.absoluteMs / 1000 });
}

/** A Set-Cookie that removes the session's cookie from the browser. */
export function clearSessionCookie(context: Context, kind: SessionKind): string {
  return clearCookie(sessionCookieName(kind, context), context.get(requestContext).secure);
}
