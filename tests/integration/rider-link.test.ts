import pino from "pino";
import { expect, it } from "vitest";
import { action as bookingAction, loader as bookingLoader } from "~/routes/public/booking";
import { action as findAction } from "~/routes/public/find-booking";
import { action as linkAction, loader as linkLoader } from "~/features/rider-accounts/routes/public/me-link";
import { action as meAction } from "~/features/rider-accounts/routes/public/me";
import { loader as calendarLoader } from "~/routes/resources/booking-calendar";
import type { Database } from "~/server/db/schema.server";
import { freshLinkForRider, mailFreshLinks, openBookingLink } from "~/server/registrations/booking-link.server";
import { setBookingLinkSecret } from "~/server/registrations/link-seal.server";
import { getRegistration } from "~/server/registrations/queries.server";
import { updateContactByToken } from "~/server/registrations/rider-changes.server";
import { myRides } from "~/features/rider-accounts/server/my-rides.server";
import { findOrCreateRider } from "~/features/rider-accounts/server/riders.server";
import { RIDER_SESSION_COOKIE, startRiderSession } from "~/features/rider-accounts/server/sessions.server";
import { describeEachEngine } from "../support/databases";
import { siteRide } from "../support/fixtures";
import { registerRider, riderForm } from "../support/registration-fixtures";
import { routeAnswer, routeContext } from "../support/route-context";

// A rider's private link, hardened (issue 34, decision 042), through the routes on both engines:
// a sign-in link completes only in the browser that asked for it, a booking joins an account only
// on a press by a rider whose account's email is the booking's.

const ORIGIN = "http://roadbook.test";
const FORM = "application/x-www-form-urlencoded";

const context = (db: Database) => routeContext({ db }, { origin: ORIGIN });

function request(path: string, { cookie, body }: { cookie?: string; body?: Record<string, string> } = {}): Request {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (!body) return new Request(ORIGIN + path, { headers });
  headers["content-type"] = FORM;
  return new Request(ORIGIN + path, { method: "POST", headers, body: new URLSearchParams(body).toString() });
}

/** The `name=value` of a Set-Cookie header, for the browser's next request. */
const cookieOf = (setCookie: string | null) => setCookie?.split(";")[0] ?? "";

/** Asks for a sign-in link at /me as a browser does; the token mailed and the cookie the browser keeps. */
async function askForLink(db: Database, email: string) {
  const asked = await routeAnswer(() =>
    meAction({
      request: request("/me", { body: { intent: "request-link", email } }),
      params: {},
      context: context(db),
    } as never),
  );
  expect(asked.status).toBe(303);
  const mail = await db
    .selectFrom("outbox")
    .select("payload")
    .where("kind", "=", "rider-sign-in-mail")
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  const { link } = JSON.parse(mail.payload) as { link: string };
  return { token: link.slice(link.lastIndexOf("/") + 1), cookie: cookieOf(asked.headers.get("set-cookie")) };
}

const pressSignIn = (db: Database, token: string, cookie?: string, body: Record<string, string> = {}) =>
  routeAnswer(() =>
    linkAction({
      request: request(`/me/link/${token}`, { cookie, body }),
      params: { token },
      context: context(db),
    } as never),
  );

const sessionCookie = async (db: Database, email: string) => {
  const rider = await findOrCreateRider(db, email);
  return { rider, cookie: `${RIDER_SESSION_COOKIE}=${await startRiderSession(db, rider.id, undefined)}` };
};

