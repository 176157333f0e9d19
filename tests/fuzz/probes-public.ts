import { previewToken } from "~/server/preview-links.server";
import { getFeaturedRide } from "~/server/content/featured.server";
import { chunkedBody } from "../../server/raw-http.ts";
import { riderForm } from "../support/registration-fixtures.ts";
import { formBody } from "./bodies.ts";
import type { Answer } from "./client.ts";
import { GARBAGE_GPX, GOOD_GPX, hostileGpx } from "./gpx-files.ts";
import { contactForm, isToCome, NOTICE_KEYS, refusalWithoutMessage, type Surfaces, ZONES } from "./surfaces.ts";
import { PEOPLE_DOMAIN, storedState } from "./world.ts";

// The public side of the probes (docs/security.md#hardening), asked the same way on every run, so
// the short run in CI sees each defect whatever the seed: the render cache and a client's request
// id, booking pages and their notices, registration bodies, GPX with impossible points, far-future
// publications and preview links spelt differently.

/** A page as the cache hands it to everyone: this response's nonce and request id blanked out. */
function asEveryoneSees(answer: Answer): string {
  const nonce = /'nonce-([^']+)'/.exec(answer.headers.get("content-security-policy") ?? "")?.[1];
  const id = answer.headers.get("x-request-id");
  let body = answer.body;
  if (nonce) body = body.replaceAll(nonce, "[nonce]");
  if (id) body = body.replaceAll(id, "[request id]");
  return body;
}

/** A content change that changes no page: the render cache starts over. */
async function emptyTheCache(s: Surfaces): Promise<void> {
  const { world, client } = s;
  const body = JSON.stringify({ intent: "publish", publish: "draft" });
  await client.send(
    client.request("POST", `/admin/publishing/rides/${world.rides.trigger}`, {
      cookie: world.owner.cookie,
      type: "application/json",
      body,
    }),
  );
}

/** Item 1: the first visitor after a change must not choose what later visitors' pages lose. */
async function requestIdInTheCache(s: Surfaces): Promise<void> {
  const { client } = s;
  for (const page of ["/", `/ride/${s.world.rides.open}`]) {
    await emptyTheCache(s);
    await client.send(client.request("GET", page));
    const baseline = await client.send(client.request("GET", page));
    if (!baseline || baseline.status !== 200) continue;
    for (const word of ["script", "class", "e", "div", "nonce"]) {
      await emptyTheCache(s);
      const first = client.request("GET", page, { headers: { "X-Request-Id": word } });
      await client.send(first);
      const later = await client.send(client.request("GET", page));
      const changed = later !== null && asEveryoneSees(later) !== asEveryoneSees(baseline);
      client.verdict(
        changed ? "a first request's X-Request-Id (its example's) changed a cached page for every later visitor" : null,
        first,
      );
    }
  }
}

/** Items 13 and 14, and each booking action with a valid link and with bad ones. */
async function bookingPages(s: Surfaces): Promise<void> {
  const { client, world } = s;
  const [noticed, changed, cancelled, erased] = world.bookings.confirmed;
  const state = () => storedState(world.db);
  for (const key of NOTICE_KEYS) {
    await client.send(
      client.request("GET", `/booking/${noticed}?done=${encodeURIComponent(key)}&confirm=${encodeURIComponent(key)}`, {
        expect: {
          check: (answer) =>
            answer.body.includes("Objects are not valid as a React child")
              ? "a booking page failed to render a notice"
              : null,
        },
      }),
    );
  }
  let ip = 0;
  const post = (token: string, fields: [string, string][], check?: (answer: Answer) => string | null) => {
    const { type, body } = formBody(fields, "form");
    ip += 1;
    return client.send(
      client.request("POST", `/booking/${token}`, { type, body, ip: `10.210.0.${ip}`, expect: { state, check } }),
    );
  };
  const message = (answer: Answer) => refusalWithoutMessage(answer, "a booking page");
  const contact = riderForm(5000, { email: `contact-5000-${world.seed}@${PEOPLE_DOMAIN}` });
  world.emails.add(String(contact.email));
  const contactFields = contactForm(contact);
  await post(
    changed!,
    [
      ["intent", "utr"],
      ["utr", "123456789012"],
    ],
    message,
  );
  await post(changed!, contactFields, message);
  await post(cancelled!, [["intent", "cancel"]], message);
  await post(
    cancelled!,
    [
      ["intent", "cancel"],
      ["confirm", "yes"],
    ],
    message,
  );
  await post(
    erased!,
    [
      ["intent", "erase"],
      ["confirm", "yes"],
    ],
    message,
  );
  const reopened = client.request("GET", `/booking/${erased}`);
  const answer = await client.send(reopened);
  client.verdict(
    answer && answer.status !== 404 ? `an erased booking's link answers ${answer.status}` : null,
    reopened,
  );
  for (const token of ["x", "A".repeat(43), erased!, "%00"]) {
    for (const fields of [
      [
        ["intent", "utr"],
        ["utr", "123456789012"],
      ],
      contactFields,
      [
        ["intent", "cancel"],
        ["confirm", "yes"],
      ],
      [
        ["intent", "erase"],
        ["confirm", "yes"],
      ],
    ] as [string, string][][]) {
      await post(token, fields);
    }
  }
  // Item 14: a waitlisted rider's UTR, good and bad.
  for (const utr of ["abc", "123456789012", ""])
    await post(
      world.bookings.waitlisted,
      [
        ["intent", "utr"],
        ["utr", utr],
      ],
      message,
    );
}

