import fc from "fast-check";
import { SAVED_DETAIL_FIELDS } from "~/features/rider-accounts/domain/saved-details";
import { creditLeftOf } from "~/features/credit/server/ledger.server";
import { hostileText, PAYLOADS } from "../support/hostile-input.ts";
import { riderForm } from "../support/registration-fixtures.ts";
import { type Fields, encodingFor, formBody, formReadable, jsonBody, jsonReadable } from "./bodies.ts";
import type { Answer, FuzzRequest } from "./client.ts";
import {
  address,
  BAD_TOKENS,
  REACT_CHILD,
  refusalWithoutMessage,
  type Surfaces,
  webauthnAnswer,
  write,
} from "./surfaces.ts";
import { PEOPLE_DOMAIN, storedState } from "./world.ts";

// Generated requests to the riders' accounts (docs/features/rider-accounts.md, rider-data.md, credit.md,
// seat-transfer.md, ride-passport.md): /me and its sign-in links and passkeys, saved details,
// "Your data" and its export, the passport, a seat handed to a friend, registering signed in,
// and the admin's riders directory, notes and credit. Each write carries its follow-up checks:
// a refusal changes nothing, a refused form says why, a rider's answer is never for a shared
// cache, a rider never reaches another's things, credit never goes below zero, and a captain
// never moves money.

type Check = (answer: Answer) => Promise<string | null> | string | null;

/** The first defect any of `checks` sees, or null. */
function all(...checks: Check[]): Check {
  return async (answer) => {
    for (const check of checks) {
      const kind = await check(answer);
      if (kind) return kind;
    }
    return null;
  };
}

/** The HTTP shell's answer to a path with a control character, before any route: sent home. */
const sentHome = (answer: Answer) => answer.status === 302 && answer.headers.get("location") === "/";

/** Statuses a cache may keep without being told to (RFC 9110 §15.1): a 303, say, it never keeps. */
const CACHEABLE_BY_DEFAULT = new Set([200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501]);

/**
 * A rider's answer, whatever it says, is kept by no shared cache: `private` or `no-store`, or an
 * answer no cache keeps untold (a status not kept by default, any answer to a post). `where` is
 * the request's method and path.
 */
export function privateAnswer(where: string): Check {
  const read = /^(GET|HEAD) /.test(where);
  return (answer) => {
    const control = answer.headers.get("cache-control") ?? "";
    if (/no-store|private/.test(control)) return null;
    if (!/public|max-age/.test(control) && !(read && CACHEABLE_BY_DEFAULT.has(answer.status))) return null;
    return `${where} answered ${answer.status} with Cache-Control "${control}": a shared cache may keep it`;
  };
}

/** The other rider's passkeys, saved details and public passport are still theirs. */
function otherRiderIntact(s: Surfaces): Check {
  const { other } = s.world.riders;
  return async () => {
    const [row, keys] = await Promise.all([
      s.world.db
        .selectFrom("riders")
        .select(["details", "passport_slug"])
        .where("id", "=", other.id)
        .executeTakeFirst(),
      s.world.db.selectFrom("rider_passkeys").select("id").where("rider_id", "=", other.id).execute(),
    ]);
    const kept = row?.details && row.passport_slug && keys.length === other.passkeys.length;
    return kept ? null : "a rider's request changed another rider's passkeys, saved details or passport";
  };
}

/** What every post to one of the rider's own pages must hold: private, a refusal that says why, the other rider untouched. */
function ownPageChecks(s: Surfaces, page: string): Check {
  return all(privateAnswer(`POST ${page}`), (answer) => refusalWithoutMessage(answer, page), otherRiderIntact(s));
}

/** What the first rider has left is never below zero. */
function creditNotNegative(s: Surfaces): Check {
  return async () => {
    const left = await creditLeftOf(s.world.db, s.world.riders.own.id);
    return left < 0 ? `a rider's credit went below zero (${left} paise)` : null;
  };
}

