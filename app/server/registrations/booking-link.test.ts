import pino from "pino";
import { expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { describeEachEngine } from "../../../tests/support/databases";
import { siteRide } from "../../../tests/support/fixtures";
import { registerRider, riderForm } from "../../../tests/support/registration-fixtures";
import { getRide, setRideStatus, updateRide } from "../rides/rides.server";
import { NotFoundError, ValidationError } from "../validation/errors.server";
import { bookingCalendar } from "./booking-calendar.server";
import { calendarFeedToken } from "./calendar-feed.server";
import { setBookingLinkSecret } from "./link-seal.server";
import { freshLinkForRider, mailFreshLinks, openBookingLink } from "./booking-link.server";
import { cancelByToken, eraseByToken } from "./cancel.server";
import { getRegistrationByToken } from "./queries.server";

const ADMIN = { id: null, email: "admin@example.com" };
/** Before the cut-off of the rides made here (start 2027-06-10). */
const NOW = new Date("2027-05-01T06:00:00Z");
const ORIGIN = "https://rides.example";

const openRide = (db: Database, overrides: Record<string, unknown> = {}) =>
  siteRide(db, { seats: 5, waitlist: true }, overrides);

/** Registers rider `n` with an email, answering the token of their first link. */
async function book(db: Database, rideId: string, n: number, email = `rider${n}@example.com`) {
  return registerRider(db, rideId, riderForm(n, { email }), NOW);
}

const mobileOf = (n: number) => `+9198${String(n).padStart(8, "0")}`;

async function linkMails(db: Database) {
  return db.selectFrom("outbox").selectAll().where("kind", "=", "booking-link-mail").execute();
}

/** The token in a mailed link. */
function tokenOf(payload: string): string {
  const { link } = JSON.parse(payload) as { link: string };
  expect(link.startsWith(`${ORIGIN}/booking/`)).toBe(true);
  return link.slice(`${ORIGIN}/booking/`.length);
}

describeEachEngine("a booking's link, renewed", (getDb) => {
  it("mails a fresh link for the mobile number and email registered: the old link works until the fresh one is first used", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const { registration, token: old } = await book(db, ride.id, 1, "Asha@Example.com");

    expect(
      await mailFreshLinks(db, { mobile: mobileOf(1), email: "asha@example.COM" }, { origin: ORIGIN, now: NOW }),
    ).toBe(1);

    const [mail] = await linkMails(db);
    const fresh = tokenOf(mail!.payload);
    expect(fresh).not.toBe(old);
    expect((await openBookingLink(db, old, NOW))?.id).toBe(registration.id);
    expect((await openBookingLink(db, fresh, NOW))?.id).toBe(registration.id);
    expect(await openBookingLink(db, old, NOW)).toBeNull();
    expect((await getRegistrationByToken(db, fresh))?.id).toBe(registration.id);
    const audit = await db.selectFrom("audit_log").selectAll().where("record_id", "=", registration.id).execute();
    expect(audit.map((row) => row.summary)).toEqual(
      expect.arrayContaining([
        `Booking ${registration.reference}: a fresh private link was mailed to the rider; the current one works until it is used`,
        `Booking ${registration.reference}: the fresh private link was first used; the one before stopped working`,
      ]),
    );
  });

  it("changes nothing for a wrong email, another number, a cancelled or erased booking, or a ride no longer upcoming", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const done = await openRide(db, { title: "Done" });
    const kept = await book(db, ride.id, 1);
    const cancelled = await book(db, ride.id, 2);
    await cancelByToken(db, cancelled.token, NOW);
    const erased = await book(db, ride.id, 3);
    await eraseByToken(db, erased.token, NOW);
    const past = await book(db, done.id, 4);
    await setRideStatus(db, done.id, "completed");
    const before = await db.selectFrom("registrations").select(["id", "token_hash"]).orderBy("id").execute();

    const asks = [
      { mobile: mobileOf(1), email: "someone@example.com" },
      { mobile: mobileOf(9), email: "rider1@example.com" },
      { mobile: mobileOf(2), email: "rider2@example.com" },
      { mobile: mobileOf(3), email: "rider3@example.com" },
      { mobile: mobileOf(4), email: "rider4@example.com" },
    ];
    for (const ask of asks) expect(await mailFreshLinks(db, ask, { origin: ORIGIN, now: NOW })).toBe(0);

    expect(await linkMails(db)).toEqual([]);
    expect(await db.selectFrom("registrations").select(["id", "token_hash"]).orderBy("id").execute()).toEqual(before);
    expect(await getRegistrationByToken(db, kept.token)).not.toBeNull();
    expect(await getRegistrationByToken(db, past.token)).not.toBeNull();
  });

  it("renews every live booking of the rider on upcoming rides, one mail each", async () => {
    const db = getDb();
    const first = await openRide(db, { title: "First" });
    const second = await openRide(db, { title: "Second" });
    const a = await book(db, first.id, 1);
    const b = await book(db, second.id, 1);

    expect(
      await mailFreshLinks(db, { mobile: mobileOf(1), email: "rider1@example.com" }, { origin: ORIGIN, now: NOW }),
    ).toBe(2);

    expect((await linkMails(db)).map((mail) => mail.label).sort()).toEqual(
      [a, b].map(({ registration }) => `Fresh link mail for booking ${registration.reference}`).sort(),
    );
    const fresh = (await linkMails(db)).map((mail) => tokenOf(mail.payload));
    for (const token of fresh) expect(await openBookingLink(db, token, NOW)).not.toBeNull();
    expect(await getRegistrationByToken(db, a.token)).toBeNull();
    expect(await getRegistrationByToken(db, b.token)).toBeNull();
  });

  it("gives an admin a fresh link for WhatsApp, in the trail under their name; not for a cancelled rider or another ride's", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const other = await openRide(db, { title: "Other" });
    const { registration, token: old } = await book(db, ride.id, 1);

    const { token } = await freshLinkForRider(db, registration.id, { actor: ADMIN, rideId: ride.id, now: NOW });

    expect(await getRegistrationByToken(db, old)).toBeNull();
    expect((await getRegistrationByToken(db, token))?.id).toBe(registration.id);
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("record_id", "=", registration.id)
      .where("actor_email", "=", ADMIN.email)
      .execute();
    expect(audit.map((row) => row.summary)).toEqual([
      `Sent booking ${registration.reference} on "${ride.title}" a fresh private link by WhatsApp`,
    ]);

    await expect(freshLinkForRider(db, registration.id, { actor: ADMIN, rideId: other.id })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await cancelByToken(db, token, NOW);
    await expect(freshLinkForRider(db, registration.id, { actor: ADMIN, rideId: ride.id })).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(await getRegistrationByToken(db, token)).not.toBeNull();
  });
});

