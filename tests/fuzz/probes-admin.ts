import { SECOND_FACTOR_COOKIE } from "~/server/auth/cookies.server";
import { totpFor } from "~/server/auth/two-factor.server";
import { setRideCaptains } from "~/server/team/team.server";
import { rideInput } from "../support/fixtures.ts";
import { type Encoding, formBody } from "./bodies.ts";
import type { FuzzRequest } from "./client.ts";
import type { Surfaces } from "./surfaces.ts";
import { storedState } from "./world.ts";

// The admin side of the probes (docs/security.md#hardening), asked the same way on every run:
// Riders and captains with bodies they cannot read, Set participants by a captain, a last booking
// date after the ride, invitation links, second factors changed without a second factor, the
// guessing curve of authenticator codes, and passkey sign-in options without end.

const UNREADABLE: Encoding[] = ["json", "text", "broken-multipart"];

/** Item 7: every body the Riders and captains actions cannot read is refused and changes nothing. */
async function unreadableBodies(s: Surfaces): Promise<void> {
  const { client, world } = s;
  const state = () => storedState(world.db);
  const [first, second] = world.captains.map((captain) => captain.id) as [string, string];
  const captainsPath = `/admin/rides/${world.rides.led}/captains`;
  const bodies: { type: string; body: string }[] = [
    ...UNREADABLE.map((encoding) => formBody([["captain", first]], encoding)),
    { type: "application/json", body: JSON.stringify([first]) },
  ];
  for (const body of bodies) {
    // Each time from both captains, so that what a body removes shows.
    await setRideCaptains(world.db, world.rides.led, [first, second]);
    await client.send(
      client.request("POST", captainsPath, {
        cookie: world.owner.cookie,
        ...body,
        expect: { state, unreadable: true },
      }),
    );
  }
  await setRideCaptains(world.db, world.rides.led, [first, second]);
  const many = Array.from({ length: 40_000 }, (_, i) => ["captain", `captain-${i}`] as [string, string]);
  await client.send(
    client.request("POST", captainsPath, { cookie: world.owner.cookie, ...formBody(many, "form"), expect: { state } }),
  );
  const valid = client.request("POST", captainsPath, {
    cookie: world.owner.cookie,
    ...formBody([["captain", first]], "form"),
  });
  const answer = await client.send(valid);
  const chosen = await world.db
    .selectFrom("ride_captains")
    .select("user_id")
    .where("ride_id", "=", world.rides.led)
    .execute();
  const saved = answer?.status === 200 && chosen.length === 1 && chosen[0]!.user_id === first;
  client.verdict(saved ? null : "the captains form did not save a valid choice", valid);
  await setRideCaptains(world.db, world.rides.led, [first, second]);

  const riders = `/admin/rides/${world.rides.participants}/riders`;
  const id = world.registrationIds.at(-1)!;
  for (const body of [
    formBody(
      [
        ["intent", "payment"],
        ["id", id],
        ["payment", "paid"],
      ],
      "form",
    ),
    formBody(
      [
        ["intent", "payment"],
        ["id", id],
        ["payment", "paid"],
      ],
      "text",
    ),
    formBody(
      [
        ["intent", "payment"],
        ["id", id],
        ["payment", "paid"],
      ],
      "broken-multipart",
    ),
    { type: "application/json", body: JSON.stringify({ intent: "payment", id, payment: "paid" }).slice(0, -2) },
  ]) {
    await client.send(
      client.request("POST", riders, { cookie: world.owner.cookie, ...body, expect: { state, unreadable: true } }),
    );
  }
  const ids = Array.from({ length: 40_000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
  for (const intent of ["payment", "cancel", "check-in", "confirm"]) {
    const body = JSON.stringify({ intent, id: ids, payment: "paid", checkedIn: true });
    await client.send(
      client.request("POST", riders, { cookie: world.owner.cookie, type: "application/json", body, expect: { state } }),
    );
  }
}

/** Item 17: Set participants by a captain is the captain's revision, not the site's. */
async function participantsByCaptain(s: Surfaces): Promise<void> {
  const { client, world } = s;
  const captain = world.captains[0]!;
  const request = client.request("POST", `/admin/rides/${world.rides.participants}/check-in`, {
    cookie: captain.cookie,
    type: "application/json",
    body: JSON.stringify({ intent: "participants" }),
  });
  const answer = await client.send(request);
  if (answer?.status !== 200) {
    client.verdict(`a captain's Set participants got ${answer?.status ?? "no answer"}`, request);
    return;
  }
  const revision = await world.db
    .selectFrom("revisions")
    .select(["actor_id", "actor_email"])
    .where("collection", "=", "rides")
    .where("record_id", "=", world.rides.participants)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  const theirs = revision?.actor_id === captain.id;
  client.verdict(
    theirs ? null : `Set participants by a captain wrote a revision by ${revision?.actor_email || "no one"}`,
    request,
  );
}

/** Item 11: a last booking date after the ride's end is refused. */
async function lateLastBookingDate(s: Surfaces): Promise<void> {
  const { client, world } = s;
  const title = `Fuzz late booking ${world.seed}`;
  const ride = rideInput({ title, startDate: "2027-06-10", endDate: "2027-06-18", lastBookingDate: "2028-06-15" });
  const request = client.request("POST", "/admin/rides", {
    cookie: world.owner.cookie,
    type: "application/json",
    body: JSON.stringify({ intent: "create", ride }),
  });
  await client.send(request);
  const stored = await world.db.selectFrom("rides").select("data").execute();
  const saved = stored.some((row) => (JSON.parse(row.data) as { title?: string }).title === title);
  client.verdict(saved ? "a ride was saved with its last booking date after its end" : null, request);
}

/** Items 3 and 4: opening and accepting invitation links (their tokens are looked for in the log at the end). */
async function invitations(s: Surfaces): Promise<void> {
  const { client, world } = s;
  await client.send(client.request("GET", `/admin/invite/${world.invites.pending}`));
  await client.send(client.request("GET", `/x/../booking/${world.bookings.confirmed[5]}`));
  const join = formBody(
    [
      ["method", "password"],
      ["password", `joined-${world.seed}-password`],
      ["displayName", "New"],
    ],
    "form",
  );
  const accepted = client.request("POST", `/admin/invite/${world.invites.pending}`, join);
  const answer = await client.send(accepted);
  client.verdict(
    answer && answer.status < 400 ? null : `accepting a pending invitation got ${answer?.status ?? "no answer"}`,
    accepted,
  );

  const { userId, token } = world.invites.promoted;
  const user = () =>
    world.db.selectFrom("users").select(["role", "password_hash"]).where("id", "=", userId).executeTakeFirstOrThrow();
  const before = await user();
  const old = client.request("POST", `/admin/invite/${token}`, join);
  await client.send(old);
  const after = await user();
  const demoted = after.role !== before.role ? `an old invitation link made an ${before.role} ${after.role}` : null;
  client.verdict(demoted, old);
  client.verdict(
    after.password_hash !== before.password_hash ? "an old invitation link reset an admin's password" : null,
    old,
  );
}

/** Item 5: a session without a fresh proof cannot turn the authenticator app off or enrol another over it. */
async function secondFactorChanges(s: Surfaces): Promise<void> {
  const { client, world } = s;
  const { account } = world;
  const secret = async () =>
    (await world.db.selectFrom("users").select("totp_secret").where("id", "=", account.id).executeTakeFirstOrThrow())
      .totp_secret;
  const restore = () =>
    world.db
      .updateTable("users")
      .set({ totp_secret: account.totpSecret, totp_enabled_at: new Date().toISOString() })
      .where("id", "=", account.id)
      .execute();
  const post = (fields: [string, string][]) =>
    client.request("POST", "/admin/account", { cookie: account.cookie, ...formBody(fields, "form") });

  const disable = post([["intent", "totp-disable"]]);
  await client.send(disable);
  const off = (await secret()) !== account.totpSecret;
  client.verdict(off ? "a session without a fresh proof turned the authenticator app off" : null, disable);
  if (off) await restore();

  const start = post([["intent", "totp-start"]]);
  const started = await client.send(start);
  const offered = /secret=([A-Z2-7]+)/.exec(decodeURIComponent(started?.body ?? ""))?.[1];
  if (offered) {
    const confirm = post([
      ["intent", "totp-confirm"],
      ["code", totpFor(offered, account.email).generate()],
    ]);
    await client.send(confirm);
    const replaced = (await secret()) !== account.totpSecret;
    client.verdict(
      replaced ? "a session without a fresh proof enrolled an authenticator app over the existing one" : null,
      confirm,
    );
    if (replaced) await restore();
  } else {
    client.verdict(null, start);
  }
}

/** Wrong authenticator codes for the sign-in editor, after its password, until the throttle says wait; how many were judged. */
async function guessCodes(s: Surfaces, entry: number): Promise<{ judged: number; request: FuzzRequest }> {
  const { client, world } = s;
  const { email, password, totpSecret } = world.signIn;
  const totp = totpFor(totpSecret, email);
  const near = new Set([-1, 0, 1].map((step) => totp.generate({ timestamp: Date.now() + step * 30_000 })));
  const wrong = ["000000", "999999", "123456"].find((code) => !near.has(code))!;
  const ip = `10.220.${entry}.1`;
  const request = client.request("POST", "/admin/login", {
    ip,
    ...formBody(
      [
        ["email", email],
        ["password", password],
      ],
      "form",
    ),
  });
  const answer = await client.send(request);
  const step = new RegExp(`${SECOND_FACTOR_COOKIE}=([^;,\\s]+)`).exec(answer?.headers.get("set-cookie") ?? "")?.[1];
  let judged = 0;
  if (!step) return { judged, request };
  for (let guess = 0; guess < 8; guess += 1) {
    const code = client.request("POST", "/admin/login", {
      ip,
      cookie: `${SECOND_FACTOR_COOKIE}=${step}`,
      ...formBody(
        [
          ["intent", "totp"],
          ["code", wrong],
        ],
        "form",
      ),
    });
    if ((await client.send(code))?.status !== 401) break;
    judged += 1;
  }
  return { judged, request };
}

/**
 * Item 2: however often the password is entered again, an account gets about nine wrong codes
 * in 15 minutes. Entering it again right after the first five wrong codes must buy no more: with
 * the defect, the second entry cleared the failures and five more codes were judged at once.
 */
export async function codeGuessingCurve(s: Surfaces): Promise<() => Promise<void>> {
  const first = await guessCodes(s, 1);
  return async () => {
    const second = await guessCodes(s, 2);
    const judged = first.judged + second.judged;
    const kind =
      judged > 9
        ? `${judged} wrong authenticator codes were judged at once across two password entries (about nine per 15 minutes are allowed)`
        : null;
    s.client.verdict(kind, second.request);
  };
}

/** Item 17: passkey sign-in options are throttled, or store nothing per request. */
async function passkeyOptions(s: Surfaces): Promise<void> {
  const { client, world } = s;
  const challenges = async () =>
    (await world.db.selectFrom("auth_challenges").select("id").where("purpose", "=", "passkey-sign-in").execute())
      .length;
  const before = await challenges();
  const count = 150;
  let answered = 0;
  let request: FuzzRequest | undefined;
  for (let i = 0; i < count; i += 1) {
    request = client.request("POST", "/admin/auth/passkey", {
      ip: "10.230.0.1",
      type: "application/json",
      body: '{"step":"options"}',
    });
    if ((await client.send(request))?.status === 200) answered += 1;
  }
  const stored = (await challenges()) - before;
  const unbounded = answered === count && stored >= count;
  client.verdict(
    unbounded
      ? `passkey sign-in options: ${count} requests from one address, ${stored} challenges stored, none refused`
      : null,
    request!,
  );
}

/** Item 12: a booking page's writes are throttled per link and per network. */
async function bookingWrites(s: Surfaces): Promise<void> {
  const { client, world } = s;
  const token = world.bookings.confirmed[4]!;
  const count = 100;
  let saved = 0;
  let request: FuzzRequest | undefined;
  for (let i = 0; i < count; i += 1) {
    const utr = String(100_000_000_000 + i);
    request = client.request("POST", `/booking/${token}`, {
      ip: "10.231.0.1",
      ...formBody(
        [
          ["intent", "utr"],
          ["utr", utr],
        ],
        "form",
      ),
    });
    if ((await client.send(request))?.status === 303) saved += 1;
  }
  client.verdict(saved === count ? `a booking page saved ${count} UTRs in a row from one address` : null, request!);
}

export async function adminProbes(s: Surfaces): Promise<void> {
  await unreadableBodies(s);
  await participantsByCaptain(s);
  await lateLastBookingDate(s);
  await invitations(s);
  await secondFactorChanges(s);
  await passkeyOptions(s);
  await bookingWrites(s);
}
