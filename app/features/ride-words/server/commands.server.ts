import { randomUUID } from "node:crypto";
import type { AuditActor } from "~/domain/audit";
import { mayAnswer } from "~/features/ride-words/domain/ask";
import {
  canEditFeedback,
  canWithdrawFeedback,
  feedbackInputSchema,
  REVIEW_DECISIONS,
  reviewedStatus,
  type RideFeedback,
  type ReviewDecision,
} from "~/features/ride-words/domain/feedback";
import type { Ride } from "~/domain/ride";
import { firstName } from "~/features/rider-messages/domain/rider-text";
import { type Command, runCommand } from "~/server/commands/command.server";
import type { Database } from "~/server/db/schema.server";
import { getRegistrationByToken } from "~/server/registrations/queries.server";
import { REGISTRATION_NOT_FOUND } from "~/server/registrations/locked-registration.server";
import type { Registration } from "~/server/registrations/rows.server";
import { lockRide } from "~/server/registrations/seats.server";
import { ConflictError, NotFoundError, refuse } from "~/server/validation/errors.server";
import { auditRiderChange, onRide } from "~/server/registrations/booking-audit.server";
import { parseOrThrow } from "~/server/validation/validate.server";
import { feedbackOfRegistration } from "./queries.server";
import { feedbackFromRow, feedbackVersion } from "./rows.server";
import { ridePagesChanged } from "~/server/rides/pages-changed.server";
import { serverClock } from "~/server/clock.server";

// Riders' words (docs/features/ride-words.md): the rider answers and withdraws through their
// private link, an admin approves or hides; each under the ride's lock, audited, and what
// changes the public pages announces it (the render cache drops them at once).

export const FEEDBACK_NOT_OPEN = "You can rate the ride once it is over, if you were checked in on it";
export const FEEDBACK_LOCKED = "Your words are approved and can no longer be changed: withdraw them instead";
export const FEEDBACK_NOT_WITHDRAWABLE = "Only approved words can be withdrawn";
export const FEEDBACK_NOT_FOUND = "This answer no longer exists";
export const FEEDBACK_WITHDRAWN = "These words were withdrawn by the rider";
export const FEEDBACK_CHANGED =
  "The rider changed these words after you opened this page, so they were not approved. Read them again below, then approve or hide them.";

/**
 * Runs `work` on the rider's registration behind `token`, read again under its ride's lock, with
 * the rider's answer if any. Unknown, erased or malformed tokens are not found.
 */
async function withRider<T>(
  db: Database,
  token: string,
  now: Date,
  work: (command: Command, registration: Registration, ride: Ride | null, feedback: RideFeedback | null) => Promise<T>,
): Promise<T> {
  const before = await getRegistrationByToken(db, token);
  if (!before) throw new NotFoundError(REGISTRATION_NOT_FOUND);
  return runCommand(
    db,
    async (command) => {
      const ride = await lockRide(command.trx, before.rideId);
      const registration = await getRegistrationByToken(command.trx, token);
      if (!registration) throw new NotFoundError(REGISTRATION_NOT_FOUND);
      return work(command, registration, ride, await feedbackOfRegistration(command.trx, registration.id));
    },
    now,
  );
}

/**
 * The rider's answer, new or edited: a rating and a few words, editable until approved (an
 * edited hidden answer goes back to the admins). Nothing public changes: the answer waits.
 */