describeEachEngine("a sign-in link pressed in another browser", (getDb) => {
  it("names the account and signs in only on an explicit confirmation; in the browser that asked, at once", async () => {
    const db = getDb();
    const { token, cookie } = await askForLink(db, "mallory@example.com");
    expect(cookie).toMatch(/^roadbook_rider_link=[\w-]{43}$/);

    // The rider's browser, which never asked: the page names the account, and one press signs in no one.
    const opened = await routeAnswer(() =>
      linkLoader({ request: request(`/me/link/${token}`), params: { token }, context: context(db) } as never),
    );
    expect(opened.body.link).toEqual({ account: "m•••@example.com", thisBrowser: false });
    const pressed = await pressSignIn(db, token);
    expect(pressed.status).toBe(409);
    expect(pressed.headers.get("set-cookie")).toBeNull();
    expect(await db.selectFrom("rider_sessions").selectAll().execute()).toEqual([]);

    // The browser that asked: at once.
    const own = await routeAnswer(() =>
      linkLoader({
        request: request(`/me/link/${token}`, { cookie }),
        params: { token },
        context: context(db),
      } as never),
    );
    expect(own.body.link).toEqual({ account: "m•••@example.com", thisBrowser: true });
    const signedIn = await pressSignIn(db, token, cookie);
    expect(signedIn).toMatchObject({ status: 303, location: "/me" });
    expect(signedIn.headers.get("set-cookie")).toMatch(/^roadbook_rider=/);
  });

  it("signs in another browser once its rider confirms the account named (a link asked on a laptop, opened on a phone)", async () => {
    const db = getDb();
    const { token } = await askForLink(db, "asha@example.com");
    const confirmed = await pressSignIn(db, token, undefined, { confirm: "yes" });
    expect(confirmed).toMatchObject({ status: 303, location: "/me" });
    // Once: spent.
    expect((await pressSignIn(db, token, undefined, { confirm: "yes" })).status).toBe(410);
  });
});

describeEachEngine("a booking joining an account", (getDb) => {
  async function booking(db: Database, email: string) {
    setBookingLinkSecret("a test secret of enough length for the seal", pino({ level: "silent" }));
    const ride = await siteRide(db, { seats: 5 }, { title: "Coorg Coffee Trail" });
    return registerRider(db, ride.id, riderForm(1, { email }));
  }

  const openBooking = (db: Database, token: string, cookie: string) =>
    routeAnswer(() =>
      bookingLoader({
        request: request(`/booking/${token}`, { cookie }),
        params: { token },
        context: context(db),
      } as never),
    );
  const pressJoin = (db: Database, token: string, cookie: string) =>
    routeAnswer(() =>
      bookingAction({
        request: request(`/booking/${token}`, { cookie, body: { intent: "join-account" } }),
        params: { token },
        context: context(db),
      } as never),
    );

  it("never joins on opening its link, and joins an account of another address not even on a press", async () => {
    const db = getDb();
    const { registration, token } = await booking(db, "asha@example.com");
    const mallory = await sessionCookie(db, "mallory@example.com");

    const opened = await openBooking(db, token, mallory.cookie);
    expect(opened.body.account).toBe("other-email");
    expect((await pressJoin(db, token, mallory.cookie)).status).toBe(400);
    expect((await getRegistration(db, registration.id))?.riderId).toBeNull();
  });

  it("joins the account of the booking's own address on its rider's press only", async () => {
    const db = getDb();
    const { registration, token } = await booking(db, "Asha@Example.com");
    const asha = await sessionCookie(db, "asha@example.com");

    expect((await openBooking(db, token, asha.cookie)).body.account).toBe("offered");
    expect((await getRegistration(db, registration.id))?.riderId).toBeNull();
    expect(await pressJoin(db, token, asha.cookie)).toMatchObject({ status: 303 });
    expect((await getRegistration(db, registration.id))?.riderId).toBe(asha.rider.id);
    expect((await openBooking(db, token, asha.cookie)).body.account).toBe("yours");
  });
});

