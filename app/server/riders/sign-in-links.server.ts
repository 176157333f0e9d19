import { createHash, randomBytes } from "node:crypto";
import { meLinkHref } from "~/domain/links";
import { type Rider, SIGN_IN_LINK_MINUTES } from "~/domain/riders/account";
import { runCommand } from "../commands/command.server";
import type { Database } from "../db/schema.server";
import { beginAttempt, clientNetwork, forgetAttempt } from "../auth/throttle.server";
import { findOrCreateRider } from "./riders.server";
import { startRiderSession } from "./sessions.server";
import { serverClock } from "../clock.server";

// Signing in without a password (docs/features/riders.md, decision 037): a rider asks for a
// link at /me, the outbox mails it, and the link works once, within SIGN_IN_LINK_MINUTES.
// Any address may ask: the account is made when the link is used, so the answer to a request
// is the same whether the address has an account or not.

const LINK_MS = SIGN_IN_LINK_MINUTES * 60 * 1000;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Requests from one network in the throttle's window (15 minutes): many riders share a carrier's address. */
export const SIGN_IN_LINKS_PER_NETWORK = 20;
/** Requests for one address in the window: a rider asking again, not a mailbox flooded. */
export const SIGN_IN_LINKS_PER_ADDRESS = 3;

function hashOf(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function tooManySignInRequests(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-in links asked for. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

export type SignInRequest = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Mails `email` (as accountEmail keys it) a one-time sign-in link, from the outbox; counted
 * per network and per address (its hash: the throttle's table holds no address) whether or not
 * an account has it. One refused by either limit leaves no count behind.
 */
export async function requestSignInLink(
  db: Database,
  email: string,
  { origin, clientIp, now = serverClock() }: { origin: string; clientIp: string; now?: Date },
): Promise<SignInRequest> {
  const network = await beginAttempt(
    db,
    [`rider-link-network:${clientNetwork(clientIp)}`],
    now,
    SIGN_IN_LINKS_PER_NETWORK,
  );
  if (!network.allowed) return { ok: false, retryAfterSeconds: network.retryAfterSeconds };
  const address = await beginAttempt(db, [`rider-link:${hashOf(email)}`], now, SIGN_IN_LINKS_PER_ADDRESS);
  if (!address.allowed) {
    await forgetAttempt(db, network.attempt);
    return { ok: false, retryAfterSeconds: address.retryAfterSeconds };
  }
  const token = randomBytes(32).toString("base64url");
  await runCommand(
    db,
    async (command) => {
      const at = command.now.toISOString();
      await command.trx.deleteFrom("rider_sign_in_links").where("expires_at", "<=", at).execute();
      await command.trx
        .insertInto("rider_sign_in_links")
        .values({
          id: hashOf(token),
          email,
          created_at: at,
          expires_at: new Date(command.now.getTime() + LINK_MS).toISOString(),
          used_at: null,
        })
        .execute();
      await command.enqueue({ kind: "rider-sign-in-mail", email, link: origin + meLinkHref(token) });
    },
    now,
  );
  return { ok: true };
}

/**
 * Spends a sign-in link and starts a session of its account (made now on a first sign-in),
 * ending the browser's previous one: the rider and the session's token, or null when the link
 * is unknown, spent or expired. Only one of two requests racing with one link gets a session.
 */
export async function signInWithLink(
  db: Database,
  token: string,
  previousSession: string | undefined,
  now = serverClock(),
): Promise<{ rider: Rider; sessionToken: string } | null> {
  if (!TOKEN.test(token)) return null;
  return runCommand(
    db,
    async ({ trx }) => {
      const at = now.toISOString();
      const spent = await trx
        .updateTable("rider_sign_in_links")
        .set({ used_at: at })
        .where("id", "=", hashOf(token))
        .where("used_at", "is", null)
        .where("expires_at", ">", at)
        .returning("email")
        .executeTakeFirst();
      if (!spent) return null;
      const rider = await findOrCreateRider(trx, spent.email, now);
      const sessionToken = await startRiderSession(trx, rider.id, previousSession, now);
      return { rider, sessionToken };
    },
    now,
  );
}
