import { randomBytes } from "node:crypto";
import { SESSION_COOKIE } from "~/server/auth/cookies.server";
import { createSession } from "~/server/auth/sessions.server";
import { createChallenge, enableTotp, newTotpSecret, totpFor } from "~/server/auth/two-factor.server";
import type { Database } from "~/server/db/schema.server";

import { createInvite, setRideCaptains } from "~/server/team/team.server";
import { createOrPromoteAdmin } from "~/server/team/users.server";
import { siteRide } from "../../tests/support/fixtures.ts";
import { riderForm, registerRider } from "../../tests/support/registration-fixtures.ts";

// What `npm run fuzz` prepares besides the demo content (decision 018's note): the team (an owner,
// an editor whose session is old, one who signs in, ride captains, an invitee who became an owner),
// rides taking registrations with confirmed and waitlisted riders, a draft to preview, and the
// secrets and addresses that must never reach the server's log.

/** Riders' and invitees' addresses: personal data, looked for in the log. Local parts starting `reject-` are refused by the fuzzer's mail server. */
export const PEOPLE_DOMAIN = "people.fuzz.test";

export type Admin = { id: string; email: string; cookie: string };

export type World = {
  db: Database;
  seed: number;
  /** An owner with an authenticator app (so requiring two factors never locks the fuzzer out). */
  owner: Admin;
  /** An editor with an authenticator app whose session began 90 minutes ago: no fresh proof of anything. */
  account: Admin & { totpSecret: string };
  /** An editor who signs in with a password and an authenticator app (the guessing curve). */
  signIn: { email: string; password: string; totpSecret: string };
  /** Ride captains: the first leads the participants ride and has a session. */
  captains: Admin[];
  rides: {
    /** Fifty seats with a waitlist: registrations and booking pages. */
    open: string;
    /** One seat, taken, with a waitlist. */
    full: string;
    /** Led by both captains: the captains form. */
    led: string;
    /** Led by the first captain, with riders checked in: Set participants. */
    participants: string;
    /** GPX uploads. */
    route: string;
    /** Publication dates. */
    schedule: string;
    /** A draft, opened only through its preview link. */
    draft: string;
    /** A draft whose publication is set to a draft again: a content change that changes no page. */
    trigger: string;
  };
  /** Private-link tokens of confirmed riders on the open ride, and of the waitlisted rider on the full one. */
  bookings: { confirmed: string[]; waitlisted: string };
  /** Registration ids, for the Riders actions. */
  registrationIds: string[];
  invites: {
    /** For an address that became an owner after it was invited as a captain. */
    promoted: { token: string; email: string; userId: string };
    /** A plain pending invitation. */
    pending: string;
  };
  /** Every secret the fuzzer knows (tokens, codes, signatures), by what it is: none may appear in the log. */
  secrets: Map<string, string>;
  /** Every personal address the fuzzer used: none may appear in the log. */
  emails: Set<string>;
};

async function admin(db: Database, email: string, password: string, role: string, sessionAge = 0) {
  const { user } = await createOrPromoteAdmin(db, { email, password });
  await db.updateTable("users").set({ role }).where("id", "=", user.id).execute();
  // As a sign-in makes it: proven then, so a fresh session reaches the sign-in methods' changes.
  const { token } = await createSession(db, user.id, new Date(Date.now() - sessionAge), { proven: true });
  return { id: user.id, email: user.email, cookie: `${SESSION_COOKIE}=${token}`, token };
}

async function withTotp(db: Database, user: { id: string; email: string }): Promise<string> {
  const secret = newTotpSecret();
  await createChallenge(db, "totp-enrol", user.id, { secret });
  if (!(await enableTotp(db, user, totpFor(secret, user.email).generate()))) throw new Error("could not enrol TOTP");
  return secret;
}

async function fuzzRide(db: Database, title: string, seats: number, { draft = false } = {}) {
  return (await siteRide(db, { seats, waitlist: true }, { title }, { draft })).id;
}