/** A passport made public shows a first name and figures: never an address or a phone number. */
function passportDiscreet(s: Surfaces): Check {
  const { own, other } = s.world.riders;
  return (answer) =>
    [own.email, other.email, own.mobile].some((secret) => answer.body.includes(secret))
      ? "a public passport shows a rider's email address or phone number"
      : null;
}

const renders: Check = (answer) => (answer.body.includes(REACT_CHILD) ? "a rider's page failed to render" : null);

/**
 * Some rider's Cookie header: the first's, a made-up one, none; for reads the other's too (their
 * writes to their own things would be theirs to make, and otherRiderIntact would see them).
 */
function riderCookie(s: Surfaces, { reads = false } = {}) {
  const { own, other } = s.world.riders;
  return fc.oneof(
    { arbitrary: fc.constant(own.cookie), weight: 5 },
    fc.constantFrom(
      ...(reads ? [other.cookie] : []),
      "roadbook_rider=x",
      `roadbook_rider=${"A".repeat(43)}`,
      "roadbook_rider=",
    ),
    fc.constant(undefined),
  );
}

const form = (...pairs: [string, string][]): Fields => pairs;

/** A rider's address at the fuzzer's domain (looked for in the log), now and then one the mail server refuses. */
function newAddress(s: Surfaces) {
  return fc.tuple(fc.boolean(), fc.nat(999_999)).map(([rejected, n]) => {
    const email = `${rejected ? "reject-" : ""}me-${n}-${s.world.seed}@${PEOPLE_DOMAIN}`;
    s.world.emails.add(email);
    return email;
  });
}

/** /me: reading it, asking for a sign-in link, signing out, removing a passkey. */
function me(s: Surfaces) {
  const { own, other, disposable } = s.world.riders;
  const read = fc
    .tuple(riderCookie(s, { reads: true }), fc.constantFrom("done", "sent", "x"), hostileText)
    .map(([cookie, name, value]) =>
      s.client.request("GET", `/me?${name}=${encodeURIComponent(value.toWellFormed())}`, {
        cookie,
        expect: { check: all(privateAnswer("GET /me"), renders) },
      }),
    );
  const email = fc.oneof(
    newAddress(s),
    fc.constantFrom(own.email, other.email, ` ${own.email.toUpperCase()} `),
    hostileText,
  );
  type Post = { fields: Fields; cookie?: string; check?: Check };
  /** Removing a passkey not on the account removes nothing, and says so. */
  const notRemoved: Check = (answer) =>
    /passkey-removed/.test(answer.headers.get("location") ?? "")
      ? "/me said a passkey was removed when none of the rider's was"
      : null;
  const fields = fc.oneof(
    {
      arbitrary: email.map((value): Post => ({ fields: form(["intent", "request-link"], ["email", value]) })),
      weight: 3,
    },
    // Only the disposable rider's sessions end: the others carry the run.
    fc
      .tuple(fc.constantFrom("sign-out", "sign-out-everywhere"), fc.constantFrom(...disposable.cookies))
      .map(([intent, cookie]): Post => ({ fields: form(["intent", intent]), cookie })),
    fc.oneof(fc.constantFrom(...other.passkeys), hostileText).map((passkey): Post => ({
      fields: form(["intent", "remove-passkey"], ["passkey", passkey]),
      check: notRemoved,
    })),
    fc.constant<Post>({ fields: form(["intent", "remove-passkey"], ["passkey", own.passkeys[0]!]) }),
    fc
      .tuple(fc.oneof(fc.constant(""), hostileText), email)
      .map(([intent, value]): Post => ({ fields: form(["intent", intent], ["email", value]) })),
  );
  const post = fc.tuple(fields, riderCookie(s), encodingFor("form"), address).map(([chosen, cookie, encoding, ip]) => {
    const body = formBody(chosen.fields, encoding);
    return write(s, "/me", body, formReadable(body), {
      cookie: chosen.cookie ?? cookie,
      ip,
      check: all(ownPageChecks(s, "/me"), chosen.check ?? (() => null)),
    });
  });
  return fc.oneof(read, { arbitrary: post, weight: 3 });
}

