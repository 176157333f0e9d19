import { type AuditActor, SITE_ACTOR } from "~/domain/audit";
import { instantToZoned } from "~/domain/publication";
import { runCommand } from "../commands/command.server";
import type { Database, Executor } from "../db/schema.server";
import type { Logger } from "../logger.server";
import { type PeriodicJob, runPeriodically } from "../periodic-job.server";
import { readDocument, writeDocument } from "../content/documents.server";
import { changeRideStatus } from "../rides/rides.server";
import { serverClock } from "../clock.server";

/**
 * The optional automatic status (decision 025): with the setting on, an upcoming ride whose
 * end date has passed (in India) is marked completed by the site, with a revision and an audit
 * entry naming the site, as an admin's change would have.
 */

export type PublishingSettings = { autoCompleteRides: boolean };

export const AUTO_STATUS_INTERVAL_MS = 10 * 60 * 1000;

export async function getPublishingSettings(db: Executor): Promise<PublishingSettings> {
  const stored = await readDocument(db, "publishing");
  return { autoCompleteRides: stored?.data.autoCompleteRides === true };
}

/** Saves the setting as one command, with its audit row when an admin (`actor`) changed it. */
export async function savePublishingSettings(
  db: Database,
  settings: PublishingSettings,
  { actor }: { actor?: AuditActor } = {},
): Promise<PublishingSettings> {
  const saved = { autoCompleteRides: settings.autoCompleteRides === true };
  return runCommand(db, async (command) => {
    await writeDocument(command.trx, "publishing", saved);
    if (actor)
      await command.audit(actor, {
        action: "updated",
        collection: "rides",
        recordId: null,
        summary: `Turned ${saved.autoCompleteRides ? "on" : "off"} marking ended rides completed automatically`,
      });
    return saved;
  });
}

/** Marks completed every upcoming ride that ended before today in India; the titles of those it changed. */
export async function completeEndedRides(
  db: Database,
  now = serverClock(),
  actor: AuditActor = SITE_ACTOR,
): Promise<string[]> {
  if (!(await getPublishingSettings(db)).autoCompleteRides) return [];
  const today = instantToZoned(now).slice(0, 10);
  const ended = await db
    .selectFrom("rides")
    .select("id")
    .where("status", "=", "upcoming")
    .where("end_date", "<>", "")
    .where("end_date", "<", today)
    .execute();
  const completed: string[] = [];
  for (const { id } of ended) {
    const { ride, changed } = await changeRideStatus(db, id, "completed", {
      actor,
      from: "upcoming",
      why: (ended) => `it ended on ${ended.endDate}`,
    });
    if (changed) completed.push(ride.title);
  }
  return completed;
}

/**
 * Runs completeEndedRides now and every ten minutes. Every instance runs it; a ride changes
 * once whichever gets there first. Never throws: a failure is logged and tried again.
 */
export function scheduleAutoStatus(db: Database, logger: Logger): PeriodicJob {
  return runPeriodically(
    AUTO_STATUS_INTERVAL_MS,
    async () => {
      const completed = await completeEndedRides(db);
      if (completed.length > 0) logger.info({ rides: completed.length }, "ended rides marked completed");
    },
    (error) => logger.error({ err: error }, "marking ended rides completed failed"),
  );
}
