import pino from "pino";
import { hashOfToken, newSecretToken } from "~/server/auth/secret-token.server";
import { openToken, setBookingLinkSecret } from "~/server/registrations/link-seal.server";
import { SIGN_IN_BROWSER_COOKIE } from "~/features/rider-accounts/server/sign-in-browser.server";
import { registerRider, riderForm } from "../support/registration-fixtures.ts";
import { formBody } from "./bodies.ts";
import type { Answer } from "./client.ts";
import type { Surfaces } from "./surfaces.ts";
import { PEOPLE_DOMAIN, storedState } from "./world.ts";

// A rider's private link, hardened (issue 34, decision 042), probed the same way on every run:
// a sign-in link pressed in a browser that did not ask for it signs no one in without a
// confirmation; the calendar feed's token opens no booking page and cancels nothing, and the
// booking's own key serves no feed; Find my booking leaves the rider's link working until the
// fresh one is first opened, which then takes the booking out of an account of another address.

/** A 303 that set a rider's session: someone was signed in. */
const signedIn = (answer: Answer | null) =>
  answer?.status === 303 && /(^|, )(__Host-)?roadbook_rider=/.test(answer.headers.get("set-cookie") ?? "");

async function signInLinks(s: Surfaces): Promise<void> {
  const { client, world } = s;
  const state = () => storedState(world.db);
  const cookieName = SIGN_IN_BROWSER_COOKIE;

  // Asking for a link gives the asking browser its nonce.
  const asked = client.request("POST", "/me", {
    ...formBody(
      [
        ["intent", "request-link"],
        ["email", `link-asker-${world.seed}@${PEOPLE_DOMAIN}`],
      ],
      "form",
    ),
    ip: "10.215.0.1",
  });
  const askedAnswer = await client.send(asked);
  const nonceCookie = new RegExp(`(^|, )${cookieName}=[\\w-]{43};`).test(askedAnswer?.headers.get("set-cookie") ?? "");
  client.verdict(nonceCookie ? null : "asking for a sign-in link set no cookie for the asking browser", asked);

  // A link asked for by a browser whose nonce is known, for the rider's own address.
  const nonce = newSecretToken().token;
  const { token, hash } = newSecretToken();
  const at = new Date();
  await world.db
    .insertInto("rider_sign_in_links")
    .values({
      id: hash,
      email: world.riders.own.email,
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + 15 * 60 * 1000).toISOString(),
      used_at: null,
      browser_hash: hashOfToken(nonce),
    })
    .execute();
  world.secrets.set(token, "a sign-in link's token").set(nonce, "a sign-in browser's nonce");
  const path = `/me/link/${token}`;

  // Another browser (none, or another's nonce; a confirmation the page did not send): no session, nothing spent.
  for (const [cookie, fields] of [
    [undefined, []],
    [`${cookieName}=${newSecretToken().token}`, []],
    [undefined, [["confirm", "no"]]],
  ] as [string | undefined, [string, string][]][]) {
    const request = client.request("POST", path, { cookie, ...formBody(fields, "form"), expect: { state } });
    const answer = await client.send(request);
    client.verdict(
      signedIn(answer)
        ? "a sign-in link pressed in a browser that did not ask for it signed in without a confirmation"
        : answer?.status === 409 && answer.body.includes("This link was asked for in another browser")
          ? null
          : `a sign-in link pressed in another browser answered ${answer?.status} without naming the account`,
      request,
    );
  }
  const opened = client.request("GET", path);
  const page = await client.send(opened);
  const masked = `${world.riders.own.email.slice(0, 1)}•••@`;
  client.verdict(
    page?.body.includes(masked) && !page.body.includes(world.riders.own.email)
      ? null
      : "a sign-in link opened in another browser does not name its account, masked",
    opened,
  );
  // The browser that asked: at once.
  const own = client.request("POST", path, { cookie: `${cookieName}=${nonce}`, ...formBody([], "form") });
  const ownAnswer = await client.send(own);
  client.verdict(
    signedIn(ownAnswer) ? null : `a sign-in link pressed in the browser that asked answered ${ownAnswer?.status}`,
    own,
  );
}

/** A booking of the probes' own on the open ride, in an account of another address (a link that leaked). */
async function leakedBooking(s: Surfaces) {
  const { world } = s;
  const email = `link-owner-${world.seed}@${PEOPLE_DOMAIN}`;
  world.emails.add(email);
  const form = riderForm(6100, { email });
  const { registration, token } = await registerRider(world.db, world.rides.open, form);
  await world.db
    .updateTable("registrations")
    .set({ rider_id: world.riders.other.id })
    .where("id", "=", registration.id)
    .execute();
  world.secrets.set(token, "a booking link's token");
  return { registration, token, mobile: String(form.mobile), email };
}

