import { createHash } from "node:crypto";
import { meLinkHref } from "~/domain/links";
import { maskedEmail, type Rider, SIGN_IN_LINK_MINUTES } from "~/features/rider-accounts/domain/account";
import { runCommand } from "~/server/commands/command.server";
import type { Database } from "~/server/db/schema.server";
import { hashOfToken, isSecretToken, newSecretToken } from "~/server/auth/secret-token.server";
import { beginAttempt, clientNetwork, forgetAttempt } from "~/server/auth/throttle.server";
import { findOrCreateRider } from "./riders.server";
import { startRiderSession } from "./sessions.server";
import { serverClock } from "~/server/clock.server";

// Signing in without a password (docs/features/rider-accounts.md, decision 037): a rider asks for a
// link at /me, the outbox mails it, and the link works once, within SIGN_IN_LINK_MINUTES.
// Any address may ask: the account is made when the link is used, so the answer to a request
// is the same whether the address has an account or not.
// A link completes at once only in the browser that asked for it (decision 042): that browser
// keeps a nonce in a cookie (sign-in-browser.server.ts) whose hash the link stores. Opened
// anywhere else, the page names the account and signs in only on an explicit confirmation:
// someone who asks a link for their own address cannot get a rider's browser into their account
// by one press of "Sign in".

const LINK_MS = SIGN_IN_LINK_MINUTES * 60 * 1000;

/** Requests from one network in the throttle's window (15 minutes): many riders share a carrier's address. */
export const SIGN_IN_LINKS_PER_NETWORK = 20;
/** Requests for one address in the window: a rider asking again, not a mailbox flooded. */
export const SIGN_IN_LINKS_PER_ADDRESS = 3;

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
  {
    origin,
    clientIp,
    browserNonce,
    now = serverClock(),
  }: { origin: string; clientIp: string; browserNonce: string; now?: Date },
): Promise<SignInRequest> {
  const network = await beginAttempt(
    db,
    [`rider-link-network:${clientNetwork(clientIp)}`],
    now,
    SIGN_IN_LINKS_PER_NETWORK,
  );
  if (!network.allowed) return { ok: false, retryAfterSeconds: network.retryAfterSeconds };
  const address = await beginAttempt(
    db,
    [`rider-link:${createHash("sha256").update(email).digest("hex")}`],
    now,
    SIGN_IN_LINKS_PER_ADDRESS,
  );
  if (!address.allowed) {
    await forgetAttempt(db, network.attempt);
    return { ok: false, retryAfterSeconds: address.retryAfterSeconds };
  }
  const { token, hash } = newSecretToken();
  await runCommand(
    db,
    async (command) => {
      const at = command.now.toISOString();
      await command.trx.deleteFrom("rider_sign_in_links").where("expires_at", "<=", at).execute();
      await command.trx
        .insertInto("rider_sign_in_links")
        .values({
          id: hash,
          email,
          created_at: at,
          expires_at: new Date(command.now.getTime() + LINK_MS).toISOString(),
          used_at: null,
          browser_hash: hashOfToken(browserNonce),
        })
        .execute();
      await command.enqueue({ kind: "rider-sign-in-mail", email, link: origin + meLinkHref(token) });
    },
    now,
  );
  return { ok: true };
}

/** A live link as its page shows it: the account it signs in to, masked, and whether this browser asked for it. */
export type SignInLinkView = { account: string; thisBrowser: boolean };

/** What a live link is (nothing spent: mail scanners fetch links), or null when unknown, spent or expired. */
export async function viewSignInLink(
  db: Database,
  token: string,
  browserNonce: string | undefined,
  now = serverClock(),
): Promise<SignInLinkView | null> {
  if (!isSecretToken(token)) return null;
  const link = await db
    .selectFrom("rider_sign_in_links")
    .select(["email", "browser_hash"])
    .where("id", "=", hashOfToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!link) return null;
  return { account: maskedEmail(link.email), thisBrowser: askedHere(link.browser_hash, browserNonce) };
}

function askedHere(browserHash: string | null, browserNonce: string | undefined): boolean {
  return browserHash !== null && browserNonce !== undefined && browserHash === hashOfToken(browserNonce);
}

export type SignInWithLink =
  | { ok: true; rider: Rider; sessionToken: string }
  /** Unknown, spent or expired. */
  | { ok: false; refused: "spent" }
  /** Asked for in another browser and not confirmed here: nothing spent; the account, masked. */
  | { ok: false; refused: "another-browser"; account: string };

/**
 * Spends a sign-in link and starts a session of its account (made now on a first sign-in),
 * ending the browser's previous one, when the browser holds the nonce of the request or the
 * rider confirmed the account the page named. Only one of two requests racing with one link
 * gets a session.
 */
export async function signInWithLink(
  db: Database,
  token: string,
  {
    previousSession,
    browserNonce,
    confirmed = false,
  }: { previousSession: string | undefined; browserNonce: string | undefined; confirmed?: boolean },
  now = serverClock(),
): Promise<SignInWithLink> {
  if (!isSecretToken(token)) return { ok: false, refused: "spent" };
  return runCommand(
    db,
    async ({ trx }): Promise<SignInWithLink> => {
      const at = now.toISOString();
      const live = await trx
        .selectFrom("rider_sign_in_links")
        .select(["email", "browser_hash"])
        .where("id", "=", hashOfToken(token))
        .where("used_at", "is", null)
        .where("expires_at", ">", at)
        .executeTakeFirst();
      if (!live) return { ok: false, refused: "spent" };
      if (!confirmed && !askedHere(live.browser_hash, browserNonce))
        return { ok: false, refused: "another-browser", account: maskedEmail(live.email) };
      const spent = await trx
        .updateTable("rider_sign_in_links")
        .set({ used_at: at })
        .where("id", "=", hashOfToken(token))
        .where("used_at", "is", null)
        .returning("email")
        .executeTakeFirst();
      if (!spent) return { ok: false, refused: "spent" };
      const rider = await findOrCreateRider(trx, spent.email, now);
      const sessionToken = await startRiderSession(trx, rider.id, previousSession, now);
      return { ok: true, rider, sessionToken };
    },
    now,
  );
}