describeEachEngine("Find my booking's fresh link", (getDb) => {
  const MOBILE = "+919800000001";
  const mailer = (enabled: boolean) => ({ enabled, send: async () => enabled, close: () => undefined });
  const withMail = (db: Database, enabled: boolean) =>
    routeContext({ db, mailer: mailer(enabled) } as never, { origin: ORIGIN });

  async function booking(db: Database) {
    setBookingLinkSecret("a test secret of enough length for the seal", pino({ level: "silent" }));
    const ride = await siteRide(db, { seats: 5 }, { title: "Coorg Coffee Trail" });
    return registerRider(db, ride.id, riderForm(1, { email: "asha@example.com" }));
  }

  const findMyBooking = (db: Database, mail: boolean) =>
    routeAnswer(() =>
      findAction({
        request: request("/booking", { body: { mobile: MOBILE, email: "asha@example.com" } }),
        params: {},
        context: withMail(db, mail),
      } as never),
    );
  const open = (db: Database, token: string) =>
    routeAnswer(() =>
      bookingLoader({ request: request(`/booking/${token}`), params: { token }, context: context(db) } as never),
    );
  async function mailedTokens(db: Database): Promise<string[]> {
    const rows = await db.selectFrom("outbox").select("payload").where("kind", "=", "booking-link-mail").execute();
    return rows.map((row) => (JSON.parse(row.payload) as { link: string }).link.split("/").at(-1)!);
  }
  const mailedToken = async (db: Database) => (await mailedTokens(db)).at(-1) ?? null;

  it("with mail off, renews nothing and says so, instead of pretending to mail", async () => {
    const db = getDb();
    const { token } = await booking(db);
    const answer = await findMyBooking(db, false);
    expect(answer.status).toBe(409);
    expect(answer.body.formError).toMatch(/sends no mail/);
    expect((await open(db, token)).status).toBe(200);
    expect(await mailedToken(db)).toBeNull();
  });

  it("keeps the rider's link working until the fresh one is first opened, however often it is asked for", async () => {
    const db = getDb();
    const {
      token,
      registration: { reference },
    } = await booking(db);
    for (let i = 0; i < 3; i++) expect((await findMyBooking(db, true)).status).toBe(303);
    expect((await open(db, token)).status).toBe(200);
    const fresh = (await mailedToken(db))!;
    expect(fresh).not.toBe(token);
    // Asking again mails the fresh link waiting, not a new one that would kill the one mailed before.
    expect(new Set(await mailedTokens(db))).toEqual(new Set([fresh]));

    // Opened twice at once (a double tap): both open the booking, and it is made the booking's link once.
    const both = await Promise.all([openBookingLink(db, fresh), openBookingLink(db, fresh)]);
    expect(both.map((registration) => registration?.reference)).toEqual([reference, reference]);
    const firstUsed = await db
      .selectFrom("audit_log")
      .select("summary")
      .where("summary", "like", "%fresh private link was first used%")
      .execute();
    expect(firstUsed).toHaveLength(1);
    // First used: the fresh link is the booking's, the old one opens nothing.
    expect((await open(db, token)).status).toBe(404);
    expect((await open(db, fresh)).status).toBe(200);
  });

  it("takes a leaked link back: the fresh link, once used, leaves the booking in no account of another address", async () => {
    const db = getDb();
    const { registration, token } = await booking(db);
    // An account of another address holds the booking (joined before joins were checked).
    const mallory = await findOrCreateRider(db, "mallory@example.com");
    await db.updateTable("registrations").set({ rider_id: mallory.id }).where("id", "=", registration.id).execute();

    await findMyBooking(db, true);
    expect((await open(db, (await mailedToken(db))!)).status).toBe(200);
    expect((await open(db, token)).status).toBe(404);
    expect((await getRegistration(db, registration.id))?.riderId).toBeNull();
    expect((await myRides(db, mallory.id)).upcoming).toEqual([]);
  });
});

describeEachEngine("a booking's email changed through its link", (getDb) => {
  const contact = (email: string, name = "Asha Rao") => ({
    name,
    mobile: "9800000001",
    email,
    emergencyName: "Ravi Rao",
    emergencyPhone: "+91 91234 56789",
  });

  it("takes the booking out of its account when the new address is not the account's, and only then", async () => {
    const db = getDb();
    const ride = await siteRide(db, { seats: 5 }, { title: "Coorg Coffee Trail" });
    const { registration, token } = await registerRider(db, ride.id, riderForm(1, { email: "asha@example.com" }));
    const asha = await findOrCreateRider(db, "asha@example.com");
    await db.updateTable("registrations").set({ rider_id: asha.id }).where("id", "=", registration.id).execute();

    expect(await updateContactByToken(db, token, contact("asha@example.com", "Asha R"))).toMatchObject({
      name: "Asha R",
      riderId: asha.id,
    });
    expect(await updateContactByToken(db, token, contact("friend@example.com"))).toMatchObject({
      email: "friend@example.com",
      riderId: null,
    });
    expect((await myRides(db, asha.id)).upcoming).toEqual([]);
    const trail = await db.selectFrom("audit_log").select("summary").where("record_id", "=", registration.id).execute();
    expect(trail.map((row) => row.summary)).toContain(
      `Booking ${registration.reference} left an account of another address with its new email address`,
    );
  });
});

