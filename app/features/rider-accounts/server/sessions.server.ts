import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/context";
import {
  RIDER_SESSION_ABSOLUTE_DAYS,
  RIDER_SESSION_IDLE_DAYS,
  type Rider,
} from "~/features/rider-accounts/domain/account";
import { clearCookie, cookieName, readCookie, serializeCookie } from "../../../server/auth/cookies.server";
import { hashOfToken, isSecretToken, newSecretToken } from "../../../server/auth/secret-token.server";
import type { Executor } from "../../../server/db/schema.server";
import { serverClock } from "../../../server/clock.server";

// A rider's session (docs/features/riders.md, decision 037): its own cookie and table, apart
// from the team's. A rider session opens the rider's own pages (/me, the registration form's
// saved details) and nothing of the portal, and the portal's never opens a rider's.

/** The cookie, Path=/ so the registration form sees it; `__Host-` over https (cookies.server.ts). */
export const RIDER_SESSION_COOKIE = "roadbook_rider";

const DAY_MS = 24 * 60 * 60 * 1000;
export const RIDER_SESSION_IDLE_MS = RIDER_SESSION_IDLE_DAYS * DAY_MS;
export const RIDER_SESSION_ABSOLUTE_MS = RIDER_SESSION_ABSOLUTE_DAYS * DAY_MS;
/** Use slides the idle expiry (and the account's last use) forward at most this often. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

function idleExpiry(now: Date, expiresAt: string): string {
  const idle = new Date(now.getTime() + RIDER_SESSION_IDLE_MS).toISOString();
  return idle < expiresAt ? idle : expiresAt;
}

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
  await db.deleteFrom("rider_sessions").where("idle_expires_at", "<=", now.toISOString()).execute();
  const { token, hash } = newSecretToken();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + RIDER_SESSION_ABSOLUTE_MS).toISOString();
  await db
    .insertInto("rider_sessions")
    .values({
      id: hash,
      rider_id: riderId,
      created_at: at,
      last_seen_at: at,
      expires_at: expiresAt,
      idle_expires_at: idleExpiry(now, expiresAt),
    })
    .execute();
  await db.updateTable("riders").set({ last_seen_at: at }).where("id", "=", riderId).execute();
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
  const at = now.toISOString();
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
    .where("rider_sessions.id", "=", hashOfToken(token))
    .where("rider_sessions.idle_expires_at", ">", at)
    .executeTakeFirst();
  if (!row) return null;
  if (now.getTime() - Date.parse(row.last_seen_at) >= TOUCH_INTERVAL_MS) {
    await db
      .updateTable("rider_sessions")
      .set({ last_seen_at: at, idle_expires_at: idleExpiry(now, row.expires_at) })
      .where("id", "=", row.id)
      .execute();
    await db.updateTable("riders").set({ last_seen_at: at }).where("id", "=", row.rider_id).execute();
  }
  return { id: row.rider_id, email: row.email, signedInAt: row.created_at };
}

/** Ends the session of a token (sign-out); unknown tokens are ignored. */
export async function revokeRiderSession(db: Executor, token: string): Promise<void> {
  if (isSecretToken(token)) await db.deleteFrom("rider_sessions").where("id", "=", hashOfToken(token)).execute();
}

/** Ends every session of the rider (signed out on every phone and computer, a lost one too). */
export async function revokeAllRiderSessions(db: Executor, riderId: string): Promise<void> {
  await db.deleteFrom("rider_sessions").where("rider_id", "=", riderId).execute();
}

// ——— The cookie, for routes ———

type Context = Readonly<RouterContextProvider>;

function riderCookieName(context: Context): string {
  return cookieName(RIDER_SESSION_COOKIE, context.get(requestContext).secure);
}

/** The rider session token the browser sent, if any. */
export function riderTokenOf(request: Request, context: Context): string | undefined {
  return readCookie(request, riderCookieName(context));
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
  const { secure } = context.get(requestContext);
  return serializeCookie(riderCookieName(context), token, { secure, maxAgeSeconds: RIDER_SESSION_ABSOLUTE_MS / 1000 });
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
  return clearCookie(riderCookieName(context), context.get(requestContext).secure);
}
