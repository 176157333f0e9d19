import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Rider } from "~/features/rider-accounts/domain/account";
import { passkeyName } from "~/features/rider-accounts/domain/passkeys";
import { RIDER_ACTOR } from "~/domain/audit";
import { runCommand } from "~/server/commands/command.server";
import { tellRiderSignInChanged } from "./account-mail.server";
import type { Database, Executor } from "~/server/db/schema.server";
import {
  deletePasskeyOf,
  listPasskeysOf,
  newPasskeyOptions,
  type PasskeyKind,
  passkeyChallenge,
  passkeyIdsOf,
  type PasskeySignInOptions,
  type PasskeySummary,
  type RelyingParty,
  spendPasskeyAnswer,
  verifiedNewPasskey,
  verifiedPasskeyAnswer,
} from "~/server/auth/passkey-core.server";
import { consumeChallenge, createChallenge, findChallenge } from "~/server/auth/two-factor.server";
import { startRiderSession } from "./sessions.server";
import { serverClock } from "~/server/clock.server";

// A rider's passkeys (docs/features/rider-accounts.md, decision 037): added while signed in, then used
// alone to sign in (a discoverable credential, no address typed: the authenticator must verify
// its user). The team's own passkeys (auth/passkeys.server.ts) are another table: neither ever
// answers the other's challenge; the ceremonies are the same (auth/passkey-core.server.ts).
// auth_challenges.user_id names a member of the team, so a rider's challenge keeps the rider's
// id in its data.

const RIDER_PASSKEYS: PasskeyKind = { table: "rider_passkeys", owner: "rider_id", throttle: "rider-passkey" };

export async function listRiderPasskeys(db: Executor, riderId: string): Promise<PasskeySummary[]> {
  return listPasskeysOf(db, RIDER_PASSKEYS, riderId);
}

/** Options for the browser to create a passkey of the rider, and the token naming their challenge. */
export async function riderPasskeyRegistrationOptions(
  db: Executor,
  rider: Rider,
  rp: RelyingParty,
  now = serverClock(),
) {
  const existing = await passkeyIdsOf(db, RIDER_PASSKEYS, rider.id);
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
      const removed = await deletePasskeyOf(command.trx, RIDER_PASSKEYS, rider.id, id);
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

/** Options for signing in with any rider's passkey, counted per network and bounded in number as the team's are. */
export async function riderPasskeySignInOptions(
  db: Executor,
  rp: RelyingParty,
  clientIp: string,
  now = serverClock(),
): Promise<PasskeySignInOptions> {
  return passkeyChallenge(db, RIDER_PASSKEYS, rp, "rider-passkey-sign-in", { ownerId: null, clientIp, now });
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
  const purpose = "rider-passkey-sign-in";
  const answer = await verifiedPasskeyAnswer(db, RIDER_PASSKEYS, { token, response, rp, purpose, now });
  if (!answer) return null;
  return db.transaction().execute(async (trx) => {
    if (!(await spendPasskeyAnswer(trx, RIDER_PASSKEYS, answer, now))) return null;
    return startRiderSession(trx, answer.ownerId, previousSession, now);
  });
}