/** Mailed sign-in links: opened (spends nothing), posted (spends once), and links that never were. */
function signInLinks(s: Surfaces) {
  const { links, disposable } = s.world.riders;
  const token = fc.constantFrom(...links, ...BAD_TOKENS);
  return fc
    .tuple(
      fc.constantFrom("GET", "POST", "POST", "HEAD"),
      token,
      fc.constantFrom(undefined, disposable.cookies[0], "roadbook_rider=x"),
      fc.oneof(fc.constant(""), hostileText),
    )
    .map(([method, link, cookie, body]) => {
      const path = `/me/link/${link}`;
      const check = privateAnswer(`${method} /me/link/:token`);
      if (method !== "POST") return s.client.request(method, path, { cookie, expect: { check } });
      const sent = formBody(form(["x", body]), "form");
      return write(s, path, sent, true, { cookie, check });
    });
}

/** The rider's passkeys in JSON steps, with garbage in every field and every body. */
function passkeys(s: Surfaces) {
  return fc
    .tuple(
      fc.record({
        step: fc.oneof(
          fc.constantFrom("sign-in-options", "sign-in-verify", "add-options", "add-verify", "__proto__"),
          hostileText,
        ),
        token: fc.oneof(hostileText, fc.constant(PAYLOADS[0]!)),
        response: webauthnAnswer,
      }),
      encodingFor("json"),
      riderCookie(s),
      address,
    )
    .map(([value, encoding, cookie, ip]) => {
      const sent = jsonBody(value, encoding);
      const verify = value.step === "sign-in-verify" || value.step === "add-verify";
      return write(s, "/me/passkeys", sent, jsonReadable(sent), {
        cookie,
        ip,
        check: all(privateAnswer("POST /me/passkeys"), otherRiderIntact(s), (answer) =>
          verify && answer.status < 400 ? "/me/passkeys accepted a garbage WebAuthn answer" : null,
        ),
      });
    });
}

/** Saved details: read, edited with hostile fields, forgotten. */
function savedDetails(s: Surfaces) {
  const { own } = s.world.riders;
  const read = fc.tuple(riderCookie(s, { reads: true }), hostileText).map(([cookie, done]) =>
    s.client.request("GET", `/me/details?done=${encodeURIComponent(done.toWellFormed())}`, {
      cookie,
      expect: { check: all(privateAnswer("GET /me/details"), renders) },
    }),
  );
  const fields = fc.oneof(
    {
      arbitrary: fc
        .tuple(
          fc.integer({ min: 100, max: 999_999 }),
          fc.dictionary(fc.constantFrom(...SAVED_DETAIL_FIELDS), hostileText, { maxKeys: 3 }),
        )
        .map(([n, spoilt]) => {
          const valid = riderForm(n, { email: own.email });
          return SAVED_DETAIL_FIELDS.map((name): [string, string] => [name, String(spoilt[name] ?? valid[name] ?? "")]);
        }),
      weight: 4,
    },
    fc.constantFrom(form(["intent", "forget"]), form(["intent", "forget"], ["name", "x".repeat(20_000)])),
    hostileText.map((intent) => form(["intent", intent], ["name", "Ravi"])),
  );
  const post = fc.tuple(fields, riderCookie(s), encodingFor("form")).map(([sent, cookie, encoding]) => {
    const body = formBody(sent, encoding);
    return write(s, "/me/details", body, formReadable(body), {
      cookie,
      check: ownPageChecks(s, "/me/details"),
    });
  });
  return fc.oneof(read, { arbitrary: post, weight: 2 });
}

