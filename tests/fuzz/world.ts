import { randomBytes, randomUUID } from "node:crypto";
import { SESSION_COOKIE } from "~/server/auth/cookies.server";
import { newSecretToken } from "~/server/auth/secret-token.server";
import { createSession } from "~/server/auth/sessions.server";
import { createChallenge, enableTotp, newTotpSecret, totpFor } from "~/server/auth/two-factor.server";
import { adjustCredit } from "~/features/credit/server/commands.server";
import type { Database } from "~/server/db/schema.server";
import { register } from "~/server/registrations/register.server";
import { offerTransferByToken } from "~/features/seat-transfer/server/transfer.server";
import { makePassportPublic } from "~/features/rider-accounts/server/passport.server";
import { findOrCreateRider } from "~/features/rider-accounts/server/riders.server";
import { updateSavedDetails } from "~/features/rider-accounts/server/my-details.server";
import { RIDER_SESSION_COOKIE, startRiderSession } from "~/features/rider-accounts/server/sessions.server";

import { createInvite, setRideCaptains } from "~/server/team/team.server";
import { createOrPromoteAdmin } from "~/server/team/users.server";
import { siteRide } from "../support/fixtures.ts";
import { riderForm, registerRider } from "../support/registration-fixtures.ts";

// What `npm run fuzz` prepares besides the demo content (decision 018's note): the team (an owner,
// an editor whose session is old, one who signs in, ride captains, an invitee who became an owner),
// rides taking registrations with confirmed and waitlisted riders, a draft to preview, and the
// secrets and addresses that must never reach the server's log; and riders' accounts
// (docs/features/rider-accounts.md): one signed in with bookings, credit, saved details, a public
// passport and passkeys, another whose things the first must never reach, and a third whose
// sessions the run may end and whose account it may erase.

/** Riders' and invitees' addresses: personal data, looked for in the log. Local parts starting `reject-` are refused by the fuzzer's mail server. */
export const PEOPLE_DOMAIN = "people.fuzz.test";

export type Admin = { id: string; email: string; cookie: string };

export type RiderAccount = { id: string; email: string; cookie: string };

export type Riders = {
  /** Signed in: saved details, credit, a public passport, passkeys, bookings with transfer links. */
  own: RiderAccount & { mobile: string; passkeys: string[]; slug: string };
  /** Signed in too: their passkeys, details and passport are theirs alone. */
  other: RiderAccount & { passkeys: string[] };
  /** Sessions the run may end (sign-out, sign-out everywhere) and an account it may erase. */
  disposable: { email: string; cookies: string[] };
  /** Mailed sign-in links not used yet (/me/link/:token). */
  links: string[];
  /** Private links of the first rider's bookings on the open ride, each offered to a friend. */
  bookings: string[];
  /** Those bookings' transfer links (/transfer/:token). */
  transfers: string[];
  /** The first rider's booking on the participants ride (checked in: their passport counts it). */
  ridden: { rideId: string; registrationId: string };
  /** Pending credit of that booking, for the Riders page's decision. */
  pendingCredit: string[];
};

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
  riders: Riders;
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
  const riders = await riderAccounts(db, { seed, rides, owner, secrets, person });
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
    riders,
    secrets,
    emails,
  };
}

/** A rider's account and `sessions` signed-in browsers of it: the Cookie headers they send. */
async function riderAccount(db: Database, email: string, secrets: Map<string, string>, sessions = 1) {
  const account = await findOrCreateRider(db, email);
  const cookies: string[] = [];
  for (let i = 0; i < sessions; i += 1) {
    const token = await startRiderSession(db, account.id, undefined);
    secrets.set(token, "a rider's session token");
    cookies.push(`${RIDER_SESSION_COOKIE}=${token}`);
  }
  return { id: account.id, email: account.email, cookie: cookies[0]!, cookies };
}

/** Passkeys as a rider's authenticator left them (the fuzzer never signs in with them): their ids. */
async function riderPasskeys(db: Database, riderId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomBytes(16).toString("base64url"));
  for (const [index, id] of ids.entries()) {
    await db
      .insertInto("rider_passkeys")
      .values({
        id,
        rider_id: riderId,
        name: `Fuzz key ${index + 1}`,
        public_key: randomBytes(65).toString("base64url"),
        counter: 0,
        transports: "[]",
        created_at: new Date().toISOString(),
        last_used_at: null,
      })
      .execute();
  }
  return ids;
}

