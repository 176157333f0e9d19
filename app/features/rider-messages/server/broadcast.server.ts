import { parseOrErrors } from "~/domain/validation";
import type { AuditActor } from "~/domain/audit";
import { broadcastInputSchema, describeAudience, type BroadcastInput } from "~/features/rider-messages/domain/message";
import { riderSubject, riderText } from "~/features/rider-messages/domain/rider-text";
import { runCommand } from "~/server/commands/command.server";
import type { Database } from "~/server/db/schema.server";
import { registrationFromRow } from "~/server/registrations/rows.server";
import { lockRide } from "~/server/registrations/seats.server";
import { getRide } from "~/server/rides/rides.server";
import { audienceOf } from "./recipients.server";
import { writeRideMessage } from "./write.server";

// A broadcast (docs/features/rider-messages.md): an admin or the ride's captain writes to the
// ride's riders, chosen by status, payment and check-in; previews it; sends it.

export const NO_RECIPIENTS = "No rider of this ride matches: choose other riders";
const RIDE_GONE = "Cannot find this ride: it may have been deleted";

export type BroadcastPreview =
  | { ok: true; input: BroadcastInput; recipients: number; audience: string; subject: string; text: string }
  | { ok: false; errors: Record<string, string> };

export type BroadcastSent =
  { ok: true; recipients: number; audience: string } | { ok: false; errors: Record<string, string> };

/** What the riders will read, for the first of them, and how many will: nothing is written. */
export async function previewBroadcast(db: Database, rideId: string, input: unknown): Promise<BroadcastPreview> {
  const checked = parseOrErrors(broadcastInputSchema, input);
  if (!checked.ok) return checked;
  const ride = await getRide(db, rideId);
  if (!ride) return { ok: false, errors: { form: RIDE_GONE } };
  const recipients = await audienceOf(db, rideId, checked.data);
  if (recipients.length === 0) return { ok: false, errors: { statuses: NO_RECIPIENTS } };
  const first = await db.selectFrom("registrations").selectAll().where("id", "=", recipients[0]!.id).executeTakeFirst();
  const copy = {
    name: first ? registrationFromRow(first).name : "",
    rideTitle: ride.title,
    subject: checked.data.subject,
    body: checked.data.body,
    link: "(their private booking link)",
  };
  return {
    ok: true,
    input: checked.data,
    recipients: recipients.length,
    audience: describeAudience(checked.data),
    subject: riderSubject(copy),
    text: riderText(copy),
  };
}

/**
 * Sends the broadcast: one command writes the message, each rider's deliveries and the outbox
 * entries that send them, and the audit row. The riders are read under the ride's lock, so a
 * rider who cancels meanwhile is either before it (not sent to) or after it (skipped when sent).
 */
export function sendBroadcast(
  db: Database,
  rideId: string,
  input: unknown,
  { actor, origin }: { actor: AuditActor; origin: string },
): Promise<BroadcastSent> {
  const checked = parseOrErrors(broadcastInputSchema, input);
  if (!checked.ok) return Promise.resolve(checked);
  const broadcast = checked.data;
  return runCommand(db, async (command): Promise<BroadcastSent> => {
    const ride = await lockRide(command.trx, rideId);
    if (!ride) return { ok: false, errors: { form: RIDE_GONE } };
    const recipients = await audienceOf(command.trx, rideId, broadcast);
    if (recipients.length === 0) return { ok: false, errors: { statuses: NO_RECIPIENTS } };
    const messageId = await writeRideMessage(
      command,
      { rideId, kind: "broadcast", subject: broadcast.subject, body: broadcast.body, origin, sentBy: actor },
      recipients,
    );
    const audience = describeAudience(broadcast);
    await command.audit(actor, {
      action: "created",
      collection: "messages",
      recordId: messageId,
      summary: `Sent "${broadcast.subject}" to ${recipients.length} ${audience} of "${ride.title}"`,
    });
    return { ok: true, recipients: recipients.length, audience };
  });
}