async function calendarFeed(s: Surfaces, token: string): Promise<void> {
  const { client, world } = s;
  const state = () => storedState(world.db);
  const page = await client.send(client.request("GET", `/booking/${token}`));
  const feed = /\/booking\/([\w-]{43})\/calendar\.ics/.exec(page?.body ?? "")?.[1];
  const shown = client.request("GET", `/booking/${token}`);
  client.verdict(feed && feed !== token ? null : "a booking page's calendar feed is not a token of its own", shown);
  if (!feed || feed === token) return;
  world.secrets.set(feed, "a calendar feed's token");

  const checks: [string, ReturnType<typeof client.request>, (answer: Answer | null) => string | null][] = [
    [
      "feed",
      client.request("GET", `/booking/${feed}/calendar.ics`),
      (answer) =>
        answer?.status === 200 && (answer.headers.get("content-type") ?? "").startsWith("text/calendar")
          ? null
          : `a calendar feed answered ${answer?.status}`,
    ],
    [
      "key",
      client.request("GET", `/booking/${token}/calendar.ics`),
      (answer) =>
        answer?.status === 404 ? null : `a booking's private link serves its calendar feed (${answer?.status})`,
    ],
    [
      "page",
      client.request("GET", `/booking/${feed}`),
      (answer) =>
        answer?.status === 404 ? null : `a calendar feed's token opens the booking page (${answer?.status})`,
    ],
  ];
  for (const intent of ["cancel", "erase", "contact"]) {
    checks.push([
      intent,
      client.request("POST", `/booking/${feed}`, {
        ...formBody(
          [
            ["intent", intent],
            ["confirm", "yes"],
          ],
          "form",
        ),
        ip: "10.215.0.2",
        expect: { state },
      }),
      (answer) =>
        answer?.status === 404 ? null : `a calendar feed's token posted "${intent}" answered ${answer?.status}`,
    ]);
  }
  for (const [, request, check] of checks) client.verdict(check(await client.send(request)), request);
}

async function findMyBooking(s: Surfaces, booking: Awaited<ReturnType<typeof leakedBooking>>, secret: string) {
  const { client, world } = s;
  const { registration, token, mobile, email } = booking;
  const ask = () =>
    client.request("POST", "/booking", {
      ...formBody(
        [
          ["mobile", mobile],
          ["email", email],
        ],
        "form",
      ),
      ip: "10.215.0.3",
    });
  // Asked for by whoever knows the rider's number and email, more than once.
  for (let i = 0; i < 2; i++) await client.send(ask());
  const old = client.request("GET", `/booking/${token}`);
  const before = await client.send(old);
  client.verdict(
    before?.status === 200
      ? null
      : `a booking's link stopped working when Find my booking was asked (${before?.status})`,
    old,
  );

  // The fresh link, as the mail carries it (read back from its sealed copy with the server's secret).
  setBookingLinkSecret(secret, pino({ level: "silent" }));
  const row = await world.db
    .selectFrom("registrations")
    .select("pending_token_sealed")
    .where("id", "=", registration.id)
    .executeTakeFirst();
  const fresh = openToken(row?.pending_token_sealed ?? null);
  const used = client.request("GET", `/booking/${fresh ?? "none"}`);
  if (!fresh) return client.verdict("Find my booking left no fresh link waiting", used);
  world.secrets.set(fresh, "a booking link's token");
  const opened = await client.send(used);
  client.verdict(opened?.status === 200 ? null : `Find my booking's fresh link answered ${opened?.status}`, used);
  const after = client.request("GET", `/booking/${token}`);
  const oldAnswer = await client.send(after);
  client.verdict(
    oldAnswer?.status === 404
      ? null
      : `a booking's old link still works after the fresh one was used (${oldAnswer?.status})`,
    after,
  );
  const account = await world.db
    .selectFrom("registrations")
    .select("rider_id")
    .where("id", "=", registration.id)
    .executeTakeFirst();
  client.verdict(
    account?.rider_id === null ? null : "a renewed booking link left the booking in an account of another address",
    used,
  );
}

export async function riderLinkProbes(s: Surfaces, { secret }: { secret: string }): Promise<void> {
  await signInLinks(s);
  const booking = await leakedBooking(s);
  await calendarFeed(s, booking.token);
  await findMyBooking(s, booking, secret);
}