/** "Your data": read, exported, erased only with the account's own address typed (the disposable rider's). */
function yourData(s: Surfaces) {
  const { own, other, disposable } = s.world.riders;
  const read = fc
    .tuple(fc.constantFrom("/me/data", "/me/data?erased", "/me/data.json"), riderCookie(s, { reads: true }))
    .map(([path, cookie]) =>
      s.client.request("GET", path, {
        cookie,
        expect: {
          check: all(privateAnswer(`GET ${path}`), renders, (answer) =>
            cookie === own.cookie && answer.body.includes(other.email) ? `${path} shows another rider's address` : null,
          ),
        },
      }),
    );
  // Never the first rider's own address: erasing that account would end the run's session.
  const typed = fc.oneof(
    fc.constantFrom(other.email, `${own.email}x`, "", own.email.replace("@", " @")),
    hostileText,
    fc.constant(disposable.email),
  );
  const post = fc.tuple(typed, fc.boolean(), encodingFor("form")).map(([confirmEmail, asDisposable, encoding]) => {
    const cookie = asDisposable ? disposable.cookies.at(-1) : own.cookie;
    // The first rider typing the disposable one's address is refused like any other.
    const body = formBody(form(["confirmEmail", confirmEmail]), encoding);
    return write(s, "/me/data", body, formReadable(body), {
      cookie,
      check: ownPageChecks(s, "/me/data"),
    });
  });
  return fc.oneof(read, post);
}

/** The passport: the rider's own (public or private), and public ones by any slug. */
function passport(s: Surfaces) {
  const { own } = s.world.riders;
  const mine = fc
    .tuple(fc.constantFrom("public", "private", "public", "", "__proto__"), riderCookie(s), encodingFor("form"))
    .map(([intent, cookie, encoding]) => {
      const body = formBody(form(["intent", intent]), encoding);
      return write(s, "/me/passport", body, formReadable(body), {
        cookie,
        check: ownPageChecks(s, "/me/passport"),
      });
    });
  const slug = fc.oneof(
    fc.constant(own.slug),
    fc.constantFrom(...BAD_TOKENS),
    hostileText.map((text) => encodeURIComponent(text.toWellFormed())),
  );
  const read = fc
    .tuple(fc.constantFrom("/me/passport", "/passport/"), slug, riderCookie(s, { reads: true }))
    .map(([page, name, cookie]) => {
      const path = page === "/me/passport" ? page : `${page}${name || "x"}`;
      return s.client.request("GET", path, {
        cookie,
        expect: {
          check: all(privateAnswer(`GET ${page}`), renders, page === "/passport/" ? passportDiscreet(s) : () => null),
        },
      });
    });
  return fc.oneof(mine, read);
}

/** A seat handed on: the booking page's offer and withdrawal, and the friend's registration form. */
function transfers(s: Surfaces) {
  const { bookings, transfers: links } = s.world.riders;
  const bookingToken = fc.constantFrom(...bookings, ...s.world.bookings.confirmed.slice(-1), ...BAD_TOKENS.slice(0, 2));
  const offer = fc
    .tuple(
      bookingToken,
      fc.constantFrom("transfer-offer", "transfer-withdraw", "join-account", "transfer-offer"),
      riderCookie(s),
      encodingFor("form"),
      address,
    )
    .map(([token, intent, cookie, encoding, ip]) => {
      const body = formBody(form(["intent", intent]), encoding);
      // A booking in no account joins the rider's when its page shows signed in, a refusal's
      // page too (docs/features/rider-accounts.md#joining-bookings): a rider's cookie goes with their own
      // bookings, and with the one post that asks to join.
      const joins = !bookings.includes(token) && intent !== "join-account";
      return write(s, `/booking/${token}`, body, formReadable(body), {
        cookie: joins ? undefined : cookie,
        ip,
        check: all(privateAnswer("POST /booking/:token"), (answer) => {
          for (const [, link] of answer.body.matchAll(/\/transfer\/([\w-]{43})/g))
            s.world.secrets.set(link!, "a transfer link's token");
          return refusalWithoutMessage(answer, "a booking page");
        }),
      });
    });
  const link = fc.constantFrom(...links, ...BAD_TOKENS);
  const read = link.map((token) =>
    s.client.request("GET", `/transfer/${token}`, {
      expect: { check: all(privateAnswer("GET /transfer/:token"), renders) },
    }),
  );
  const take = fc
    .tuple(
      link,
      fc.integer({ min: 100, max: 999_999 }),
      fc.dictionary(
        fc.constantFrom("name", "mobile", "email", "emergencyPhone", "option", "consent", "waiverName", "website"),
        hostileText,
        { maxKeys: 3 },
      ),
      riderCookie(s),
      encodingFor("form"),
      address,
    )
    .map(([token, n, spoilt, cookie, encoding, ip]) => {
      const email = `friend-${n}-${s.world.seed}@${PEOPLE_DOMAIN}`;
      s.world.emails.add(email);
      const fields = Object.entries({ ...riderForm(n, { email }), ...spoilt }).map(
        ([name, value]): [string, string] => [name, String(value)],
      );
      const body = formBody(fields, encoding);
      return write(s, `/transfer/${token}`, body, formReadable(body), {
        cookie,
        ip,
        check: all(privateAnswer("POST /transfer/:token"), renders, (answer) => {
          const booking = /\/booking\/([\w-]{43})/.exec(answer.headers.get("location") ?? "")?.[1];
          if (booking) s.world.secrets.set(booking, "a booking link's token");
          return refusalWithoutMessage(answer, "the transfer form");
        }),
      });
    });
  return fc.oneof(offer, read, { arbitrary: take, weight: 2 });
}