describeEachEngine("an organiser's fresh link", (getDb) => {
  it("takes the booking back from an account of another address, and kills the link before and any fresh one waiting", async () => {
    const db = getDb();
    setBookingLinkSecret("a test secret of enough length for the seal", pino({ level: "silent" }));
    const ride = await siteRide(db, { seats: 5 }, { title: "Coorg Coffee Trail" });
    const { registration, token } = await registerRider(db, ride.id, riderForm(1, { email: "asha@example.com" }));
    const mallory = await findOrCreateRider(db, "mallory@example.com");
    await db.updateTable("registrations").set({ rider_id: mallory.id }).where("id", "=", registration.id).execute();
    await mailFreshLinks(db, { mobile: "+919800000001", email: "asha@example.com" }, { origin: ORIGIN });
    const waiting = await db.selectFrom("outbox").select("payload").where("kind", "=", "booking-link-mail").execute();
    const fresh = (JSON.parse(waiting[0]!.payload) as { link: string }).link.split("/").at(-1)!;

    const sent = await freshLinkForRider(db, registration.id, {
      actor: { id: null, email: "admin@example.com" },
      rideId: ride.id,
    });
    expect(await openBookingLink(db, token)).toBeNull();
    expect(await openBookingLink(db, fresh)).toBeNull();
    expect((await openBookingLink(db, sent.token))?.riderId).toBeNull();
  });
});

describeEachEngine("a rider's calendar feed", (getDb) => {
  const feed = (db: Database, token: string) =>
    calendarLoader({
      request: request(`/booking/${token}/calendar.ics`),
      params: { token },
      context: context(db),
    } as never) as Promise<Response>;

  it("has a read-only token of its own that opens no booking page, cancels nothing and outlives a renewed link", async () => {
    const db = getDb();
    setBookingLinkSecret("a test secret of enough length for the seal", pino({ level: "silent" }));
    const ride = await siteRide(
      db,
      { seats: 5 },
      { title: "Coorg Coffee Trail", startDate: "2099-03-10", endDate: "2099-03-12" },
    );
    const { registration, token } = await registerRider(db, ride.id, riderForm(1, { email: "asha@example.com" }));

    const page = await routeAnswer(() =>
      bookingLoader({ request: request(`/booking/${token}`), params: { token }, context: context(db) } as never),
    );
    const subscribe: string = page.body.view.rideLinks.calendar.download;
    const feedToken = /^\/booking\/([\w-]{43})\/calendar\.ics$/.exec(subscribe)?.[1];
    expect(feedToken).toBeDefined();
    expect(feedToken).not.toBe(token);
    // The booking's own key serves no feed: it must not sit in a calendar service.
    expect((await feed(db, token)).status).toBe(404);
    expect((await feed(db, feedToken!)).status).toBe(200);

    // The feed's token opens no page and changes nothing.
    const opened = await routeAnswer(() =>
      bookingLoader({
        request: request(`/booking/${feedToken}`),
        params: { token: feedToken },
        context: context(db),
      } as never),
    );
    expect(opened.status).toBe(404);
    const cancel = await routeAnswer(() =>
      bookingAction({
        request: request(`/booking/${feedToken}`, { body: { intent: "cancel", confirm: "yes" } }),
        params: { token: feedToken },
        context: context(db),
      } as never),
    );
    expect(cancel.status).toBe(404);
    expect((await getRegistration(db, registration.id))?.status).toBe("confirmed");

    // A renewed link keeps the subscription.
    await freshLinkForRider(db, registration.id, { actor: { id: null, email: "admin@example.com" }, rideId: ride.id });
    expect((await feed(db, feedToken!)).status).toBe(200);
    // A forged one opens nothing.
    // One character of the signature changed (the 26th: whole bits, not the last one's padding).
    const forged = `${feedToken!.slice(0, 25)}${feedToken![25] === "A" ? "Q" : "A"}${feedToken!.slice(26)}`;
    expect((await feed(db, forged)).status).toBe(404);
  });
});
