import { randomUUID } from "node:crypto";
import { bookingPart } from "../../../../tests/support/dues";
import pino from "pino";
import { expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { describeEachEngine } from "../../../../tests/support/databases";
import { insertUser, siteRide } from "../../../../tests/support/fixtures";
import { registerRider, riderForm } from "../../../../tests/support/registration-fixtures";
import { createSession, resolveSession } from "~/server/auth/sessions.server";
import { setBookingLinkSecret } from "~/server/registrations/link-seal.server";
import { register } from "~/server/registrations/register.server";
import { getRegistration } from "~/server/registrations/queries.server";
import { acceptTransfer, offerTransferByToken } from "~/features/seat-transfer/server/transfer.server";
import { adjustCredit } from "~/features/credit/server/commands.server";
import { creditEntriesOf, creditLeftOf } from "~/features/credit/server/ledger.server";
import { savedDetailsOf } from "./saved-details.server";
import { signInLinkMail } from "./sign-in-mail.server";
import { bookingAccountOf, joinBooking } from "./join-booking.server";
import { myRides } from "./my-rides.server";
import { findOrCreateRider } from "./riders.server";
import { resolveRiderSession, revokeAllRiderSessions, startRiderSession } from "./sessions.server";
import {
  requestSignInLink,
  SIGN_IN_LINKS_PER_ADDRESS,
  SIGN_IN_LINKS_PER_NETWORK,
  signInWithLink,
} from "./sign-in-links.server";

const ORIGIN = "https://rides.example";
const NOW = new Date("2027-05-01T06:00:00Z");
const IP = "203.0.113.7";
const minutes = (n: number) => new Date(NOW.getTime() + n * 60 * 1000);

async function signInMails(db: Database) {
  const rows = await db.selectFrom("outbox").selectAll().where("kind", "=", "rider-sign-in-mail").execute();
  return rows.map((row) => {
    const { email, link } = JSON.parse(row.payload) as { email: string; link: string };
    return { label: row.label, email, link };
  });
}

/** The token of the newest mailed link. */
async function lastToken(db: Database): Promise<string> {
  const mails = await signInMails(db);
  const link = mails.at(-1)!.link;
  expect(link.startsWith(`${ORIGIN}/me/link/`)).toBe(true);
  return link.slice(`${ORIGIN}/me/link/`.length);
}

/** The nonce of the browser that asks for every link here (sign-in-browser.server.ts). */
const BROWSER = "b".repeat(43);

const ask = (db: Database, email: string, { at = NOW, ip = IP } = {}) =>
  requestSignInLink(db, email, { origin: ORIGIN, clientIp: ip, browserNonce: BROWSER, now: at });

/** Presses Sign in on a link in the browser that asked for it, after `previousSession`; the session, or null. */
async function signIn(db: Database, token: string, previousSession: string | undefined, at: Date) {
  const signedIn = await signInWithLink(db, token, { previousSession, browserNonce: BROWSER }, at);
  return signedIn.ok ? signedIn : null;
}

describeEachEngine("a rider's sign-in link", (getDb) => {
  it("works once, within 15 minutes, and makes the account on the first sign-in", async () => {
    const db = getDb();
    expect(await ask(db, "asha@example.com")).toEqual({ ok: true });
    const token = await lastToken(db);
    expect(await db.selectFrom("riders").selectAll().execute()).toHaveLength(0);

    const first = await signIn(db, token, undefined, minutes(14));
    expect(first?.rider.email).toBe("asha@example.com");
    expect((await resolveRiderSession(db, first!.sessionToken, minutes(14)))?.id).toBe(first!.rider.id);
    expect(await signIn(db, token, undefined, minutes(14))).toBeNull();

    await ask(db, "asha@example.com", { at: minutes(20) });
    const late = await lastToken(db);
    expect(await signIn(db, late, undefined, minutes(35))).toBeNull();
    expect(await signIn(db, "not-a-token", undefined, minutes(20))).toBeNull();

    // The same account at the next sign-in; the browser's earlier session ends (rotation).
    await ask(db, "Asha@Example.com", { at: minutes(40) });
    const again = await signIn(db, await lastToken(db), first!.sessionToken, minutes(41));
    expect(again?.rider.id).toBe(first!.rider.id);
    expect(await resolveRiderSession(db, first!.sessionToken, minutes(41))).toBeNull();
  });

  it("answers a known and an unknown address alike, and mails a link that says how it works", async () => {
    const db = getDb();
    await findOrCreateRider(db, "known@example.com", NOW);
    expect(await ask(db, "known@example.com")).toEqual(await ask(db, "nobody@example.com"));
    const mails = await signInMails(db);
    expect(mails.map((mail) => mail.email).sort()).toEqual(["known@example.com", "nobody@example.com"]);
    // The admins' list of failed deliveries names no address.
    expect(mails.every((mail) => !mail.label.includes("@"))).toBe(true);
    const mail = signInLinkMail("known@example.com", mails[0]!.link);
    expect(mail.subject).toMatch(/^Your sign-in link/);
    expect(mail.text).toContain(mails[0]!.link);
    expect(mail.text).toContain("works once, within 15 minutes");
    expect(mail.text).toContain("If you did not ask to sign in");
  });

  it("throttles requests per address and per network, with no count left by a refused one", async () => {
    const db = getDb();
    for (let i = 0; i < SIGN_IN_LINKS_PER_ADDRESS; i++) expect((await ask(db, "flood@example.com")).ok).toBe(true);
    const refused = await ask(db, "flood@example.com");
    expect(refused).toMatchObject({ ok: false });
    expect(await signInMails(db)).toHaveLength(SIGN_IN_LINKS_PER_ADDRESS);
    // Another network asks for the same address: still the address's limit.
    expect((await ask(db, "flood@example.com", { ip: "198.51.100.9" })).ok).toBe(false);
    // Once the window has passed, it may ask again.
    expect((await ask(db, "flood@example.com", { at: minutes(16) })).ok).toBe(true);

    const network = "192.0.2.44";
    const left = SIGN_IN_LINKS_PER_NETWORK;
    for (let i = 0; i < left; i++) expect((await ask(db, `r${i}@example.com`, { ip: network })).ok).toBe(true);
    expect((await ask(db, "one-more@example.com", { ip: network })).ok).toBe(false);
    // Another network may ask, for the same address: the refused request did not count for it.
    expect((await ask(db, "one-more@example.com", { ip: "192.0.2.45" })).ok).toBe(true);
  });
});

describeEachEngine("rider sessions and the team's", (getDb) => {
  it("never answer for each other", async () => {
    const db = getDb();
    const userId = randomUUID();
    await insertUser(db, { id: userId, email: "owner@example.com", role: "owner" });
    const admin = await createSession(db, userId, NOW);
    await ask(db, "owner@example.com");
    const rider = await signIn(db, await lastToken(db), undefined, NOW);

    expect(await resolveSession(db, rider!.sessionToken, NOW)).toBeNull();
    expect(await resolveRiderSession(db, admin.token, NOW)).toBeNull();
    expect((await resolveSession(db, admin.token, NOW))?.user.id).toBe(userId);
  });

  it("all end at once when the rider signs out everywhere, and only theirs", async () => {
    const db = getDb();
    const asha = await findOrCreateRider(db, "asha@example.com", NOW);
    const ravi = await findOrCreateRider(db, "ravi@example.com", NOW);
    const phone = await startRiderSession(db, asha.id, undefined, NOW);
    const laptop = await startRiderSession(db, asha.id, undefined, NOW);
    const other = await startRiderSession(db, ravi.id, undefined, NOW);

    await revokeAllRiderSessions(db, asha.id);
    expect(await resolveRiderSession(db, phone, NOW)).toBeNull();
    expect(await resolveRiderSession(db, laptop, NOW)).toBeNull();
    expect((await resolveRiderSession(db, other, NOW))?.id).toBe(ravi.id);
  });
});

describeEachEngine("a booking joining an account", (getDb) => {
  async function booking(db: Database, n: number, email: string) {
    const ride = await siteRide(db, { seats: 5 }, { title: `Coorg ${n}` });
    return registerRider(db, ride.id, riderForm(n, { email }), NOW);
  }

  async function credit(db: Database, registrationId: string, riderId: string | null) {
    await db
      .insertInto("credit_entries")
      .values({
        id: randomUUID(),
        rider_id: riderId,
        registration_id: registrationId,
        kind: "cancellation",
        state: "pending",
        amount_paise: 200000,
        note: "",
        created_at: NOW.toISOString(),
        decided_at: null,
        decided_by: null,
      })
      .execute();
  }

  const creditAccounts = async (db: Database) =>
    (await db.selectFrom("credit_entries").select("rider_id").execute()).map((entry) => entry.rider_id);

  it("takes an older booking and its credit in no account, once, with a trail naming only the reference", async () => {
    const db = getDb();
    const asha = await findOrCreateRider(db, "asha@example.com", NOW);
    setBookingLinkSecret("a test secret", pino({ level: "silent" }));
    const { registration, token } = await booking(db, 1, "Asha@Example.com");
    await credit(db, registration.id, null);

    // Opening its page only offers it (decision 042); a press joins it.
    expect(bookingAccountOf(asha, registration)).toBe("offered");
    expect((await getRegistration(db, registration.id))?.riderId).toBeNull();
    expect(await joinBooking(db, asha.id, registration.id, NOW)).toBe("joined");
    expect((await getRegistration(db, registration.id))?.riderId).toBe(asha.id);
    expect(await creditAccounts(db)).toEqual([asha.id]);
    const trail = await db.selectFrom("audit_log").selectAll().where("collection", "=", "riders").execute();
    expect(trail.map((entry) => entry.summary)).toEqual([`Booking ${registration.reference} joined a rider's account`]);
    expect(await joinBooking(db, asha.id, registration.id, NOW)).toBe("yours");

    const rides = await myRides(db, asha.id, NOW);
    expect(rides.upcoming).toMatchObject([
      { reference: registration.reference, statusLabel: "Confirmed", href: `/booking/${token}` },
    ]);
    expect(rides.past).toEqual([]);
  });

  it("leaves a booking in another account where it is, with its credit", async () => {
    const db = getDb();
    const asha = await findOrCreateRider(db, "asha@example.com", NOW);
    const ravi = await findOrCreateRider(db, "ravi@example.com", NOW);
    const { registration } = await booking(db, 2, "asha@example.com");
    expect(await joinBooking(db, asha.id, registration.id, NOW)).toBe("joined");
    await credit(db, registration.id, null);

    expect(await joinBooking(db, ravi.id, registration.id, NOW)).toBe("elsewhere");
    expect((await getRegistration(db, registration.id))?.riderId).toBe(asha.id);
    // Nor does another address's booking in none join on a press.
    const { registration: ashas } = await booking(db, 3, "asha@example.com");
    expect(await joinBooking(db, ravi.id, ashas.id, NOW)).toBe("other-email");
    expect((await getRegistration(db, ashas.id))?.riderId).toBeNull();
    expect(await creditAccounts(db)).toEqual([null]);
    expect((await myRides(db, ravi.id, NOW)).upcoming).toEqual([]);
  });
});

describeEachEngine("a booking made signed in", (getDb) => {
  let nextAddress = 0;
  /** Asha, signed in, books on the form with `email`, asking to save her details and spend her credit. */
  async function bookSignedIn(db: Database, riderId: string, n: number, email: string) {
    const ride = await siteRide(db, { seats: 5 }, { title: `Hampi ${n}` });
    nextAddress += 1;
    const result = await register(db, ride.id, riderForm(n, { email, saveDetails: "on", useCredit: "on" }), {
      clientIp: `10.7.0.${nextAddress}`,
      origin: ORIGIN,
      riderId,
      now: NOW,
    });
    if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
    return result;
  }

  /** Asha's account with ₹2,000 of confirmed credit. */
  async function ashaWithCredit(db: Database) {
    const asha = await findOrCreateRider(db, "asha@example.com", NOW);
    await adjustCredit(db, asha.id, { amount: "2000", note: "Opening" }, { actor: { id: null, email: "a@x.test" } });
    return asha;
  }

  it("joins the account only with the account's address: a friend's booking joins none, keeps no details, spends no credit", async () => {
    const db = getDb();
    const asha = await ashaWithCredit(db);
    setBookingLinkSecret("a test secret", pino({ level: "silent" }));

    const friends = await bookSignedIn(db, asha.id, 1, "ravi@example.com");
    expect(friends.registration.riderId).toBeNull();
    expect((await bookingPart(db, friends.registration.id)).creditPaise).toBe(0);
    expect((await getRegistration(db, friends.registration.id))?.riderId).toBeNull();
    expect(await savedDetailsOf(db, asha.id)).toBeNull();
    expect(await creditLeftOf(db, asha.id)).toBe(200000);
    expect((await creditEntriesOf(db, asha.id)).map((entry) => entry.kind)).toEqual(["adjustment"]);
    expect((await myRides(db, asha.id, NOW)).upcoming).toEqual([]);
    // Its own rider adds it from its link, signed in with its address.
    const ravi = await findOrCreateRider(db, "ravi@example.com", NOW);
    expect(await joinBooking(db, asha.id, friends.registration.id, NOW)).toBe("other-email");
    expect(await joinBooking(db, ravi.id, friends.registration.id, NOW)).toBe("joined");

    // Her own, in any case and spacing, joins, keeps her details and spends her credit.
    const own = await bookSignedIn(db, asha.id, 2, " Asha@Example.COM ");
    expect(own.registration.riderId).toBe(asha.id);
    expect((await bookingPart(db, own.registration.id)).creditPaise).toBe(200_000);
    expect((await savedDetailsOf(db, asha.id))?.details).toMatchObject({ name: "Rider 2" });
    expect(await creditLeftOf(db, asha.id)).toBe(0);
    // My rides reads the booking's ledger: ₹2,000 of the ₹10,000 paid with credit, the rest to pay.
    expect((await myRides(db, asha.id, NOW)).upcoming).toMatchObject([
      {
        reference: own.registration.reference,
        booking: { amount: "₹10,000", paid: false, credit: "₹2,000", left: "₹8,000" },
      },
    ]);
  });

  it("joins no account when booked signed in with no email", async () => {
    const db = getDb();
    const asha = await ashaWithCredit(db);
    const result = await bookSignedIn(db, asha.id, 3, "");
    expect(result.registration.riderId).toBeNull();
    expect((await bookingPart(db, result.registration.id)).creditPaise).toBe(0);
    expect(await savedDetailsOf(db, asha.id)).toBeNull();
    expect(await creditLeftOf(db, asha.id)).toBe(200000);
  });

  it("gives a seat taken over signed in to the account only with the account's address", async () => {
    const db = getDb();
    const asha = await findOrCreateRider(db, "asha@example.com", NOW);
    const ride = await siteRide(db, { seats: 5 }, { title: "Spiti" });
    const seat = (n: number) => registerRider(db, ride.id, riderForm(n, { email: `giver${n}@example.com` }), NOW);
    const take = async (n: number, email: string) => {
      const given = await seat(n);
      const transfer = await offerTransferByToken(db, given.token, NOW);
      const form = riderForm(n + 10, { email });
      const result = await acceptTransfer(db, transfer.token, form, {
        clientIp: `10.8.0.${n}`,
        origin: ORIGIN,
        riderId: asha.id,
        now: NOW,
      });
      expect(result.ok).toBe(true);
      return (await getRegistration(db, given.registration.id))?.riderId;
    };
    expect(await take(1, "ravi@example.com")).toBeNull();
    expect(await take(2, "ASHA@example.com")).toBe(asha.id);
  });
});