describeEachEngine("a rider's calendar feed", (getDb) => {
  const unfold = (ics: string) => ics.replace(/\r\n /g, "");
  /** The feed's own token (calendar-feed.server.ts), signed with the key the link secret gives. */
  const feedOf = (registrationId: string) => {
    setBookingLinkSecret("a test secret of enough length for the seal", pino({ level: "silent" }));
    return calendarFeedToken(registrationId)!;
  };

  it("has a stable UID, a SEQUENCE counting the ride's date changes, and says when the ride is cancelled", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const { registration } = await book(db, ride.id, 1);
    const token = feedOf(registration.id);

    const first = unfold((await bookingCalendar(db, token, ORIGIN))!);
    expect(first).toContain(`UID:booking-${registration.id}@rides.example\r\n`);
    expect(first).not.toContain("SEQUENCE:");
    expect(first).toContain("DTSTART;VALUE=DATE:20270610\r\n");
    expect(first).toContain("BEGIN:VALARM\r\n");

    // A save of another field is no change of dates; a new end date is.
    const current = (await getRide(db, ride.id))!;
    await updateRide(db, ride.id, { ...current, description: "Changed words" }, { actor: ADMIN });
    expect(unfold((await bookingCalendar(db, token, ORIGIN))!)).not.toContain("SEQUENCE:");
    const saved = (await getRide(db, ride.id))!;
    await updateRide(db, ride.id, { ...saved, endDate: "2027-06-19" }, { actor: ADMIN });
    const moved = unfold((await bookingCalendar(db, token, ORIGIN))!);
    expect(moved).toContain("SEQUENCE:1\r\n");
    expect(moved).toContain("DTEND;VALUE=DATE:20270620\r\n");
    expect(moved).toContain(`UID:booking-${registration.id}@rides.example\r\n`);

    await setRideStatus(db, ride.id, "cancelled", { actor: ADMIN });
    const cancelled = unfold((await bookingCalendar(db, token, ORIGIN))!);
    expect(cancelled).toContain("SEQUENCE:2\r\n");
    expect(cancelled).toContain("STATUS:CANCELLED\r\n");
    expect(cancelled).not.toContain("BEGIN:VALARM");
  });

  it("opens nothing for an unknown token, a booking's private link or a cancelled booking", async () => {
    const db = getDb();
    const ride = await openRide(db);
    const { registration, token } = await book(db, ride.id, 1);
    expect(await bookingCalendar(db, "x".repeat(43), ORIGIN)).toBeNull();
    // The booking's private link is no feed's token.
    expect(await bookingCalendar(db, token, ORIGIN)).toBeNull();
    await cancelByToken(db, token, NOW);
    expect(await bookingCalendar(db, feedOf(registration.id), ORIGIN)).toBeNull();
  });
});
