import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
} from "@simplewebauthn/server";
import type { Rider } from "~/features/rider-accounts/domain/account";
import { passkeyName } from "~/features/rider-accounts/domain/passkeys";
import { RIDER_ACTOR } from "~/domain/audit";
import { runCommand } from "../../../server/commands/command.server";
import { tellRiderSignInChanged } from "./account-mail.server";
import type { Database, Executor } from "../../../server/db/schema.server";
import {
  keepNewestChallenges,
  newPasskeyOptions,
  PASSKEY_OPTIONS_PER_NETWORK,
  type PasskeySummary,
  passkeySummaryOf,
  type RelyingParty,
  verifiedAssertion,
  verifiedNewPasskey,
} from "../../../server/auth/passkeys.server";
import { beginAttempt, clientNetwork } from "../../../server/auth/throttle.server";
import { consumeChallenge, createChallenge, findChallenge } from "../../../server/auth/two-factor.server";
import { startRiderSession } from "./sessions.server";
import { serverClock } from "../../../server/clock.server";

// A rider's passkeys (docs/features/rider-accounts.md, decision 037): added while signed in, then used
// alone to sign in (a discoverable credential, no address typed: the authenticator must verify
// its user). The team's own passkeys (auth/passkeys.server.ts) are another table: neither ever
// answers the other's challenge. auth_challenges.user_id names a member of the team, so a
// rider's challenge keeps the rider's id in its data.

export async function listRiderPasskeys(db: Executor, riderId: string): Promise<PasskeySummary[]> {
  const rows = await db
    .selectFrom("rider_passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("rider_id", "=", riderId)
    .orderBy("created_at")
    .execute();
  return rows.map(passkeySummaryOf);
}

/** Options for the browser to create a passkey of the rider, and the token naming their challenge. */
export async function riderPasskeyRegistrationOptions(
  db: Executor,
  rider: Rider,
  rp: RelyingParty,
  now = serverClock(),
) {
  const existing = await db
    .selectFrom("rider_passkeys")
    .select(["id", "transports"])
    .where("rider_id", "=", rider.id)
    .execute();
  const user = { id: rider.id, email: rider.email, displayName: "" };
  const options = await newPasskeyOptions(rp, user, existing, "required");
  const data = { challenge: options.challenge, riderId: rider.id };
  const token = await createChallenge(db, "rider-passkey-register", null, data, now);
  return { options, token };
}

/**
 * Verifies and keeps the rider's new passkey, named after the browser that added it (its
 * `userAgent`, passkeyName); false when it does not answer their challenge.
 */
export async function finishRiderPasskeyRegistration(
  db: Database,
  rider: Rider,
  token: string,
  response: RegistrationResponseJSON,
  { rp, userAgent, now = serverClock() }: { rp: RelyingParty; userAgent: string | null; now?: Date },
): Promise<boolean> {
  const pending = await findChallenge(db, token, "rider-passkey-register", now);
  const challenge = pending?.data.challenge;
  if (!pending || typeof challenge !== "string" || pending.data.riderId !== rider.id) return false;
  const passkey = await verifiedNewPasskey(response, challenge, rp, true);
  if (!passkey) return false;
  return runCommand(
    db,
    async (command) => {
      const { trx } = command;
      if (!(await consumeChallenge(trx, pending.id))) return false;
      const taken = await trx.selectFrom("rider_passkeys").select("name").where("rider_id", "=", rider.id).execute();
      await trx
        .insertInto("rider_passkeys")
        .values({
          ...passkey,
          rider_id: rider.id,
          name: passkeyName(
            userAgent,
            taken.map((row) => row.name),
          ),
          created_at: now.toISOString(),
          last_used_at: null,
        })
        .execute();
      await command.audit(RIDER_ACTOR, {
        action: "created",
        collection: "riders",
        recordId: rider.id,
        summary: "A rider added a passkey",
      });
      await tellRiderSignInChanged(command, rider.email, "passkey-added", rp.origin);
      return true;
    },
    now,
  );
}

/**
 * Removes one of the rider's passkeys, in the trail and told by mail (its link to /me on
 * `origin`); false when it was not theirs (or gone).
 */
export function removeRiderPasskey(
  db: Database,
  rider: Rider,
  id: string,
  { origin, now = serverClock() }: { origin: string; now?: Date },
): Promise<boolean> {
  return runCommand(
    db,
    async (command) => {
      const result = await command.trx
        .deleteFrom("rider_passkeys")
        .where("rider_id", "=", rider.id)
        .where("id", "=", id)
        .executeTakeFirst();
      const removed = Number(result.numDeletedRows) > 0;
      if (removed) {
        await command.audit(RIDER_ACTOR, {
          action: "deleted",
          collection: "riders",
          recordId: rider.id,
          summary: "A rider removed a passkey",
        });
        await tellRiderSignInChanged(command, rider.email, "passkey-removed", origin);
      }
      return removed;
    },
    now,
  );
}

export type RiderPasskeyOptions =
  | { ok: true; options: Awaited<ReturnType<typeof generateAuthenticationOptions>>; token: string }
  | { ok: false; retryAfterSeconds: number };

/** Options for signing in with any rider's passkey, counted per network and bounded in number as the team's are. */
export async function riderPasskeySignInOptions(
  db: Executor,
  rp: RelyingParty,
  clientIp: string,
  now = serverClock(),
): Promise<RiderPasskeyOptions> {
  const key = `rider-passkey:${clientNetwork(clientIp)}`;
  const verdict = await beginAttempt(db, [key], now, PASSKEY_OPTIONS_PER_NETWORK);
  if (!verdict.allowed) return { ok: false, retryAfterSeconds: verdict.retryAfterSeconds };
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "required" });
  const token = await createChallenge(db, "rider-passkey-sign-in", null, { challenge: options.challenge }, now);
  await keepNewestChallenges(db, "rider-passkey-sign-in");
  return { ok: true, options, token };
}

/**
 * Signs in the rider whose passkey answered our unspent challenge, with a verified user: the
 * session's token (the browser's previous one ended), or null.
 */
export async function signInWithRiderPasskey(
  db: Database,
  token: string,
  response: AuthenticationResponseJSON,
  rp: RelyingParty,
  previousSession: string | undefined,
  now = serverClock(),
): Promise<string | null> {
  const pending = await findChallenge(db, token, "rider-passkey-sign-in", now);
  const challenge = pending?.data.challenge;
  if (!pending || typeof challenge !== "string" || typeof response?.id !== "string") return null;
  const passkey = await db.selectFrom("rider_passkeys").selectAll().where("id", "=", response.id).executeTakeFirst();
  if (!passkey) return null;
  const counter = await verifiedAssertion(response, challenge, passkey, rp, true);
  if (counter === null) return null;
  return db.transaction().execute(async (trx) => {
    if (!(await consumeChallenge(trx, pending.id))) return null;
    await trx
      .updateTable("rider_passkeys")
      .set({ counter, last_used_at: now.toISOString() })
      .where("id", "=", passkey.id)
      .execute();
    return startRiderSession(trx, passkey.rider_id, previousSession, now);
  });
}
