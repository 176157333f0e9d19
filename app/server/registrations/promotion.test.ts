import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Ride } from "~/domain/ride";
import { describeEachEngine } from "../../../tests/support/databases";
import { rideInput } from "../../../tests/support/fixtures";
import { registerRider, riderForm } from "../../../tests/support/registration-fixtures";
import { type LocalSmtp, startLocalSmtp } from "../../../tests/support/smtp";
import type { Database } from "../db/schema.server";
import { createMailer } from "../mail/mailer.server";
import { dispatcherFor } from "../commands/command.server";
import { openOutbox } from "../outbox/start-outbox.server";
import { listRecentActivity } from "../audit/audit.server";
import { cancelByToken, cancelRegistration, eraseByToken } from "./cancel.server";
import { getRegistrationByToken } from "./queries.server";
import { restoreRevision } from "../publishing/restore-revision.server";
import { listRevisions } from "../publishing/revisions.server";
import { createRide, getRide, setRideStatus, updateRide } from "../rides/rides.server";

// Every path that frees or adds seats confirms the waitlisted riders who now fit, first
// registered first, in the transaction that frees them, and mails each (decision 029): the one
// promotion of seats.server.ts, its mail delivered from the outbox.

const ADMIN = { id: null, email: "admin@example.com" };
const NOW = new Date("2027-01-10T10:00:00Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);

let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(async () => {
  await smtp.close();
});

/** The server's dispatcher on this database: mail to the local SMTP server. */
function deliverMail(db: Database): void {
  const logger = pino({ level: "silent" });
  const mailer = createMailer({ smtpUrl: smtp.url, from: "Roadbook <rides@roadbook.test>" }, logger);
  openOutbox({ db, mailer, logger });
}

let riderNumber = 0;

/**
 * A ride with one seat: one confirmed rider, then three waitlisted: one with a pillion (two
 * seats), then two solo riders. One freed seat goes to the first solo rider waiting.
 */
async function fullRide(db: Database) {
  const ride = await createRide(
    db,
    rideInput({
      title: `Spiti ${++riderNumber}`,
      registration: { mode: "site", seats: 1, waitlist: true, options: { pillion: { offered: true } } },
    }),
  );
  const n = (riderNumber += 10);
  const email = (k: number) => `rider-${n + k}@example.com`;
  const holder = await registerRider(db, ride.id, riderForm(n, { email: email(0) }), NOW);
  const pillion = await registerRider(
    db,
    ride.id,
    riderForm(n + 1, {
      option: "pillion",
      email: email(1),
      pillionName: "Meera",
      pillionPhone: "+91 98765 43210",
      pillionEmergencyPhone: "+91 98765 43211",
    }),
    later(1),
  );
  const first = await registerRider(db, ride.id, riderForm(n + 2, { email: email(2) }), later(2));
  const second = await registerRider(db, ride.id, riderForm(n + 3, { email: email(3) }), later(3));
  return { ride, holder, pillion, first, second, email };
}

type Setup = Awaited<ReturnType<typeof fullRide>>;

async function statusOf(db: Database, token: string) {
  return (await getRegistrationByToken(db, token))?.status;
}

/** The seat-confirmed mails `address` received (each rider also had the registration's). */
const promotionMails = (address: string) =>
  smtp.mails.filter(
    (mail) => mail.to.includes(address) && mail.raw.replace(/=\r?\n/g, "").includes("you were next on the waitlist"),
  );

/** Who holds a seat now, who was mailed it, and the outbox entry of the mail. */
async function outcome(db: Database, setup: Setup) {
  // Mail goes out after the command's answer: wait for it.
  await dispatcherFor(db).settled();
  const outbox = await db.selectFrom("outbox").selectAll().where("kind", "=", "seat-confirmed-mail").execute();
  const entry = outbox.find((row) => row.label.endsWith(setup.first.registration.reference));
  return {
    statuses: [
      await statusOf(db, setup.pillion.token),
      await statusOf(db, setup.first.token),
      await statusOf(db, setup.second.token),
    ],
    mailed: [1, 2, 3].map((k) => promotionMails(setup.email(k)).length),
    entry: entry && { payload: entry.payload, attempts: entry.attempts, delivered: entry.delivered_at !== null },
  };
}

/** The rider with a pillion waits; the first solo rider is confirmed and mailed once, by a delivered entry whose link is gone. */
const FIRST_PROMOTED = {
  statuses: ["waitlisted", "confirmed", "waitlisted"],
  mailed: [0, 1, 0],
  entry: { payload: "{}", attempts: 0, delivered: true },
};

const moreSeats = (ride: Ride, seats: number) => ({ ...ride, registration: { ...ride.registration, seats } });

describeEachEngine("promotion from the waitlist", (getDb) => {
  it("when the rider cancels through the link", async () => {
    deliverMail(getDb());
    const setup = await fullRide(getDb());
    await cancelByToken(getDb(), setup.holder.token, later(10));
    expect(await outcome(getDb(), setup)).toEqual(FIRST_PROMOTED);
  });

  it("when the rider erases their booking", async () => {
    deliverMail(getDb());
    const setup = await fullRide(getDb());
    await eraseByToken(getDb(), setup.holder.token, later(10));
    expect(await outcome(getDb(), setup)).toEqual(FIRST_PROMOTED);
  });

  it("when an admin cancels", async () => {
    deliverMail(getDb());
    const setup = await fullRide(getDb());
    const { promoted } = await cancelRegistration(getDb(), setup.holder.registration.id, { actor: ADMIN });
    expect(promoted.map((entry) => entry.reference)).toEqual([setup.first.registration.reference]);
    expect(await outcome(getDb(), setup)).toEqual(FIRST_PROMOTED);
  });

  it("when an admin saves the ride with one more seat", async () => {
    deliverMail(getDb());
    const setup = await fullRide(getDb());
    await updateRide(getDb(), setup.ride.id, moreSeats((await getRide(getDb(), setup.ride.id))!, 2), { actor: ADMIN });
    expect(await outcome(getDb(), setup)).toEqual(FIRST_PROMOTED);
  });

  it("when an admin restores a revision with more seats", async () => {
    deliverMail(getDb());
    const setup = await fullRide(getDb());
    const current = (await getRide(getDb(), setup.ride.id))!;
    // Two seats for a moment, back to one: the first save already promotes, so cancel that rider's seat back.
    await updateRide(getDb(), setup.ride.id, moreSeats(current, 2), { actor: ADMIN });
    const saved = (await getRide(getDb(), setup.ride.id))!;
    await updateRide(getDb(), setup.ride.id, moreSeats(saved, 1), { actor: ADMIN });
    await cancelRegistration(getDb(), setup.holder.registration.id, { actor: ADMIN });
    // Now the first solo rider holds the one seat; the second solo rider waits.
    expect(await statusOf(getDb(), setup.second.token)).toBe("waitlisted");
    const twoSeats = (await listRevisions(getDb(), "rides", setup.ride.id)).find(
      (revision) => (revision.data.registration as { seats: number }).seats === 2,
    )!;
    const before = (await getRide(getDb(), setup.ride.id))!;
    await restoreRevision(getDb(), twoSeats.id, ADMIN, { expectedVersion: before.version });
    expect(await statusOf(getDb(), setup.second.token)).toBe("confirmed");
    await dispatcherFor(getDb()).settled();
    expect(promotionMails(setup.email(3))).toHaveLength(1);
  });

  it("when a cancelled ride is upcoming again", async () => {
    deliverMail(getDb());
    const setup = await fullRide(getDb());
    await setRideStatus(getDb(), setup.ride.id, "cancelled", { actor: ADMIN });
    // Its seats were freed while it was cancelled: no one is confirmed into a cancelled ride.
    await cancelRegistration(getDb(), setup.holder.registration.id, { actor: ADMIN });
    expect(await statusOf(getDb(), setup.first.token)).toBe("waitlisted");
    await setRideStatus(getDb(), setup.ride.id, "upcoming", { actor: ADMIN });
    expect(await outcome(getDb(), setup)).toEqual(FIRST_PROMOTED);
  });

  it("records each change and promotion in the trail, under booking references only", async () => {
    const setup = await fullRide(getDb());
    const [a, b] = [setup.holder.registration.reference, setup.first.registration.reference];
    await cancelByToken(getDb(), setup.holder.token, later(10));
    await eraseByToken(getDb(), setup.second.token, later(11));
    const summaries = (await listRecentActivity(getDb(), 100)).map((entry) => entry.summary);
    const title = setup.ride.title;
    expect(summaries).toEqual(
      expect.arrayContaining([
        `Booking ${a} registered for "${title}"`,
        `Booking ${b} joined the waitlist for "${title}"`,
        `Booking ${a} on "${title}" cancelled by the rider`,
        `${b} confirmed from the waitlist of "${title}": booking ${a} was cancelled`,
        `Booking ${setup.second.registration.reference} on "${title}" cancelled by the rider, personal data erased`,
      ]),
    );
    expect(summaries.join("\n")).not.toMatch(/Rider \d|98000|example\.com|Ravi|Meera/);
  });
});
