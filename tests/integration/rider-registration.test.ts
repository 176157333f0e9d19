import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppServices } from "~/context";
import { REFUSALS } from "~/domain/registration/availability";
import { BOOKING_ERASED_PATH } from "~/domain/links";
import { onContentChanged, type ContentChange } from "~/server/content-events.server";
import type { Database } from "~/server/db/schema.server";
import { readEnv } from "~/server/env.server";
import { createMailer } from "~/server/mail/mailer.server";
import { dispatcherFor } from "~/server/commands/command.server";
import { openOutbox } from "~/server/outbox/start-outbox.server";
import { MAX_FORM_BYTES } from "~/server/registrations/read-form.server";
import {
  BOOKING_CHANGES_PER_LINK,
  BOOKING_CHANGES_PER_NETWORK,
  beginBookingChange,
  beginRegistration,
  REGISTRATIONS_PER_NETWORK,
} from "~/server/registrations/throttle.server";
import { saveConfig } from "~/server/content/config.server";
import { registrationCounts } from "~/server/registrations/queries.server";
import { WAITLISTED_UTR } from "~/server/registrations/rider-changes.server";
import { action as bookingAction, headers as bookingHeaders, loader as bookingLoader } from "~/routes/public/booking";
import { action as registerAction, loader as registerLoader } from "~/routes/public/ride-register";
import { action as transferAction } from "~/features/seat-transfer/routes/public/transfer";
import { adjustCredit } from "~/features/credit/server/commands.server";
import { findOrCreateRider } from "~/features/rider-accounts/server/riders.server";
import { RIDER_SESSION_COOKIE, startRiderSession } from "~/features/rider-accounts/server/sessions.server";
import { describeEachEngine } from "../support/databases";
import { configInput, siteRide } from "../support/fixtures";
import { riderForm } from "../support/registration-fixtures";
import { type LocalSmtp, startLocalSmtp } from "../support/smtp";
import { routeAnswer, routeContext } from "../support/route-context";

// The rider's pages (decision 020) through their route actions and loaders, on
// both engines, with a real local SMTP server: what a form post answers and what it writes.

const ORIGIN = "http://roadbook.test";

let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(() => smtp.close());

const withOutbox = new WeakSet<Database>();

function servicesFor(db: Database): AppServices {
  const logger = pino({ level: "silent" });
  const env = readEnv({});
  const mailer = createMailer({ smtpUrl: smtp.url, from: "Roadbook <rides@roadbook.test>" }, logger);
  // As the server does: each command's mail is sent from the outbox as it commits.
  if (!withOutbox.has(db)) {
    withOutbox.add(db);
    openOutbox({ db, mailer, logger });
  }
  return { db, env, logger, mailer } as AppServices;
}

const contextFor = (db: Database, clientIp = "203.0.113.7") =>
  routeContext(servicesFor(db), { clientIp, origin: ORIGIN });

function post(path: string, fields: Record<string, unknown>): Request {
  const body = new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)]));
  return new Request(ORIGIN + path, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

/** Five seats, far enough ahead to be open whenever the test runs. */
const openRide = (db: Database, registration: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}) =>
  siteRide(
    db,
    { seats: 5, ...registration },
    { startDate: "2099-06-10", endDate: "2099-06-18", lastBookingDate: "", ...overrides },
  );

const registerPath = (rideId: string) => `/ride/${rideId}/register`;

function registerAs(db: Database, rideId: string, fields: Record<string, unknown>, clientIp?: string) {
  const context = contextFor(db, clientIp);
  return routeAnswer(() =>
    registerAction({ request: post(registerPath(rideId), fields), params: { rideId }, context } as never),
  );
}

function openBooking(db: Database, path: string) {
  const url = new URL(path, ORIGIN);
  const token = url.pathname.split("/").pop()!;
  return routeAnswer(() =>
    bookingLoader({ request: new Request(url), params: { token }, context: contextFor(db) } as never),
  );
}

function changeBooking(db: Database, token: string, fields: Record<string, unknown>, clientIp?: string) {
  const context = contextFor(db, clientIp);
  return routeAnswer(() =>
    bookingAction({ request: post(`/booking/${token}`, fields), params: { token }, context } as never),
  );
}

const tokenOf = (location: string) => location.split("/").pop()!;
const rowCount = async (db: Database) => (await db.selectFrom("registrations").select("id").execute()).length;
const booked = async (db: Database, rideId: string) =>
  (await registrationCounts(db, [rideId])).get(rideId)!.bookedSeats;