export async function prepareWorld(db: Database, seed: number): Promise<World> {
  const secrets = new Map<string, string>();
  const emails = new Set<string>();
  const person = (local: string) => {
    const email = `${local}-${seed}@${PEOPLE_DOMAIN}`;
    emails.add(email);
    return email;
  };
  const password = `fuzz-${seed}-password`;
  const owner = await admin(db, "fuzz@roadbook.test", password, "owner");
  await withTotp(db, owner);
  const account = await admin(db, "account@roadbook.test", password, "editor", 90 * 60 * 1000);
  const accountSecret = await withTotp(db, account);
  const signIn = await admin(db, "sign-in@roadbook.test", password, "editor");
  const signInSecret = await withTotp(db, signIn);
  const captains = [
    await admin(db, "captain-1@roadbook.test", password, "captain"),
    await admin(db, "captain-2@roadbook.test", password, "captain"),
  ];
  for (const user of [owner, account, signIn, ...captains]) secrets.set(user.token, "a session token");
  secrets.set(accountSecret, "an authenticator secret").set(signInSecret, "an authenticator secret");

  const rides = {
    open: await fuzzRide(db, `Fuzz open ride ${seed}`, 50),
    full: await fuzzRide(db, `Fuzz full ride ${seed}`, 1),
    led: await fuzzRide(db, `Fuzz led ride ${seed}`, 10),
    participants: await fuzzRide(db, `Fuzz participants ride ${seed}`, 10),
    route: await fuzzRide(db, `Fuzz route ride ${seed}`, 10),
    schedule: await fuzzRide(db, `Fuzz scheduled ride ${seed}`, 10),
    draft: await fuzzRide(db, `Fuzz draft ride ${seed}`, 10, { draft: true }),
    trigger: await fuzzRide(db, `Fuzz trigger ride ${seed}`, 10, { draft: true }),
  };
  await setRideCaptains(db, rides.led, [captains[0]!.id, captains[1]!.id]);
  await setRideCaptains(db, rides.participants, [captains[0]!.id]);

  const registrationIds: string[] = [];
  const rider = async (rideId: string, n: number) => {
    const { registration, token } = await registerRider(db, rideId, riderForm(n, { email: person(`rider-${n}`) }));
    secrets.set(token, "a booking link's token");
    registrationIds.push(registration.id);
    return { registration, token };
  };
  const confirmed: string[] = [];
  for (let n = 1; n <= 6; n += 1) confirmed.push((await rider(rides.open, n)).token);
  await rider(rides.full, 7);
  const waitlisted = (await rider(rides.full, 8)).token;
  for (let n = 9; n <= 11; n += 1) await rider(rides.participants, n);
  await db
    .updateTable("registrations")
    .set({ checked_in_at: new Date().toISOString() })
    .where("ride_id", "=", rides.participants)
    .execute();

  // Invited as a captain, then made an owner by `npm run admin:create`: the link is still pending.
  const promotedEmail = person("sam");
  const promoted = await createInvite(db, { email: promotedEmail, role: "captain" }, owner.id);
  const sam = await createOrPromoteAdmin(db, { email: promotedEmail, password: `${password}-sam` });
  const pending = await createInvite(db, { email: person("newcomer"), role: "captain" }, owner.id);
  secrets.set(promoted.token, "an invitation's token").set(pending.token, "an invitation's token");

  return {
    db,
    seed,
    owner,
    account: { ...account, totpSecret: accountSecret },
    signIn: { email: signIn.email, password, totpSecret: signInSecret },
    captains,
    rides,
    bookings: { confirmed, waitlisted },
    registrationIds,
    invites: {
      promoted: { token: promoted.token, email: promotedEmail, userId: sam.user.id },
      pending: pending.token,
    },
    secrets,
    emails,
  };
}

/** A session secret for the server, so the fuzzer can write preview links as the server signs them. */
export function sessionSecret(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * What the fuzzed writes may change, as one text: the content (by version and time of change),
 * the riders, the team and its sign-in methods. Throttle counters, sessions, challenges and the
 * audit trail are left out: a refused request may rightly count there.
 */
export async function storedState(db: Database): Promise<string> {
  const tables = [
    db
      .selectFrom("rides")
      .select(["id", "version", "status", "published_at", "participants", "updated_at"])
      .orderBy("id")
      .execute(),
    db.selectFrom("registrations").selectAll().orderBy("id").execute(),
    db.selectFrom("ride_captains").selectAll().orderBy("ride_id").orderBy("user_id").execute(),
    db.selectFrom("users").selectAll().orderBy("id").execute(),
    db.selectFrom("invites").selectAll().orderBy("id").execute(),
    db.selectFrom("passkeys").select("id").orderBy("id").execute(),
    db.selectFrom("recovery_codes").selectAll().orderBy("id").execute(),
    db.selectFrom("ride_routes").select(["ride_id", "updated_at"]).orderBy("ride_id").execute(),
    db.selectFrom("team_settings").selectAll().execute(),
    db.selectFrom("hero_slides").select(["id", "updated_at", "published_at"]).orderBy("id").execute(),
    db.selectFrom("documents").select(["collection", "id", "updated_at"]).orderBy("collection").orderBy("id").execute(),
  ];
  return JSON.stringify(await Promise.all(tables));
}