type RidersSetting = {
  seed: number;
  rides: { open: string; participants: string };
  owner: Admin;
  secrets: Map<string, string>;
  person: (local: string) => string;
};

async function riderAccounts(db: Database, { seed, rides, owner, secrets, person }: RidersSetting): Promise<Riders> {
  const own = await riderAccount(db, person("account-own"), secrets);
  const other = await riderAccount(db, person("account-other"), secrets);
  const disposable = await riderAccount(db, person("account-disposable"), secrets, 12);
  // Of this run alone: the demo content's own numbers (the site's WhatsApp) show on every page.
  const mobile = `97${String(seed % 10 ** 8).padStart(8, "0")}`;
  await updateSavedDetails(db, own.id, { ...riderForm(9000, { email: own.email }), mobile });
  await updateSavedDetails(db, other.id, riderForm(9001, { email: other.email }));
  await adjustCredit(db, own.id, { amount: "2500", note: "Fuzz credit" }, { actor: owner });
  const slug = await makePassportPublic(db, own.id);
  await makePassportPublic(db, other.id);

  const book = async (rideId: string, n: number) => {
    const result = await register(db, rideId, riderForm(n, { email: own.email }), {
      clientIp: `10.250.0.${n % 250}`,
      origin: "http://localhost",
      riderId: own.id,
    });
    if (!result.ok) throw new Error(`could not book the rider's seat: ${result.refused}`);
    secrets.set(result.token, "a booking link's token");
    return result;
  };
  const bookings: string[] = [];
  const transfers: string[] = [];
  for (let n = 9010; n < 9013; n += 1) {
    const { token } = await book(rides.open, n);
    const offer = await offerTransferByToken(db, token);
    secrets.set(offer.token, "a transfer link's token");
    bookings.push(token);
    transfers.push(offer.token);
  }
  const ridden = (await book(rides.participants, 9020)).registration;
  const pendingCredit: string[] = [];
  for (const amount of [150_000, 80_000, 1]) {
    const id = randomUUID();
    await db
      .insertInto("credit_entries")
      .values({
        id,
        rider_id: own.id,
        registration_id: ridden.id,
        kind: "cancellation",
        state: "pending",
        amount_paise: amount,
        note: "",
        created_at: new Date().toISOString(),
        decided_at: null,
        decided_by: null,
      })
      .execute();
    pendingCredit.push(id);
  }
  const links: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const { token, hash } = newSecretToken();
    const at = new Date();
    await db
      .insertInto("rider_sign_in_links")
      .values({
        id: hash,
        email: own.email,
        created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + 15 * 60 * 1000).toISOString(),
        used_at: null,
      })
      .execute();
    secrets.set(token, "a sign-in link's token");
    links.push(token);
  }
  return {
    own: { ...own, mobile, passkeys: await riderPasskeys(db, own.id, 2), slug },
    other: { ...other, passkeys: await riderPasskeys(db, other.id, 2) },
    disposable: { email: disposable.email, cookies: disposable.cookies },
    links,
    bookings,
    transfers,
    ridden: { rideId: rides.participants, registrationId: ridden.id },
    pendingCredit,
  };
}

/** A session secret for the server, so the fuzzer can write preview links as the server signs them. */
export function sessionSecret(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * What the fuzzed writes may change, as one text: the content (by version and time of change),
 * the riders, the team and its sign-in methods, riders' accounts (their sessions and links
 * included) and their credit. Throttle counters, the team's sessions, challenges and the audit
 * trail are left out: a refused request may rightly count there.
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
    // Riders' accounts: when each was last used moves with any request of theirs.
    db
      .selectFrom("riders")
      .select(["id", "email", "details", "details_saved_at", "passport_slug", "admin_note"])
      .orderBy("id")
      .execute(),
    db.selectFrom("rider_sessions").select(["id", "rider_id"]).orderBy("id").execute(),
    db.selectFrom("rider_sign_in_links").select(["id", "used_at"]).orderBy("id").execute(),
    db.selectFrom("rider_passkeys").select(["id", "rider_id"]).orderBy("id").execute(),
    db.selectFrom("credit_entries").selectAll().orderBy("id").execute(),
  ];
  return JSON.stringify(await Promise.all(tables));
}