/** The registration form signed in: saved details kept, credit spent, and those fields hostile. */
function signedInRegistrations(s: Surfaces) {
  const { rides } = s.world;
  return fc
    .tuple(
      fc.constantFrom(rides.open, rides.full, rides.participants),
      fc.integer({ min: 100, max: 999_999 }),
      fc.oneof(fc.constantFrom("on", "off", "", "true"), hostileText),
      fc.oneof(fc.constantFrom("on", "off", "", "1"), hostileText),
      fc.dictionary(fc.constantFrom("name", "mobile", "email", "bloodGroup"), hostileText, { maxKeys: 2 }),
      riderCookie(s),
      encodingFor("form"),
      address,
    )
    .map(([rideId, n, saveDetails, useCredit, spoilt, cookie, encoding, ip]) => {
      const email = `signed-in-${n}-${s.world.seed}@${PEOPLE_DOMAIN}`;
      s.world.emails.add(email);
      const fields = Object.entries({ ...riderForm(n, { email }), saveDetails, useCredit, ...spoilt }).map(
        ([name, value]): [string, string] => [name, String(value)],
      );
      const body = formBody(fields, encoding);
      return write(s, `/ride/${rideId}/register`, body, formReadable(body), {
        cookie,
        ip,
        check: all(
          (answer) => {
            const token = /\/booking\/([\w-]{43})/.exec(answer.headers.get("location") ?? "")?.[1];
            if (token) s.world.secrets.set(token, "a booking link's token");
            return refusalWithoutMessage(answer, "the registration form");
          },
          creditNotNegative(s),
          otherRiderIntact(s),
        ),
      });
    });
}

/** Amounts as an admin might type them, and as no one should. */
const creditAmount = fc.oneof(
  fc.constantFrom("500", "+500", "-500", "−500", "1500.50", "0.01", "-0.01", "₹1,500", "Rs. 200", "10000000"),
  fc.constantFrom("0", "-0", "+0", "0.001", "1.999", "-99999999", "100000001", "1e3", "NaN", "Infinity", "-Infinity"),
  fc.constantFrom("9007199254740993", "١٢٣", "１２３", " 12 ", "--5", "+-5", "5-", "500\n1", "", "0x10"),
  fc.integer().map(String),
  fc.double().map(String),
  hostileText,
);

