import pino from "pino";
import { afterEach, beforeEach, expect, it } from "vitest";
import { notifyContentChanged, onContentChanged, type ContentChange } from "~/server/content-events.server";
import { describeEachEngine } from "../../../../tests/support/databases";
import { rideInput } from "../../../../tests/support/fixtures";
import { registerRider, riderForm } from "../../../../tests/support/registration-fixtures";
import { listRecentActivity } from "~/server/audit/audit.server";
import { attachDispatcher } from "~/server/commands/command.server";
import type { Database } from "~/server/db/schema.server";
import { createDispatcher } from "~/server/outbox/dispatcher.server";
import { eraseByToken } from "~/server/registrations/cancel.server";
import { setCheckedIn } from "~/features/ride-day/server/check-in.server";
import { eraseExpiredRegistrations } from "~/server/registrations/erasure.server";
import { updatesFor } from "~/features/rider-messages/server/queries.server";
import { scheduleReminders, sendDueReminders } from "~/features/rider-messages/server/reminder-schedule.server";
import { createRide } from "~/server/rides/rides.server";
import { ConflictError, ValidationError } from "~/server/validation/errors.server";
import { sendDueFeedbackAsks } from "./ask-schedule.server";
import {
  answerByToken,
  FEEDBACK_CHANGED,
  FEEDBACK_LOCKED,
  FEEDBACK_NOT_OPEN,
  FEEDBACK_NOT_WITHDRAWABLE,
  FEEDBACK_WITHDRAWN,
  reviewFeedback,
  withdrawByToken,
} from "./commands.server";
import {
  aboutTestimonials,
  feedbackOfRegistration,
  feedbackOfRide,
  ratingSummariesOf,
  routeTestimonials,
  testimonialsOfRide,
} from "./queries.server";
import { feedbackVersion } from "./rows.server";

// Riders' words (docs/features/ride-words.md): one answer per checked-in rider and ride,
// editable until approved, withdrawable after; moderated and audited; asked for once after
// the ride; erased with the registration.

const ADMIN = { id: null, email: "admin@example.com" };
const REGISTERED = new Date("2027-01-10T10:00:00Z");
// rideInput's ride runs 2027-06-10 to 2027-06-18: over at 2027-06-18T18:30Z (midnight in India),
// the ask due on 2027-06-20 at 09:00 India time (03:30 UTC).
const DURING = new Date("2027-06-12T10:00:00Z");
const AFTER = new Date("2027-06-19T10:00:00Z");
const at = (iso: string) => ({ now: new Date(iso), origin: "https://roadbook.test" });

let n = 0;
/** Asha and Bela checked in, Chitra confirmed but never came. */
async function riddenRide(db: Database, overrides: Record<string, unknown> = {}) {
  // Mail waits in the outbox; content events reach the listeners as the server's would.
  attachDispatcher(
    db,
    createDispatcher({ db, deliveries: { "content-changed": ({ change }) => notifyContentChanged(change) } }),
  );
  const ride = await createRide(
    db,
    rideInput({ title: `Zanskar ${++n}`, registration: { mode: "site", seats: 5 }, ...overrides }),
  );
  const base = (n += 10) * 10;
  const rider = (k: number, name: string) => registerRider(db, ride.id, riderForm(base + k, { name }), REGISTERED);
  const asha = await rider(1, "Asha Rao");
  const bela = await rider(2, "Bela Das");
  const chitra = await rider(3, "Chitra Sen");
  for (const { registration } of [asha, bela]) {
    await setCheckedIn(db, registration.id, true, { actor: ADMIN, now: DURING });
  }
  return { ride, asha, bela, chitra };
}

