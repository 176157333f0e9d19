import { randomUUID } from "node:crypto";
import { isIPv6 } from "node:net";
import type { Executor } from "../db/schema.server";
import { normaliseEmail } from "../team/users.server";
import { serverClock } from "../clock.server";

/**
 * Sign-in throttling (decision 026). One account may fail five times; after that it waits
 * before each further try, a minute after the sixth failure, doubling with each failure up to
 * fifteen minutes, and the slate is clean once fifteen minutes pass without a failure. So one
 * account makes at most about nine failures in the window. A network (many people behind one
 * carrier-grade NAT address, common on Indian mobile networks) is stopped only at 100 failures
 * in 15 minutes, which only spraying across many accounts reaches: one account's failures never
 * lock out another account.
 */
export const LOGIN_THROTTLE = {
  maxFailures: 5,
  firstDelayMs: 60 * 1000,
  maxDelayMs: 15 * 60 * 1000,
  networkFailures: 100,
  windowMs: 15 * 60 * 1000,
} as const;

/** How long an account waits after its latest failure, given its failures in the window. */
export function accountDelayMs(failures: number): number {
  if (failures < LOGIN_THROTTLE.maxFailures) return 0;
  const doubled = LOGIN_THROTTLE.firstDelayMs * 2 ** (failures - LOGIN_THROTTLE.maxFailures);
  return Math.min(doubled, LOGIN_THROTTLE.maxDelayMs);
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/**
 * The network a client address belongs to. An IPv6 user is handed a whole /64, so counting
 * single IPv6 addresses would give one attacker billions of fresh counters.
 */
export function clientNetwork(ip: string): string {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The counter of an account's sign-in failures. */
export function accountKey(email: string): string {
  return `account:${normaliseEmail(email)}`;
}

/** The counters a password sign-in for `email` from `clientIp` is checked against. */
export function throttleKeys(email: string, clientIp: string): { account: string; network: string } {
  return { account: accountKey(email), network: `ip:${clientNetwork(clientIp)}` };
}

export type Attempt = { ids: string[] };

export type AttemptVerdict = { allowed: true; attempt: Attempt } | { allowed: false; retryAfterSeconds: number };

/**
 * Records an attempt under every key BEFORE the password is checked, then counts. Counting
 * rows that are already written means a burst of parallel guesses sees itself: at most
 * `limit` of them get through, however many arrive at once. A refused attempt is not kept, so
 * waiting out the window always works. Every counter shares the one window (LOGIN_THROTTLE's),
 * so clearing out old rows of any key is right for all of them. (Registrations count this way;
 * sign-ins use beginSignInAttempt's delays.)
 */
export async function beginAttempt(db: Executor, keys: string[], now: Date, limit: number): Promise<AttemptVerdict> {
  const cutoff = new Date(now.getTime() - LOGIN_THROTTLE.windowMs).toISOString();
  await db.deleteFrom("login_attempts").where("attempted_at", "<=", cutoff).execute();

  const rows = keys.map((key) => ({ id: randomUUID(), key, attempted_at: now.toISOString() }));
  await db.insertInto("login_attempts").values(rows).execute();
  const attempt = { ids: rows.map((row) => row.id) };

  const recent = await db
    .selectFrom("login_attempts")
    .select(["key", "attempted_at"])
    .where("key", "in", keys)
    .where("attempted_at", ">", cutoff)
    .orderBy("attempted_at")
    .execute();

  let waitMs = 0;
  for (const key of keys) {
    // Earlier attempts of this key, oldest first (this attempt's own row left out).
    const earlier = recent.filter((row) => row.key === key).map((row) => row.attempted_at);
    earlier.pop();
    if (earlier.length < limit) continue;
    // Allowed again once enough of them leave the window to fall below the limit.
    const freeing = earlier[earlier.length - limit] ?? now.toISOString();
    waitMs = Math.max(waitMs, Date.parse(freeing) + LOGIN_THROTTLE.windowMs - now.getTime());
  }
  if (waitMs <= 0) return { allowed: true, attempt };

  await forgetAttempt(db, attempt);
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * A password (or second-factor) attempt, recorded under the account's and the network's keys
 * before anything is checked, as beginAttempt does, and refused while the account is in its
 * delay or the network past its spraying limit.
 */
export async function beginSignInAttempt(
  db: Executor,
  keys: { account: string; network: string },
  now = serverClock(),
): Promise<AttemptVerdict> {
  const cutoff = new Date(now.getTime() - LOGIN_THROTTLE.windowMs).toISOString();
  await db.deleteFrom("login_attempts").where("attempted_at", "<=", cutoff).execute();

  const rows = [keys.account, keys.network].map((key) => ({ id: randomUUID(), key, attempted_at: now.toISOString() }));
  await db.insertInto("login_attempts").values(rows).execute();
  const attempt: Attempt = { ids: rows.map((row) => row.id) };

  const recent = await db
    .selectFrom("login_attempts")
    .select(["id", "key", "attempted_at"])
    .where("key", "in", [keys.account, keys.network])
    .where("attempted_at", ">", cutoff)
    .orderBy("attempted_at")
    .execute();
  const earlier = (key: string) =>
    recent.filter((row) => row.key === key && !attempt.ids.includes(row.id)).map((row) => row.attempted_at);

  let waitMs = 0;
  const accountFailures = earlier(keys.account);
  const latest = accountFailures.at(-1);
  if (latest) waitMs = Date.parse(latest) + accountDelayMs(accountFailures.length) - now.getTime();
  const networkFailures = earlier(keys.network);
  if (networkFailures.length >= LOGIN_THROTTLE.networkFailures) {
    const freeing = networkFailures[networkFailures.length - LOGIN_THROTTLE.networkFailures] ?? now.toISOString();
    waitMs = Math.max(waitMs, Date.parse(freeing) + LOGIN_THROTTLE.windowMs - now.getTime());
  }
  if (waitMs <= 0) return { allowed: true, attempt };

  await forgetAttempt(db, attempt);
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** Takes back an attempt that must not count as a failure (it succeeded, or was refused). */
export async function forgetAttempt(db: Executor, attempt: Attempt): Promise<void> {
  if (attempt.ids.length > 0) await db.deleteFrom("login_attempts").where("id", "in", attempt.ids).execute();
}

/** Resets a counter: a successful sign-in clears the account's earlier failures. */
export async function clearAttempts(db: Executor, key: string): Promise<void> {
  await db.deleteFrom("login_attempts").where("key", "=", key).execute();
}
