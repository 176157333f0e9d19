import fc from "fast-check";
import { hostileText, PAYLOADS } from "../support/hostile-input.ts";
import { riderForm } from "../support/registration-fixtures.ts";
import { type Body, type Fields, encodingFor, formBody, formReadable, jsonBody, jsonReadable } from "./bodies.ts";
import type { Answer, Client, FuzzRequest } from "./client.ts";
import { GARBAGE_GPX, GOOD_GPX, hostileGpx } from "./gpx-files.ts";
import { PEOPLE_DOMAIN, storedState, type World } from "./world.ts";

// Generated requests to what went live with bookings and the team (decision 018's note):
// registrations, booking pages, the Riders pages, captains, GPX uploads, publishing, the Team page
// and invitations, sign-in, two factors and passkeys. Each write carries its follow-up checks: a
// refusal or an unreadable body changes nothing, and what the surface must never do.

export type Surfaces = { client: Client; world: World; baseUrl: string; rideIds: string[] };

const encode = (text: string) => encodeURIComponent(text.toWellFormed());

/** A client address behind the proxy (TRUST_PROXY is set): the throttles count each apart. */
export const address = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`);

/** The kind of defect a refused form shows no message for, or null. */
export function refusalWithoutMessage(answer: Answer, where: string): string | null {
  const refusal = [400, 409, 413].includes(answer.status);
  const page = /text\/html/.test(answer.headers.get("content-type") ?? "");
  return refusal && page && !answer.body.includes('role="alert"')
    ? `${where} answered ${answer.status} without saying what was wrong`
    : null;
}

export const REACT_CHILD = "Objects are not valid as a React child";

export function write(
  s: Surfaces,
  path: string,
  body: Body,
  readable: boolean,
  options: { cookie?: string; ip?: string; check?: (answer: Answer) => Promise<string | null> | string | null } = {},
): FuzzRequest {
  return s.client.request("POST", path, {
    cookie: options.cookie,
    ip: options.ip,
    type: body.type,
    body: body.body,
    expect: { state: () => storedState(s.world.db), unreadable: !readable, check: options.check },
  });
}

/** The public registration form: a valid rider with a few fields spoilt, as any client sends it. */
function registrations(s: Surfaces) {
  const { rides } = s.world;
  return fc
    .tuple(
      fc.constantFrom(rides.open, rides.full, rides.draft, rides.schedule, ...s.rideIds),
      fc.integer({ min: 100, max: 999_999 }),
      fc.dictionary(
        fc.constantFrom(
          "name",
          "mobile",
          "email",
          "emergencyPhone",
          "option",
          "bloodGroup",
          "consent",
          "website",
          "licenceNumber",
        ),
        hostileText,
        { maxKeys: 3 },
      ),
      fc.boolean(),
      encodingFor("form"),
      address,
    )
    .map(([rideId, n, spoilt, rejected, encoding, ip]) => {
      const email = `${rejected ? "reject-" : ""}rider-${n}-${s.world.seed}@${PEOPLE_DOMAIN}`;
      s.world.emails.add(email);
      const fields = Object.entries({ ...riderForm(n, { email }), ...spoilt }).map(
        ([name, value]): [string, string] => [name, String(value)],
      );
      const body = formBody(fields, encoding);
      return write(s, `/ride/${rideId}/register`, body, formReadable(body), {
        ip,
        check: (answer) => {
          const token = /\/booking\/([\w-]{43})/.exec(answer.headers.get("location") ?? "")?.[1];
          if (token) s.world.secrets.set(token, "a booking link's token");
          return refusalWithoutMessage(answer, "the registration form");
        },
      });
    });
}

const CONTACT_FIELDS = ["name", "mobile", "email", "emergencyName", "emergencyPhone"] as const;

/** A booking page's contact form with a rider's values. */
export function contactForm(rider: Record<string, unknown>): Fields {
  const fields: Fields = [["intent", "contact"]];
  for (const name of CONTACT_FIELDS) fields.push([name, String(rider[name])]);
  return fields;
}

export const NOTICE_KEYS = [
  "utr",
  "contact",
  "cancelled",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "",
];
export const BAD_TOKENS = ["x", "A".repeat(43), "%00", "..%2f..%2fadmin", "__proto__", "a".repeat(3000), "%E0%A4%A"];

/** A rider's private page and each of its actions, with valid tokens and bad ones. */
function bookings(s: Surfaces) {
  const tokens = [...s.world.bookings.confirmed, s.world.bookings.waitlisted, ...BAD_TOKENS];
  const read = fc
    .tuple(
      fc.constantFrom(...tokens),
      fc.constantFrom("done", "confirm"),
      fc.oneof(fc.constantFrom(...NOTICE_KEYS, "cancel", "erase"), hostileText),
    )
    .map(([token, name, value]) =>
      s.client.request("GET", `/booking/${token}?${name}=${encode(value)}`, {
        expect: {
          check: (answer) => (answer.body.includes(REACT_CHILD) ? "a booking page failed to render a notice" : null),
        },
      }),
    );
  const utr = fc.oneof(fc.constant("123456789012"), hostileText);
  const fields = fc.oneof(
    fc.tuple(fc.constant("utr"), utr).map(([intent, value]): [string, string][] => [
      ["intent", intent],
      ["utr", value],
    ]),
    fc
      .tuple(
        fc.integer({ min: 100, max: 999_999 }),
        fc.dictionary(fc.constantFrom(...CONTACT_FIELDS), hostileText, { maxKeys: 2 }),
      )
      .map(([n, spoilt]) => {
        const email = `contact-${n}-${s.world.seed}@${PEOPLE_DOMAIN}`;
        s.world.emails.add(email);
        return contactForm({ ...riderForm(n, { email }), ...spoilt });
      }),
    fc
      .tuple(fc.constantFrom("cancel", "erase"), fc.constantFrom("yes", "no", ""))
      .map(([intent, confirm]): [string, string][] => [
        ["intent", intent],
        ["confirm", confirm],
      ]),
    hostileText.map((intent): [string, string][] => [["intent", intent]]),
  );
  const post = fc
    .tuple(fc.constantFrom(...tokens), fields, encodingFor("form"), address)
    .map(([token, form, encoding, ip]) => {
      const body = formBody(form, encoding);
      return write(s, `/booking/${token}`, body, formReadable(body), {
        ip,
        check: (answer) => refusalWithoutMessage(answer, "a booking page"),
      });
    });
  return fc.oneof(read, post);
}

/** The Riders and check-in pages' JSON actions, and bodies that are not JSON, huge id lists included. */
function riders(s: Surfaces) {
  const { world } = s;
  const rideId = fc.constantFrom(world.rides.open, world.rides.full, world.rides.participants, ...s.rideIds);
  const id = fc.oneof({ arbitrary: fc.constantFrom(...world.registrationIds), weight: 3 }, hostileText);
  const action = fc.record({
    intent: fc.constantFrom("payment", "confirm", "cancel", "check-in", "participants", "__proto__", "toString"),
    id: fc.oneof(
      { arbitrary: id, weight: 4 },
      fc.array(id, { maxLength: 3 }),
      fc.constant(Array.from({ length: 5000 }, (_, i) => `id-${i}`)),
    ),
    payment: fc.constantFrom("paid", "due", "PAID", "", null),
    checkedIn: fc.constantFrom(true, false, "true", 1, null),
  });
  const post = fc
    .tuple(rideId, fc.constantFrom("riders", "check-in"), action, encodingFor("json"), fc.boolean())
    .map(([ride, page, body, encoding, captain]) => {
      const sent = jsonBody(body, encoding);
      return write(s, `/admin/rides/${ride}/${page}`, sent, jsonReadable(sent), {
        cookie: captain ? world.captains[0]!.cookie : world.owner.cookie,
      });
    });
  const read = fc
    .tuple(
      rideId,
      fc.constantFrom("riders", "check-in", "riders.csv"),
      fc.constantFrom("status", "payment", "checkedIn", "search"),
      hostileText,
    )
    .map(([ride, page, name, value]) =>
      s.client.request("GET", `/admin/rides/${ride}/${page}?${name}=${encode(value)}`, { cookie: world.owner.cookie }),
    );
  return fc.oneof({ arbitrary: post, weight: 3 }, read);
}

/** Who leads a ride: the captains form, in every body, with ids that are no captain's and long lists. */
function captains(s: Surfaces) {
  const { world } = s;
  const id = fc.oneof(
    { arbitrary: fc.constantFrom(...world.captains.map((captain) => captain.id)), weight: 3 },
    fc.constantFrom(world.owner.id, "00000000-0000-4000-8000-000000000000"),
    hostileText,
  );
  const ids = fc.oneof(
    { arbitrary: fc.array(id, { maxLength: 4 }), weight: 6 },
    fc.integer({ min: 1000, max: 3000 }).map((count) => Array.from({ length: count }, (_, i) => `captain-${i}`)),
  );
  return fc
    .tuple(fc.constantFrom(world.rides.led, world.rides.participants, ...s.rideIds), ids, encodingFor("form"))
    .map(([ride, list, encoding]) => {
      const body = formBody(
        list.map((value): [string, string] => ["captain", value]),
        encoding,
      );
      return write(s, `/admin/rides/${ride}/captains`, body, formReadable(body), { cookie: world.owner.cookie });
    });
}

/** GPX uploads (garbage must never become a route) and the route page's JSON actions. */
function routes(s: Surfaces, full: boolean) {
  const { world } = s;
  const rideId = fc.constantFrom(world.rides.route, ...s.rideIds);
  const files = [GOOD_GPX, ...GARBAGE_GPX, ...hostileGpx(full ? 4 : 1)];
  const upload = fc
    .tuple(
      rideId,
      fc.oneof(
        { arbitrary: fc.constantFrom(...files), weight: 4 },
        fc
          .uint8Array({ maxLength: 2048 })
          .map((bytes) => ({ name: "random bytes", text: Buffer.from(bytes), garbage: true })),
        // A file cut short may or may not still hold a route: sent for the answer's sake only.
        fc
          .nat(String(GOOD_GPX.text).length - 1)
          .map((cut) => ({ name: "cut short", text: String(GOOD_GPX.text).slice(0, cut), garbage: false })),
      ),
      hostileText,
    )
    .map(([ride, file, name]) =>
      s.client.request("POST", `/admin/rides/${ride}/route/gpx?name=${encode(name)}`, {
        cookie: world.owner.cookie,
        type: "application/gpx+xml",
        body: Buffer.isBuffer(file.text) ? file.text : Buffer.from(file.text),
        // A hostile file may take a parser seconds on a busy machine: hung is a minute.
        timeoutMs: 60_000,
        expect: {
          state: () => storedState(world.db),
          check: (answer) =>
            file.garbage && answer.status < 400 ? `a route was saved from a GPX file with ${file.name}` : null,
        },
      }),
    );
  const coordinate = fc.oneof(fc.double(), fc.constantFrom("NaN", "", "north", "1e999", "91", null), hostileText);
  const action = fc.oneof(
    fc.record({
      intent: fc.constant("days"),
      by: fc.constantFrom("lines", "stops", "x"),
      stops: fc.oneof(
        fc.array(fc.oneof(fc.record({ waypoint: fc.integer() }), fc.record({ km: fc.double() })), { maxLength: 4 }),
        hostileText,
      ),
    }),
    fc.record({
      intent: fc.constant("meeting"),
      name: hostileText,
      address: hostileText,
      latitude: coordinate,
      longitude: coordinate,
    }),
    fc.record({ intent: fc.constantFrom("remove", "__proto__", "constructor") }),
  );
  const act = fc.tuple(rideId, action, encodingFor("json")).map(([ride, body, encoding]) => {
    const sent = jsonBody(body, encoding);
    return write(s, `/admin/rides/${ride}/route`, sent, jsonReadable(sent), { cookie: world.owner.cookie });
  });
  return fc.oneof({ arbitrary: upload, weight: 2 }, act);
}

export const ZONES = [
  "Asia/Kolkata",
  "America/New_York",
  "America/Los_Angeles",
  "Pacific/Honolulu",
  "Etc/GMT+12",
  "Pacific/Kiritimati",
  "UTC",
  "Europe/London",
];

/** A wall-clock time as a datetime-local field (or no browser) sends it: far years, odd zones. */
export const scheduleTime = fc.oneof(
  fc.constantFrom(
    "9999-12-31T23:59",
    "2099-12-31T23:59",
    "2100-01-01T00:00",
    "0001-01-01T00:00",
    "2027-02-29T10:00",
    "275760-09-13T00:00",
    "+010000-01-01T00:00",
  ),
  fc
    .date({ min: new Date("2027-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 16)),
  hostileText,
);

/** Whether a stored publication instant is still to come (compared as instants, not as text). */
export function isToCome(publishedAt: string | null, now = Date.now()): boolean {
  if (publishedAt === null) return true;
  const time = Date.parse(publishedAt);
  return Number.isNaN(time) || time > now;
}

/** The kind of defect when a ride that is not public yet shows on its page, or null. */
export async function scheduledRideShown(s: Surfaces, rideId: string): Promise<string | null> {
  const row = await s.world.db
    .selectFrom("rides")
    .select(["published_at", "status"])
    .where("id", "=", rideId)
    .executeTakeFirst();
  // A publication within the minute may rightly turn public between the read and the request.
  if (!row || row.published_at === null || !isToCome(row.published_at, Date.now() + 60_000)) return null;
  const page = await fetch(`${s.baseUrl}/ride/${rideId}`);
  await page.body?.cancel();
  return page.status === 200 ? `a ride scheduled for ${row.published_at} is public now` : null;
}

/** Publishing: draft, now, or a time in a zone; preview links; restoring revisions. */
function publishing(s: Surfaces) {
  const { world } = s;
  const body = fc.record({
    intent: fc.constantFrom("publish", "publish", "preview", "restore", "__proto__"),
    publish: fc.constantFrom("draft", "now", "at", "at", "later", ""),
    at: scheduleTime,
    timeZone: fc.oneof(fc.constantFrom(...ZONES, "", "Nowhere/City", "+05:30"), hostileText),
    revisionId: hostileText,
    version: fc.constantFrom(1, 2, -1, "1", null),
  });
  const record = fc.oneof(
    {
      arbitrary: fc.tuple(fc.constant("rides"), fc.constantFrom(world.rides.schedule, world.rides.open, ...s.rideIds)),
      weight: 4,
    },
    fc.tuple(fc.constantFrom("heroSlides", "featuredRide", "config", "__proto__"), fc.constantFrom("main", "x", "")),
  );
  return fc.tuple(record, body, encodingFor("json")).map(([[collection, id], value, encoding]) => {
    const sent = jsonBody(value, encoding);
    return write(s, `/admin/publishing/${collection}/${id}`, sent, jsonReadable(sent), {
      cookie: world.owner.cookie,
      check: (answer) => (collection === "rides" && answer.status < 400 ? scheduledRideShown(s, id) : null),
    });
  });
}

/** The Team page's actions (owners), invitation links, and sign-in. */
function team(s: Surfaces) {
  const { world } = s;
  // Never the fuzzer's own sessions' accounts: removing those would end the run's sessions.
  const member = fc.oneof(
    fc.constantFrom(
      ...world.captains.map((captain) => captain.id),
      world.invites.promoted.userId,
      "00000000-0000-4000-8000-000000000000",
    ),
    hostileText,
  );
  // The first captain's session stays a captain's: the captain checks judge its answers by that role.
  const otherMember = member.filter((id) => id !== world.captains[0]!.id);
  const role = fc.oneof(fc.constantFrom("owner", "editor", "captain", "member", "admin", "__proto__"), hostileText);
  const email = fc.oneof(
    fc.tuple(fc.boolean(), fc.nat(999_999)).map(([rejected, n]) => {
      const address = `${rejected ? "reject-" : ""}invitee-${n}-${world.seed}@${PEOPLE_DOMAIN}`;
      world.emails.add(address);
      return address;
    }),
    fc.constantFrom(world.owner.email, world.invites.promoted.email),
    hostileText,
  );
  const fields = fc.oneof(
    fc.tuple(email, role).map(([address, value]): [string, string][] => [
      ["intent", "invite"],
      ["email", address],
      ["role", value],
    ]),
    fc.tuple(otherMember, role).map(([id, value]): [string, string][] => [
      ["intent", "change-role"],
      ["userId", id],
      ["role", value],
    ]),
    member.map((id): [string, string][] => [
      ["intent", "remove"],
      ["userId", id],
    ]),
    hostileText.map((id): [string, string][] => [
      ["intent", "revoke-invite"],
      ["inviteId", id],
    ]),
    fc.constantFrom("true", "false", "yes").map((value): [string, string][] => [
      ["intent", "require-two-factor"],
      ["required", value],
    ]),
    hostileText.map((intent): [string, string][] => [["intent", intent]]),
  );
  const teamWrite = fc.tuple(fields, encodingFor("form")).map(([form, encoding]) => {
    const body = formBody(form, encoding);
    return write(s, "/admin/team", body, formReadable(body), {
      cookie: world.owner.cookie,
      check: (answer) => {
        for (const [, token] of answer.body.matchAll(/\/admin\/invite\/([\w-]{43})/g))
          world.secrets.set(token!, "an invitation's token");
        return null;
      },
    });
  });
  const token = fc.constantFrom(world.invites.pending, world.invites.promoted.token, ...BAD_TOKENS);
  const accept = fc
    .tuple(
      token,
      fc.constantFrom("password", "google", "x"),
      fc.oneof(fc.constant(`joined-${world.seed}-pass`), hostileText),
      hostileText,
      encodingFor("form"),
    )
    .map(([link, method, password, displayName, encoding]) => {
      const body = formBody(
        [
          ["method", method],
          ["password", password],
          ["displayName", displayName],
        ],
        encoding,
      );
      return write(s, `/admin/invite/${link}`, body, formReadable(body));
    });
  const open = token.map((link) => s.client.request("GET", `/admin/invite/${link}`));
  const login = fc
    .tuple(
      fc.constantFrom("", "totp", "recovery", "restart", "x"),
      fc.oneof(fc.constantFrom(world.owner.email, "nobody@roadbook.test"), hostileText),
      hostileText,
      encodingFor("form"),
      address,
    )
    .map(([intent, address, secret, encoding, ip]) => {
      const body = formBody(
        [
          ["intent", intent],
          ["email", address],
          ["password", secret],
          ["code", secret],
        ],
        encoding,
      );
      return write(s, "/admin/login", body, formReadable(body), { ip });
    });
  return fc.oneof({ arbitrary: teamWrite, weight: 3 }, accept, open, login);
}

/** Garbage as a browser's WebAuthn answer. */
export const webauthnAnswer = fc.oneof(
  fc.record({
    id: hostileText,
    rawId: hostileText,
    type: fc.constantFrom("public-key", "x"),
    response: fc.record({
      clientDataJSON: fc.oneof(
        hostileText,
        fc.json().map((json) => Buffer.from(json).toString("base64url")),
      ),
      attestationObject: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString("base64url")),
      authenticatorData: fc.uint8Array({ maxLength: 60 }).map((bytes) => Buffer.from(bytes).toString("base64url")),
      signature: hostileText,
    }),
    clientExtensionResults: fc.constant({}),
  }),
  fc.constantFrom(null, "x", 1, [], {}),
);

/** The account page's second factors, and both passkey endpoints with garbage. */
function secondFactors(s: Surfaces) {
  const { world } = s;
  const code = fc.oneof(fc.stringMatching(/^\d{6}$/), hostileText);
  const fields = fc.oneof(
    fc
      .constantFrom("totp-start", "totp-disable", "recovery-codes", "passkey-remove", "__proto__")
      .map((intent): [string, string][] => [["intent", intent]]),
    code.map((value): [string, string][] => [
      ["intent", "totp-confirm"],
      ["code", value],
    ]),
    hostileText.map((id): [string, string][] => [
      ["intent", "passkey-remove"],
      ["passkeyId", id],
    ]),
  );
  const account = fc.tuple(fields, encodingFor("form")).map(([form, encoding]) => {
    const body = formBody(form, encoding);
    return write(s, "/admin/account", body, formReadable(body), { cookie: world.account.cookie });
  });
  const step = fc.constantFrom("options", "verify", "verify", "", "__proto__");
  const passkey = fc
    .tuple(
      fc.constantFrom("/admin/account/passkeys", "/admin/auth/passkey"),
      fc.record({
        step,
        mode: fc.constantFrom("second-factor", "sign-in", ""),
        token: fc.oneof(hostileText, fc.constant(PAYLOADS[0]!)),
        name: hostileText,
        response: webauthnAnswer,
      }),
      encodingFor("json"),
      fc.boolean(),
    )
    .map(([path, value, encoding, signedIn]) => {
      const sent = jsonBody(value, encoding);
      return write(s, path, sent, jsonReadable(sent), {
        cookie: signedIn || path.startsWith("/admin/account") ? world.account.cookie : undefined,
        check: (answer) =>
          value.step === "verify" && answer.status < 400 ? `${path} accepted a garbage WebAuthn answer` : null,
      });
    });
  return fc.oneof(account, passkey);
}

/** Every surface of decision 018's note, by weight. */
export function surfaceRequests(s: Surfaces, full: boolean): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { arbitrary: registrations(s), weight: 3 },
    { arbitrary: bookings(s), weight: 3 },
    { arbitrary: riders(s), weight: 2 },
    { arbitrary: captains(s), weight: 1 },
    { arbitrary: routes(s, full), weight: 2 },
    { arbitrary: publishing(s), weight: 2 },
    { arbitrary: team(s), weight: 2 },
    { arbitrary: secondFactors(s), weight: 2 },
  );
}