async function refusal(write: Promise<unknown>): Promise<string> {
  const error = await write.then(
    () => new Error("accepted"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return Object.values((error as ValidationError).errors)[0]!;
}

describeEachEngine("riders' words", (getDb) => {
  let changes: ContentChange[] = [];
  let unsubscribe: () => void = () => {};
  beforeEach(() => {
    changes = [];
    unsubscribe = onContentChanged((change) => changes.push(change));
  });
  afterEach(() => unsubscribe());

  it("take one answer per checked-in rider once the ride is over, editable until approved", async () => {
    const db = getDb();
    const { ride, asha, chitra } = await riddenRide(db);
    changes = [];
    const answer = { rating: "5", words: "Best ten days of my year." };
    expect(await refusal(answerByToken(db, asha.token, answer, DURING))).toBe(FEEDBACK_NOT_OPEN);
    expect(await refusal(answerByToken(db, chitra.token, answer, AFTER))).toBe(FEEDBACK_NOT_OPEN);
    expect(await refusal(answerByToken(db, asha.token, { rating: "9", words: "x" }, AFTER))).toBe(
      "Choose a rating from 1 to 5",
    );

    const first = await answerByToken(db, asha.token, answer, AFTER);
    expect(first).toMatchObject({ rating: 5, words: answer.words, credit: "Asha", status: "pending" });
    const edited = await answerByToken(db, asha.token, { rating: "4", words: "Great, if cold." }, AFTER);
    expect(edited).toMatchObject({ id: first.id, rating: 4, words: "Great, if cold.", status: "pending" });
    expect(await feedbackOfRide(db, ride.id)).toHaveLength(1);
    // Nothing public before approval, and the pages were not told of anything.
    expect(await testimonialsOfRide(db, ride.id)).toEqual([]);
    expect(changes).toEqual([]);

    await reviewFeedback(
      db,
      { rideId: ride.id, feedbackId: first.id, decision: "approve", version: feedbackVersion(edited), actor: ADMIN },
      AFTER,
    );
    expect(await refusal(answerByToken(db, asha.token, answer, AFTER))).toBe(FEEDBACK_LOCKED);
    expect(await testimonialsOfRide(db, ride.id)).toEqual([
      { id: first.id, rating: 4, words: "Great, if cold.", credit: "Asha" },
    ]);
    expect(changes).toEqual([{ collection: "rides", id: ride.id, action: "updated" }]);
  });

  it("are approved only as the admin read them: words edited since are refused, stay waiting and off the pages", async () => {
    const db = getDb();
    const { ride, asha } = await riddenRide(db);
    const read = await answerByToken(db, asha.token, { rating: "5", words: "Unforgettable." }, AFTER);
    const seen = feedbackVersion(read);
    // The rider edits after the admin opened the page, before they press Approve.
    await answerByToken(db, asha.token, { rating: "1", words: "Unread words." }, new Date(AFTER.getTime() + 1000));
    const approve = (version: unknown) =>
      reviewFeedback(db, { rideId: ride.id, feedbackId: read.id, decision: "approve", version, actor: ADMIN }, AFTER);

    for (const version of [seen, undefined, "", 42]) {
      const error = await approve(version).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(ConflictError);
      expect((error as ConflictError<unknown>).message).toBe(FEEDBACK_CHANGED);
    }
    expect((await feedbackOfRide(db, ride.id))[0]).toMatchObject({ status: "pending", words: "Unread words." });
    expect(await testimonialsOfRide(db, ride.id)).toEqual([]);

    // Read again, the words the admin now saw are approved.
    const [now] = await feedbackOfRide(db, ride.id);
    await approve(feedbackVersion(now!));
    expect(await testimonialsOfRide(db, ride.id)).toEqual([
      { id: read.id, rating: 1, words: "Unread words.", credit: "Asha" },
    ]);
  });

  it("are approved or hidden by an admin, audited, and withdrawn by the rider at once", async () => {
    const db = getDb();
    const { ride, asha, bela } = await riddenRide(db);
    changes = [];
    const a = await answerByToken(db, asha.token, { rating: "5", words: "Unforgettable." }, AFTER);
    const b = await answerByToken(db, bela.token, { rating: "4", words: "Well run." }, AFTER);
    expect(await refusal(withdrawByToken(db, asha.token, AFTER))).toBe(FEEDBACK_NOT_WITHDRAWABLE);
    expect(
      await refusal(
        reviewFeedback(db, { rideId: ride.id, feedbackId: a.id, decision: "publish", actor: ADMIN }, AFTER),
      ),
    ).toBe("Choose Approve or Hide");

    for (const read of [a, b]) {
      const version = feedbackVersion(read);
      await reviewFeedback(
        db,
        { rideId: ride.id, feedbackId: read.id, decision: "approve", version, actor: ADMIN },
        AFTER,
      );
    }
    expect(await ratingSummariesOf(db, [ride.id, "other"])).toEqual({ [ride.id]: { average: 4.5, count: 2 } });
    await reviewFeedback(db, { rideId: ride.id, feedbackId: b.id, decision: "hide", actor: ADMIN }, AFTER);
    expect((await testimonialsOfRide(db, ride.id)).map((t) => t.credit)).toEqual(["Asha"]);
    // Hidden words may be edited: they go back to the admins.
    expect(await answerByToken(db, bela.token, { rating: "4", words: "Well run, truly." }, AFTER)).toMatchObject({
      status: "pending",
    });

    const withdrawn = await withdrawByToken(db, asha.token, AFTER);
    expect(withdrawn.status).toBe("withdrawn");
    expect(await testimonialsOfRide(db, ride.id)).toEqual([]);
    expect(await ratingSummariesOf(db, [ride.id])).toEqual({});
    expect(await refusal(answerByToken(db, asha.token, { rating: "1", words: "Changed my mind" }, AFTER))).toBe(
      FEEDBACK_WITHDRAWN,
    );
    expect(
      await refusal(
        reviewFeedback(db, { rideId: ride.id, feedbackId: a.id, decision: "approve", actor: ADMIN }, AFTER),
      ),
    ).toBe(FEEDBACK_WITHDRAWN);
    expect(changes.filter((change) => change.id === ride.id)).toHaveLength(4);

    const trail = (await listRecentActivity(db)).filter((entry) => entry.collection === "rideFeedback");
    expect(trail.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        `Approved Asha's words on "${ride.title}"`,
        `Hid Bela's words on "${ride.title}"`,
        `Booking ${asha.registration.reference} on "${ride.title}" withdrew their words`,
      ]),
    );
    expect(trail.find((entry) => entry.summary.startsWith("Approved Asha"))?.actorEmail).toBe(ADMIN.email);
    // No one's full name in the trail.
    expect(trail.some((entry) => entry.summary.includes("Rao"))).toBe(false);
  });

  it("ask once, after the ride, only the checked-in riders who have not answered, catching up after downtime", async () => {
    const db = getDb();
    const { ride, asha, bela, chitra } = await riddenRide(db);
    await answerByToken(db, bela.token, { rating: "5", words: "Already said it." }, AFTER);
    const asks = async (id: string) =>
      (await updatesFor(db, id)).filter((update) => update.subject === `How was ${ride.title}?`);
    expect(await sendDueFeedbackAsks(db, at("2027-06-20T03:29:59Z"))).toBe(0);
    // The server was down at the due time: the first poll after sends it, once.
    expect(await sendDueFeedbackAsks(db, at("2027-06-22T08:00:00Z"))).toBe(1);
    expect(await sendDueFeedbackAsks(db, at("2027-06-22T08:05:00Z"))).toBe(0);
    expect(await sendDueReminders(db, at("2027-06-22T08:05:00Z"))).toBe(0);
    expect(await asks(asha.registration.id)).toHaveLength(1);
    expect((await asks(asha.registration.id))[0]!.body).toContain("rating from 1 to 5");
    expect(await asks(bela.registration.id)).toHaveLength(0);
    expect(await asks(chitra.registration.id)).toHaveLength(0);
  });

  it("are asked for by the server's reminder poll, by its clock", async () => {
    const db = getDb();
    const { ride, asha } = await riddenRide(db);
    const lines: { asks?: number }[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const job = scheduleReminders(db, {
      pollMs: 60 * 60 * 1000,
      origin: "https://roadbook.test",
      clock: () => new Date("2027-06-20T04:00:00Z"),
      logger,
    });
    // The poll runs at once; stop() waits for that run.
    await job.stop();
    const subjects = (await updatesFor(db, asha.registration.id)).map((update) => update.subject);
    expect(subjects).toContain(`How was ${ride.title}?`);
    expect(lines.some((line) => line.asks === 1)).toBe(true);
  });

  it("are not asked for weeks late", async () => {
    const db = getDb();
    await riddenRide(db);
    expect(await sendDueFeedbackAsks(db, at("2027-07-20T03:30:00Z"))).toBe(0);
  });

  it("go with the registration when it is erased, and the pages refresh", async () => {
    const db = getDb();
    const { ride, asha, bela } = await riddenRide(db);
    const a = await answerByToken(db, asha.token, { rating: "5", words: "Unforgettable." }, AFTER);
    const b = await answerByToken(db, bela.token, { rating: "3", words: "Cold." }, AFTER);
    for (const read of [a, b]) {
      const version = feedbackVersion(read);
      await reviewFeedback(
        db,
        { rideId: ride.id, feedbackId: read.id, decision: "approve", version, actor: ADMIN },
        AFTER,
      );
    }
    changes = [];
    await eraseByToken(db, asha.token, AFTER);
    expect(await feedbackOfRegistration(db, asha.registration.id)).toBeNull();
    expect((await testimonialsOfRide(db, ride.id)).map((t) => t.credit)).toEqual(["Bela"]);
    expect(changes).toContainEqual({ collection: "rides", id: ride.id, action: "updated" });

    changes = [];
    // The retention sweep, long after: the rest go too.
    expect(await eraseExpiredRegistrations(db, 30, new Date("2027-09-01T00:00:00Z"))).toBeGreaterThan(0);
    expect(await feedbackOfRide(db, ride.id)).toEqual([]);
    expect(changes).toContainEqual({ collection: "rides", id: null, action: "updated" });
  });

  it("show on upcoming rides of the same route and, a few a day, on the About page", async () => {
    const db = getDb();
    const { ride, asha } = await riddenRide(db, { title: "Chadar Trail 2027" });
    const a = await answerByToken(db, asha.token, { rating: "5", words: "Frozen magic." }, AFTER);
    const version = feedbackVersion(a);
    await reviewFeedback(db, { rideId: ride.id, feedbackId: a.id, decision: "approve", version, actor: ADMIN }, AFTER);
    const next = await createRide(
      db,
      rideInput({ title: "Chadar Trail 2028", startDate: "2028-01-10", endDate: "2028-01-18" }),
    );
    const other = await createRide(
      db,
      rideInput({ title: "Kutch Desert", startDate: "2028-01-10", endDate: "2028-01-18" }),
    );
    expect(await routeTestimonials(db, next, AFTER)).toEqual([
      { id: a.id, rating: 5, words: "Frozen magic.", credit: "Asha", rideTitle: "Chadar Trail 2027" },
    ]);
    expect(await routeTestimonials(db, other, AFTER)).toEqual([]);
    expect(await routeTestimonials(db, ride, AFTER)).toEqual([]);
    const about = await aboutTestimonials(db, AFTER);
    expect(about.length).toBeGreaterThan(0);
    expect(about.length).toBeLessThanOrEqual(3);
    expect(await aboutTestimonials(db, new Date(AFTER.getTime() + 60_000))).toEqual(about);
  });
});