export async function answerByToken(
  db: Database,
  token: string,
  input: unknown,
  now = serverClock(),
): Promise<RideFeedback> {
  const answer = parseOrThrow(feedbackInputSchema, input);
  return withRider(db, token, now, async (command, registration, ride, existing) => {
    if (!mayAnswer(registration, ride, now)) refuse(FEEDBACK_NOT_OPEN);
    const at = now.toISOString();
    if (existing && !canEditFeedback(existing.status)) {
      refuse(existing.status === "withdrawn" ? FEEDBACK_WITHDRAWN : FEEDBACK_LOCKED);
    }
    const credit = firstName(registration.name);
    const row = existing
      ? await command.trx
          .updateTable("ride_feedback")
          .set({ rating: answer.rating, words: answer.words, credit, status: "pending", updated_at: at })
          .where("id", "=", existing.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await command.trx
          .insertInto("ride_feedback")
          .values({
            id: randomUUID(),
            ride_id: registration.rideId,
            registration_id: registration.id,
            rating: answer.rating,
            words: answer.words,
            credit,
            status: "pending",
            created_at: at,
            updated_at: at,
            reviewed_at: null,
            reviewed_by: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
    const what = `${existing ? "edited" : "gave"} a rating of ${answer.rating} and a few words`;
    await auditRiderChange(command, registration, ride, what, {
      action: existing ? "updated" : "created",
      collection: "rideFeedback",
      recordId: row.id,
    });
    return feedbackFromRow(row);
  });
}

/** The rider takes back approved words: they leave every public page at once. */
export function withdrawByToken(db: Database, token: string, now = serverClock()): Promise<RideFeedback> {
  return withRider(db, token, now, async (command, registration, ride, existing) => {
    if (!existing) throw new NotFoundError(FEEDBACK_NOT_FOUND);
    if (existing.status === "withdrawn") return existing;
    if (!canWithdrawFeedback(existing.status)) refuse(FEEDBACK_NOT_WITHDRAWABLE);
    const row = await command.trx
      .updateTable("ride_feedback")
      .set({ status: "withdrawn", updated_at: now.toISOString() })
      .where("id", "=", existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditRiderChange(command, registration, ride, "withdrew their words", {
      action: "status-changed",
      collection: "rideFeedback",
      recordId: row.id,
    });
    await command.enqueue(ridePagesChanged(row.ride_id));
    return feedbackFromRow(row);
  });
}

const DECISION_WORDS: Readonly<Record<ReviewDecision, string>> = { approve: "Approved", hide: "Hid" };

/**
 * An admin approves (publishes) or hides an answer of the ride they are looking at. An approval
 * names the version the admin read (`feedbackVersion`): one the rider edited since is refused
 * under the lock, so nothing unread is published; hiding needs none. Audited with the rider's
 * first name only; the public pages refresh at once.
 */
export async function reviewFeedback(
  db: Database,
  {
    rideId,
    feedbackId,
    decision,
    version,
    actor,
  }: { rideId: string; feedbackId: string; decision: unknown; version?: unknown; actor: AuditActor },
  now = serverClock(),
): Promise<RideFeedback> {
  if (!(REVIEW_DECISIONS as readonly unknown[]).includes(decision)) refuse("Choose Approve or Hide");
  const chosen = decision as ReviewDecision;
  return runCommand(
    db,
    async (command) => {
      const ride = await lockRide(command.trx, rideId);
      const existing = await command.trx
        .selectFrom("ride_feedback")
        .selectAll()
        .where("id", "=", feedbackId)
        .where("ride_id", "=", rideId)
        .executeTakeFirst();
      if (!existing) throw new NotFoundError(FEEDBACK_NOT_FOUND);
      const feedback = feedbackFromRow(existing);
      const status = reviewedStatus(feedback.status, chosen);
      if (!status) refuse(FEEDBACK_WITHDRAWN);
      if (chosen === "approve" && version !== feedbackVersion(feedback)) {
        throw new ConflictError(feedback, FEEDBACK_CHANGED);
      }
      if (status === feedback.status) return feedback;
      const at = now.toISOString();
      const row = await command.trx
        .updateTable("ride_feedback")
        .set({ status, updated_at: at, reviewed_at: at, reviewed_by: actor.email })
        .where("id", "=", feedback.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await command.audit(actor, {
        action: "status-changed",
        collection: "rideFeedback",
        recordId: row.id,
        summary: `${DECISION_WORDS[chosen]} ${row.credit || "a rider"}'s words${onRide(ride)}`,
      });
      await command.enqueue(ridePagesChanged(rideId));
      return feedbackFromRow(row);
    },
    now,
  );
}