/** Item 15: a registration past the form's limit gets its 413 with the form, sent at once or in chunks. */
async function largeRegistrations(s: Surfaces): Promise<void> {
  const { client, world } = s;
  const path = `/ride/${world.rides.open}/register`;
  const fields = new URLSearchParams({
    ...riderForm(6000),
    name: `Typed ${world.seed}`,
    bikeModel: "x".repeat(17 * 1024),
  }).toString();
  const cases = [
    {
      size: "17 KiB",
      request: client.request("POST", path, {
        type: "application/x-www-form-urlencoded",
        body: fields,
        ip: "10.211.0.1",
      }),
    },
    {
      size: "2 MiB chunked",
      request: client.request("POST", path, {
        type: "application/x-www-form-urlencoded",
        headers: { "Transfer-Encoding": "chunked" },
        body: Buffer.concat(chunkedBody(2 * 1024 * 1024)),
        ip: "10.211.0.2",
      }),
    },
  ];
  for (const { size, request } of cases) {
    const answer = await client.send(request);
    const refused = answer?.status === 413 && answer.body.includes('role="alert"');
    client.verdict(
      refused ? null : `a ${size} registration got ${answer ? answer.status : "no answer"}, not a 413 with the form`,
      request,
    );
  }
  // As a browser's fetch streams it: 64 KiB at a time, the answer read while sending.
  const streamed = cases[1]!.request;
  const pieces = chunkedBody(2 * 1024 * 1024).filter((_, index) => index % 3 === 1);
  client.inputs += 1;
  const answer = await fetch(`${s.baseUrl}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: s.baseUrl,
      "X-Forwarded-For": "10.211.0.3",
    },
    body: new ReadableStream({
      pull(controller) {
        const piece = pieces.shift();
        if (piece) controller.enqueue(new Uint8Array(piece));
        else controller.close();
      },
    }),
    duplex: "half",
  } as RequestInit).then(
    async (response) => ({ status: response.status, body: await response.text() }),
    (error: unknown) => ({ status: 0, body: String(error) }),
  );
  const refused = answer.status === 413 && answer.body.includes('role="alert"');
  client.verdict(
    refused
      ? null
      : `a 2 MiB registration streamed by fetch got ${answer.status || answer.body}, not a 413 with the form`,
    streamed,
  );
}

/** Item 6: registrations whose mail the mail server accepts and refuses (the log is read at the end). */
async function registrationMail(s: Surfaces): Promise<void> {
  const { client, world } = s;
  for (const [n, local] of [
    [7001, "rider-mailed"],
    [7002, "reject-rider-refused"],
  ] as const) {
    const email = `${local}-${world.seed}@${PEOPLE_DOMAIN}`;
    world.emails.add(email);
    const { type, body } = formBody(
      Object.entries(riderForm(n, { email })).map(([name, value]) => [name, String(value)]),
      "form",
    );
    const request = client.request("POST", `/ride/${world.rides.open}/register`, {
      type,
      body,
      ip: `10.212.0.${n % 100}`,
    });
    const answer = await client.send(request);
    const token = /\/booking\/([\w-]{43})/.exec(answer?.headers.get("location") ?? "")?.[1];
    if (token) world.secrets.set(token, "a booking link's token");
    client.verdict(
      answer?.status === 303 ? null : `a valid registration got ${answer?.status ?? "no answer"}`,
      request,
    );
  }
}

/**
 * Item 9 (and 10): a GPX with impossible points or a hostile shape is never a route; a good one
 * is. How long the slowest answer took is printed, not judged: this machine's speed varies.
 */
async function gpxUploads(s: Surfaces, full: boolean): Promise<void> {
  const { client, world } = s;
  let slowest = { seconds: 0, name: "" };
  for (const file of [...GARBAGE_GPX, ...hostileGpx(full ? 20 : 1), GOOD_GPX]) {
    const started = Date.now();
    const request = client.request("POST", `/admin/rides/${world.rides.route}/route/gpx?name=probe.gpx`, {
      cookie: world.owner.cookie,
      type: "application/gpx+xml",
      body: file.text,
      expect: { state: () => storedState(world.db) },
      timeoutMs: 60_000,
    });
    const answer = await client.send(request);
    const seconds = (Date.now() - started) / 1000;
    if (seconds > slowest.seconds) slowest = { seconds, name: file.name };
    if (!answer) continue;
    if (file.garbage)
      client.verdict(answer.status < 400 ? `a route was saved from a GPX file with ${file.name}` : null, request);
    else client.verdict(answer.status < 400 ? null : `a good GPX file was refused (${answer.status})`, request);
  }
  console.log(`GPX: the slowest answer took ${slowest.seconds.toFixed(1)} s (${slowest.name}).`);
}

/**
 * Where a ride that is not public shows: its page, the sitemap, the ride cards of the home and
 * upcoming pages. (The featured banner links where the admin pointed it, a ride or not.)
 */
export async function publicTraces(s: Surfaces, rideId: string): Promise<string[]> {
  const shown: string[] = [];
  const featured = (await getFeaturedRide(s.world.db))?.ctaLink === `/ride/${rideId}`;
  const link = new RegExp(`/ride/${rideId}["/?<]`);
  for (const page of featured ? ["/sitemap.xml"] : ["/", "/upcoming", "/sitemap.xml"]) {
    const text = await (await fetch(`${s.baseUrl}${page}`)).text();
    if (link.test(text)) shown.push(page);
  }
  const own = await fetch(`${s.baseUrl}/ride/${rideId}`);
  await own.body?.cancel();
  if (own.status === 200) shown.push(`/ride/${rideId}`);
  return shown;
}

/** Item 8: a ride scheduled for the year 9999 in any zone stays hidden until then. */
async function farFuturePublications(s: Surfaces): Promise<void> {
  const { client, world } = s;
  const rideId = world.rides.schedule;
  for (const at of ["9999-12-31T23:59", "2099-12-31T23:59"]) {
    for (const timeZone of ZONES) {
      const body = JSON.stringify({ intent: "publish", publish: "at", at, timeZone });
      const request = client.request("POST", `/admin/publishing/rides/${rideId}`, {
        cookie: world.owner.cookie,
        type: "application/json",
        body,
      });
      const answer = await client.send(request);
      if (!answer || answer.status >= 400) continue;
      const row = await world.db
        .selectFrom("rides")
        .select("published_at")
        .where("id", "=", rideId)
        .executeTakeFirstOrThrow();
      if (!isToCome(row.published_at, Date.now() + 60_000)) continue;
      const shown = await publicTraces(s, rideId);
      client.verdict(
        shown.length > 0
          ? `a ride scheduled for ${at} is public at once (stored as ${String(row.published_at).slice(0, 7)}…, shown on ${shown.map((page) => page.replace(rideId, ":rideId")).join(", ")})`
          : null,
        request,
      );
    }
  }
}

/** Item 17: a preview link opens its draft in its one spelling only. */
async function previewSpellings(s: Surfaces, secret: string): Promise<void> {
  const { client, world } = s;
  const token = previewToken(secret, "rides", world.rides.draft);
  const [expires, signature] = token.split(".") as [string, string];
  world.secrets.set(signature, "a preview link's signature");
  const path = `/ride/${world.rides.draft}`;
  const canonical = client.request("GET", `${path}?preview=${token}`);
  const opened = await client.send(canonical);
  client.verdict(
    opened?.status === 200 ? null : `a preview link does not open its draft (${opened?.status ?? "no answer"})`,
    canonical,
  );
  for (const [spelling, query] of [
    ["its expiry with a leading zero", `preview=0${expires}.${signature}`],
    ["its name percent-encoded", `%70review=${token}`],
  ]) {
    const request = client.request("GET", `${path}?${query}`);
    const answer = await client.send(request);
    client.verdict(answer?.status === 200 ? `a preview link with ${spelling} opens the draft` : null, request);
  }
}

export async function publicProbes(s: Surfaces, { full, secret }: { full: boolean; secret: string }): Promise<void> {
  await requestIdInTheCache(s);
  await bookingPages(s);
  await largeRegistrations(s);
  await registrationMail(s);
  await gpxUploads(s, full);
  await farFuturePublications(s);
  await previewSpellings(s, secret);
}