/** The riders directory, a rider's page and note, their credit; by an owner, now and then by a captain. */
function adminRiders(s: Surfaces) {
  const { world } = s;
  const { own, other, pendingCredit, ridden } = world.riders;
  const riderId = fc.oneof(
    { arbitrary: fc.constantFrom(own.id, other.id), weight: 4 },
    fc.constantFrom("00000000-0000-4000-8000-000000000000", world.owner.id, "%00", "__proto__"),
    hostileText.map((text) => encodeURIComponent(text.toWellFormed()) || "x"),
  );
  const admin = fc.oneof(
    { arbitrary: fc.constant({ cookie: world.owner.cookie, captain: false }), weight: 3 },
    fc.constant({ cookie: world.captains[0]!.cookie, captain: true }),
  );
  /**
   * A captain never moves money nor reads the directory: 403 (nothing changed: the state check);
   * 401 or a redirect once the team surface took them off the team or required two factors
   * (surfaces.ts); 400 for a body the route
   * cannot read, where the role is the intent's to check (the Riders page).
   */
  const captainRefused =
    (captain: boolean, where: string, readable = true): Check =>
    (answer) => {
      // A guard's redirect (to sign in, or to set up a second factor once the team requires one) refuses too.
      const guarded = answer.status === 302 && /^\/admin\b/.test(answer.headers.get("location") ?? "");
      const refused =
        [403, 401, ...(readable ? [] : [400, 413])].includes(answer.status) || sentHome(answer) || guarded;
      return captain && !refused ? `${where} answered ${answer.status} to a captain, not 403` : null;
    };
  const read = fc
    .tuple(fc.constantFrom("search", "rider", "credit"), riderId, hostileText, admin)
    .map(([page, id, search, { cookie, captain }]) => {
      const path =
        page === "search"
          ? `/admin/riders?search=${encodeURIComponent(search.toWellFormed())}`
          : `/admin/riders/${id}${page === "credit" ? "/credit" : ""}`;
      return s.client.request("GET", path, { cookie, expect: { check: captainRefused(captain, `GET ${page}`) } });
    });
  const note = fc
    .tuple(
      riderId,
      fc.record({
        intent: fc.constantFrom("note", "note", "__proto__", "toString"),
        note: fc.oneof(
          hostileText,
          fc.constantFrom("x".repeat(5001), null, 12, ["a"], { a: 1 }) as fc.Arbitrary<unknown>,
        ),
      }),
      encodingFor("json"),
      admin,
    )
    .map(([id, value, encoding, { cookie, captain }]) => {
      const sent = jsonBody(value, encoding);
      return write(s, `/admin/riders/${id}`, sent, jsonReadable(sent), {
        cookie,
        check: captainRefused(captain, "a rider's note"),
      });
    });
  const entryId = fc.oneof(
    { arbitrary: fc.constantFrom(...pendingCredit), weight: 3 },
    fc.constantFrom("", "00000000-0000-4000-8000-000000000000"),
    hostileText,
  );
  const credit = fc
    .tuple(
      riderId,
      fc.oneof(
        { arbitrary: fc.constant("adjust"), weight: 4 },
        fc.constantFrom("confirm", "decline", "", "__proto__"),
        hostileText,
      ),
      creditAmount,
      fc.oneof(fc.constantFrom("Goodwill", "", "   ", "x".repeat(501)), hostileText),
      entryId,
      encodingFor("form"),
      admin,
    )
    .map(([id, intent, amount, text, entry, encoding, { cookie, captain }]) => {
      const body = formBody(form(["intent", intent], ["amount", amount], ["note", text], ["entryId", entry]), encoding);
      return write(s, `/admin/riders/${id}/credit`, body, formReadable(body), {
        cookie,
        check: all(
          captainRefused(captain, "the credit ledger"),
          (answer) => refusalWithoutMessage(answer, "the credit ledger"),
          creditNotNegative(s),
        ),
      });
    });
  // The Riders page's credit decision: the captain leads this ride, so only their role refuses them.
  const decision = fc
    .tuple(
      fc.record({
        intent: fc.constant("credit"),
        id: fc.oneof(
          { arbitrary: fc.constant(ridden.registrationId), weight: 3 },
          fc.constantFrom(...world.registrationIds),
        ),
        decision: fc.oneof(fc.constantFrom("confirm", "decline", "CONFIRM", ""), hostileText),
        entryId,
        amount: fc.oneof(creditAmount, fc.constantFrom(1500, -1, 1e308, null, true) as fc.Arbitrary<unknown>),
      }),
      fc.constantFrom(ridden.rideId, world.rides.open),
      encodingFor("json"),
      admin,
    )
    .map(([value, rideId, encoding, { cookie, captain }]) => {
      const sent = jsonBody(value, encoding);
      return write(s, `/admin/rides/${rideId}/riders`, sent, jsonReadable(sent), {
        cookie,
        check: all(
          captainRefused(captain, "the Riders page's credit decision", jsonReadable(sent)),
          creditNotNegative(s),
        ),
      });
    });
  return fc.oneof(read, note, { arbitrary: credit, weight: 3 }, { arbitrary: decision, weight: 2 });
}