/** The body of a mail as the rider reads it (quoted-printable soft breaks joined). */
const mailText = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

describeEachEngine("rider registration pages", (getDb) => {
  it("registers a rider: 303 to the private page, seats drop, the page shows the UPI payment, the mail has the link", async () => {
    const db = getDb();
    await saveConfig(
      db,
      configInput({
        company: { ...(configInput().company as object), upiId: "hillriders@okaxis", upiName: "Hill Riders" },
      }),
    );
    const ride = await openRide(db, { seats: 5 });
    const changes: ContentChange[] = [];
    const stop = onContentChanged((change) => changes.push(change));
    const before = await routeAnswer(() =>
      registerLoader({
        request: new Request(ORIGIN + registerPath(ride.id)),
        params: { rideId: ride.id },
        context: contextFor(db),
      } as never),
    );
    expect(before.body.seats).toBe("5 seats left");

    const email = `asha-${Date.now()}@example.com`;
    const answer = await registerAs(db, ride.id, riderForm(1, { email }));
    stop();
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(/^\/booking\/[A-Za-z0-9_-]{43}$/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(changes).toContainEqual({ collection: "rides", id: ride.id, action: "updated" });

    const after = await routeAnswer(() =>
      registerLoader({
        request: new Request(ORIGIN + registerPath(ride.id)),
        params: { rideId: ride.id },
        context: contextFor(db),
      } as never),
    );
    expect(after.body.seats).toBe("4 seats left");

    const page = await openBooking(db, answer.location!);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    const { view } = page.body;
    expect(view.reference).toMatch(/^RB-[2-9A-HJ-NP-Z]{4}$/);
    expect(view.status).toBe("confirmed");
    expect(view.payment.link).toBe(
      `upi://pay?pa=hillriders@okaxis&pn=Hill%20Riders&am=10000.00&cu=INR&tn=${view.reference}`,
    );

    await dispatcherFor(db).settled();
    const mail = smtp.mails.find((received) => received.to.includes(email));
    expect(mail).toBeDefined();
    const text = mailText(mail!.raw);
    expect(text).toContain(`${ORIGIN}${answer.location}`);
    expect(text).toContain(view.reference);
    expect(text).toContain("hillriders@okaxis");
  });

  it("sends the form back with the rider's values and a message per field, writing nothing", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const answer = await registerAs(db, ride.id, riderForm(2, { mobile: "12345", consent: "", bikeModel: "" }));
    expect(answer.status).toBe(400);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.body.values).toMatchObject({ name: "Rider 2", mobile: "12345" });
    expect(Object.keys(answer.body.errors).sort()).toEqual(["bikeModel", "consent", "mobile"]);
    expect(await rowCount(db)).toBe(0);
  });

  it("refuses a filled honeypot, and never sends its value back", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const answer = await registerAs(db, ride.id, riderForm(3, { website: "http://spam.example" }));
    expect(answer.status).toBe(400);
    expect(answer.body.values).not.toHaveProperty("website");
    expect(await rowCount(db)).toBe(0);
  });

  it("refuses the same mobile number twice on one ride, however it is written", async () => {
    const db = getDb();
    const ride = await openRide(db);
    expect((await registerAs(db, ride.id, riderForm(4))).status).toBe(303);
    const again = await registerAs(db, ride.id, riderForm(5, { mobile: "+91 98000 00004" }));
    expect(again.status).toBe(409);
    expect(again.body.errors.mobile).toBe("This mobile number is already registered for this ride");
    expect(await rowCount(db)).toBe(1);
  });

  it.each([
    ["past its cut-off", { lastBookingDate: "2026-01-01" }, {}, REFUSALS.cutoff],
    ["completed", { status: "completed" }, {}, REFUSALS.completed],
    ["closed", {}, { mode: "closed" }, REFUSALS.closed],
    ["using its external form", {}, { mode: "external" }, REFUSALS.external],
  ])("refuses a ride %s with its reason, and the page shows no form", async (_what, overrides, settings, message) => {
    const db = getDb();
    const ride = await openRide(db, settings, overrides);
    const answer = await registerAs(db, ride.id, riderForm(6));
    expect(answer.status).toBe(409);
    expect(answer.body.formError).toBe(message);
    const page = await routeAnswer(() =>
      registerLoader({
        request: new Request(ORIGIN + registerPath(ride.id)),
        params: { rideId: ride.id },
        context: contextFor(db),
      } as never),
    );
    expect(page.body.refusal).toBe(message);
    expect(await rowCount(db)).toBe(0);
  });

  it("refuses a full ride without a waitlist, and waitlists on a full ride with one", async () => {
    const db = getDb();
    const full = await openRide(db, { seats: 1, waitlist: false });
    expect((await registerAs(db, full.id, riderForm(7))).status).toBe(303);
    const refused = await registerAs(db, full.id, riderForm(8));
    expect(refused.status).toBe(409);
    expect(refused.body.formError).toBe(REFUSALS.full);

    const waiting = await openRide(db, { seats: 1, waitlist: true });
    expect((await registerAs(db, waiting.id, riderForm(9))).status).toBe(303);
    const page = await routeAnswer(() =>
      registerLoader({
        request: new Request(ORIGIN + registerPath(waiting.id)),
        params: { rideId: waiting.id },
        context: contextFor(db),
      } as never),
    );
    expect(page.body.seats).toBe("Full — join the waitlist");
    const waitlisted = await registerAs(db, waiting.id, riderForm(10));
    expect((await openBooking(db, waitlisted.location!)).body.view.status).toBe("waitlisted");
  });

  it("answers 404 for a ride that does not exist, and writes nothing", async () => {
    const db = getDb();
    const answer = await registerAs(db, "no-such-ride", riderForm(11));
    expect(answer.status).toBe(404);
    expect(await rowCount(db)).toBe(0);
  });

  it("refuses a form larger than the limit, writing nothing, and gives back what was typed within it", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const answer = await registerAs(db, ride.id, riderForm(12, { bikeModel: "x".repeat(MAX_FORM_BYTES) }));
    expect(answer.status).toBe(413);
    expect(answer.body.formError).toMatch(/too large/);
    expect(answer.body.values).toMatchObject({ name: "Rider 12", mobile: "9800000012" });
    expect(await rowCount(db)).toBe(0);
  });

  it("lets a network register a generous number of times, then answers 429 with Retry-After", async () => {
    const db = getDb();
    const ride = await openRide(db);
    for (let n = 0; n < REGISTRATIONS_PER_NETWORK; n++) await beginRegistration(db, "198.51.100.20");
    const answer = await registerAs(db, ride.id, riderForm(13), "198.51.100.20");
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(answer.body.formError).toMatch(/^Too many registrations from your network/);
    // Another network is not held back.
    expect((await registerAs(db, ride.id, riderForm(13), "198.51.100.21")).status).toBe(303);
  });

  it("takes a UTR, refuses a malformed one with its message, and updates contact details", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const token = tokenOf((await registerAs(db, ride.id, riderForm(14))).location!);

    const bad = await changeBooking(db, token, { intent: "utr", utr: "12ab" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.utr).toBe("Enter the 12-digit UPI transaction id (UTR)");

    const saved = await changeBooking(db, token, { intent: "utr", utr: "4123 5678 9012" });
    expect(saved).toMatchObject({ status: 303, location: `/booking/${token}?done=utr` });
    expect((await openBooking(db, saved.location!)).body.view).toMatchObject({
      utr: "412356789012",
      notice: expect.stringMatching(/UPI transaction id is saved/),
    });

    const contact = {
      name: "Asha Rao",
      mobile: "9800000099",
      email: "",
      emergencyName: "Ravi",
      emergencyPhone: "9123456789",
    };
    expect(await changeBooking(db, token, { intent: "contact", ...contact })).toMatchObject({ status: 303 });
    expect((await openBooking(db, `/booking/${token}`)).body.view.contact).toMatchObject({
      name: "Asha Rao",
      mobile: "+919800000099",
    });
  });

  it("a UTR or contact change touches no public page (no content event, decision 022); a cancellation does", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const token = tokenOf((await registerAs(db, ride.id, riderForm(18))).location!);
    const changes: ContentChange[] = [];
    const stop = onContentChanged((change) => changes.push(change));
    try {
      expect((await changeBooking(db, token, { intent: "utr", utr: "412356789012" })).status).toBe(303);
      const contact = {
        name: "Asha Rao",
        mobile: "9800000098",
        email: "",
        emergencyName: "Ravi",
        emergencyPhone: "9123456789",
      };
      expect((await changeBooking(db, token, { intent: "contact", ...contact })).status).toBe(303);
      expect(changes).toEqual([]);
      expect((await changeBooking(db, token, { intent: "cancel", confirm: "yes" })).status).toBe(303);
      expect(changes).toEqual([{ collection: "rides", id: ride.id, action: "updated" }]);
    } finally {
      stop();
    }
  });

  it("throttles one link's changes: 429 with Retry-After, the reason and what was typed, nothing saved; other links go on", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const token = tokenOf((await registerAs(db, ride.id, riderForm(19))).location!);
    const other = tokenOf((await registerAs(db, ride.id, riderForm(20))).location!);
    for (let n = 0; n < BOOKING_CHANGES_PER_LINK; n++) {
      expect((await changeBooking(db, token, { intent: "utr", utr: "12ab" })).status).toBe(400);
    }
    const held = await changeBooking(db, token, { intent: "utr", utr: "412356789012" });
    expect(held.status).toBe(429);
    // What the response carries: the route's headers() keeps the action's own.
    const sent = new Headers(bookingHeaders({ actionHeaders: held.headers, loaderHeaders: new Headers() } as never));
    expect(Number(sent.get("retry-after"))).toBeGreaterThan(0);
    expect(sent.get("cache-control")).toBe("private, no-store");
    expect(held.body).toMatchObject({
      intent: "utr",
      values: { utr: "412356789012" },
      formError: expect.stringMatching(/^Too many changes to this booking\. Please try again in \d+ minutes?\.$/),
    });
    expect((await openBooking(db, `/booking/${token}`)).body.view.utr).toBe("");
    expect((await changeBooking(db, other, { intent: "utr", utr: "412356789012" })).status).toBe(303);
  });

  it("throttles one network's changes across links, and lets another network's through", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const token = tokenOf((await registerAs(db, ride.id, riderForm(21))).location!);
    for (let n = 0; n < BOOKING_CHANGES_PER_NETWORK; n++) await beginBookingChange(db, `link-${n}`, "198.51.100.30");
    const held = await changeBooking(db, token, { intent: "utr", utr: "412356789012" }, "198.51.100.30");
    expect(held.status).toBe(429);
    expect(held.body.formError).toMatch(/^Too many changes from your network\./);
    expect((await changeBooking(db, token, { intent: "utr", utr: "412356789012" }, "198.51.100.31")).status).toBe(303);
  });

  it("refuses a UTR on a waitlisted booking, saying why, and saves nothing", async () => {
    const db = getDb();
    const ride = await openRide(db, { seats: 1, waitlist: true });
    await registerAs(db, ride.id, riderForm(19));
    const token = tokenOf((await registerAs(db, ride.id, riderForm(20))).location!);
    const refused = await changeBooking(db, token, { intent: "utr", utr: "412356789012" });
    expect(refused.status).toBe(400);
    expect(refused.body.formError).toBe(WAITLISTED_UTR);
    expect((await openBooking(db, `/booking/${token}`)).body.view).toMatchObject({ status: "waitlisted", utr: "" });
  });

  it.each(["__proto__", "constructor", "toString", "hasOwnProperty"])(
    "shows no notice for ?done=%s, which names none",
    async (notice) => {
      const db = getDb();
      const ride = await openRide(db);
      const token = tokenOf((await registerAs(db, ride.id, riderForm(18))).location!);
      const page = await openBooking(db, `/booking/${token}?done=${notice}`);
      expect(page.status).toBe(200);
      expect(page.body.view.notice).toBeNull();
    },
  );

  it("cancels only once confirmed, frees the seat and promotes and mails the first waitlisted rider", async () => {
    const db = getDb();
    const ride = await openRide(db, { seats: 1, waitlist: true });
    const first = tokenOf((await registerAs(db, ride.id, riderForm(15))).location!);
    const email = `waiting-${Date.now()}@example.com`;
    const second = tokenOf((await registerAs(db, ride.id, riderForm(16, { email }))).location!);

    const ask = await changeBooking(db, first, { intent: "cancel" });
    expect(ask).toMatchObject({ status: 303, location: `/booking/${first}?confirm=cancel` });
    expect(await booked(db, ride.id)).toBe(1);

    const done = await changeBooking(db, first, { intent: "cancel", confirm: "yes" });
    expect(done).toMatchObject({ status: 303, location: `/booking/${first}?done=cancelled` });
    expect((await openBooking(db, `/booking/${first}`)).body.view.status).toBe("cancelled");
    expect((await openBooking(db, `/booking/${second}`)).body.view.status).toBe("confirmed");
    expect(await booked(db, ride.id)).toBe(1);
    await dispatcherFor(db).settled();
    const promotion = smtp.mails.find(
      (mail) => mail.to.includes(email) && mailText(mail.raw).includes("you were next on the waitlist"),
    );
    expect(promotion).toBeDefined();
  });

  it("erases a registration through its link: the link then opens nothing", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const token = tokenOf((await registerAs(db, ride.id, riderForm(17))).location!);
    const erased = await changeBooking(db, token, { intent: "erase", confirm: "yes" });
    expect(erased).toMatchObject({ status: 303, location: BOOKING_ERASED_PATH });
    const gone = await openBooking(db, `/booking/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ found: false });
    const [row] = await db.selectFrom("registrations").selectAll().execute();
    expect(row).toMatchObject({ phone: null, token_hash: null, data: "{}", status: "cancelled" });
  });

  it.each([
    ["a forged token", "A".repeat(43)],
    ["no token at all", "x"],
  ])("answers 404 to %s", async (_what, token) => {
    const db = getDb();
    expect(await openBooking(db, `/booking/${token}`)).toMatchObject({ status: 404, body: { found: false } });
    expect((await changeBooking(db, token, { intent: "utr", utr: "412356789012" })).status).toBe(404);
    expect((await changeBooking(db, token, { intent: "cancel", confirm: "yes" })).status).toBe(404);
    // A form too large too: its 413 showed the not-found page without a word why (npm run fuzz).
    const large = await changeBooking(db, token, { intent: "utr", utr: "x".repeat(MAX_FORM_BYTES) });
    expect(large).toMatchObject({ status: 404, body: { formError: "This link no longer opens a registration." } });
  });

  it("answers a form too large sent to a transfer link that opens no seat as any post to it: 404", async () => {
    const db = getDb();
    const token = "A".repeat(43);
    const fields = { name: "x".repeat(MAX_FORM_BYTES) };
    const answer = await routeAnswer(() =>
      transferAction({
        request: post(`/transfer/${token}`, fields),
        params: { token },
        context: contextFor(db),
      } as never),
    );
    expect(answer).toMatchObject({ status: 404, body: { found: false } });
  });

  it("refuses a form larger than the limit on a live link with its message, saving nothing", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const token = tokenOf((await registerAs(db, ride.id, riderForm(18))).location!);
    const before = await db.selectFrom("registrations").selectAll().execute();
    const large = await changeBooking(db, token, { intent: "contact", name: "x".repeat(MAX_FORM_BYTES) });
    expect(large).toMatchObject({ status: 413, body: { formError: "The form was too large to read." } });
    expect(await db.selectFrom("registrations").selectAll().execute()).toEqual(before);
  });

  it("offers a signed-in rider their credit on a private page, and spends it when the box is ticked", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const rider = await findOrCreateRider(db, "credit@example.com");
    await adjustCredit(db, rider.id, { amount: "4000", note: "Opening" }, { actor: { id: null, email: "admin" } });
    const cookie = `${RIDER_SESSION_COOKIE}=${await startRiderSession(db, rider.id, undefined)}`;
    const params = { rideId: ride.id };
    const page = (headers: Record<string, string>) =>
      routeAnswer(() =>
        registerLoader({
          request: new Request(ORIGIN + registerPath(ride.id), { headers }),
          params,
          context: contextFor(db),
        } as never),
      );

    const visitor = await page({});
    expect(visitor.body.credit).toBeNull();
    expect(visitor.headers.get("Cache-Control")).toBeNull();
    const signedIn = await page({ cookie });
    expect(signedIn.body.credit).toBe("₹4,000");
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");

    const request = post(registerPath(ride.id), riderForm(30, { email: rider.email, useCredit: "on" }));
    request.headers.set("cookie", cookie);
    const answer = await routeAnswer(() => registerAction({ request, params, context: contextFor(db) } as never));
    expect(answer.status).toBe(303);
    const booking = await openBooking(db, answer.location!);
    expect(booking.body.view.payment).toMatchObject({ amount: "₹6,000", credit: "₹4,000", covered: false });
  });
});