/** Every rider page and endpoint, its secrets real or not. */
function riderPaths(s: Surfaces): string[] {
  const { own, links, transfers, bookings } = s.world.riders;
  return [
    "/me",
    `/me/link/${links[0]}`,
    "/me/passkeys",
    "/me/details",
    "/me/data",
    "/me/data.json",
    "/me/passport",
    `/passport/${own.slug}`,
    `/transfer/${transfers[0]}`,
    `/booking/${bookings[0]}`,
    `/admin/riders/${own.id}`,
    `/admin/riders/${own.id}/credit`,
  ];
}

/**
 * Bodies past every limit (a form's 16 KiB, a photo's) and methods no page takes, signed in:
 * refused before anything is read or written, a refused page with its message.
 */
function oversizedAndOdd(s: Surfaces) {
  const { world } = s;
  const huge = fc
    .tuple(
      fc.constantFrom(...riderPaths(s)),
      fc.constantFrom(17 * 1024, 64 * 1024, 1024 * 1024),
      fc.constantFrom(
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/json",
        "text/plain",
      ),
    )
    .map(([path, size, type]) => {
      const admin = path.startsWith("/admin");
      const body = type.startsWith("application/x-www")
        ? `intent=adjust&note=${"n".repeat(size)}`
        : type === "application/json"
          ? JSON.stringify({ intent: "note", note: "n".repeat(size) })
          : "x".repeat(size);
      return s.client.request("POST", path, {
        cookie: admin ? world.owner.cookie : world.riders.own.cookie,
        type,
        body,
        ip: `10.214.${size % 251}.${path.length}`,
        expect: {
          state: () => storedState(world.db),
          check: all(
            (answer) =>
              refusalWithoutMessage(answer, `a ${size}-byte post to ${path.split("/").slice(0, 3).join("/")}`),
            admin ? () => null : privateAnswer(`POST ${path.split("/").slice(0, 3).join("/")} (${size} bytes)`),
          ),
        },
      });
    });
  const methods = fc
    .tuple(fc.constantFrom(...riderPaths(s)), fc.constantFrom("PUT", "PATCH", "DELETE", "OPTIONS"), fc.boolean())
    .map(([path, method, withBody]) =>
      s.client.request(method, path, {
        cookie: path.startsWith("/admin") ? world.owner.cookie : world.riders.own.cookie,
        type: withBody ? "application/x-www-form-urlencoded" : undefined,
        body: withBody ? "intent=forget&confirmEmail=x" : undefined,
        // React Router hands every method but GET and HEAD to the action, as a post: a refusal
        // changes nothing all the same.
        expect: { state: () => storedState(world.db) },
      }),
    );
  return fc.oneof(huge, methods);
}

/** Every rider surface, by weight. */
export function riderSurfaceRequests(s: Surfaces): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { arbitrary: me(s), weight: 3 },
    { arbitrary: signInLinks(s), weight: 1 },
    { arbitrary: passkeys(s), weight: 1 },
    { arbitrary: savedDetails(s), weight: 2 },
    { arbitrary: yourData(s), weight: 2 },
    { arbitrary: passport(s), weight: 1 },
    { arbitrary: transfers(s), weight: 3 },
    { arbitrary: signedInRegistrations(s), weight: 2 },
    { arbitrary: adminRiders(s), weight: 4 },
    { arbitrary: oversizedAndOdd(s), weight: 1 },
  );
}
