import type { AuditActor } from "~/domain/audit";
import {
  PUBLICATION_MESSAGES,
  type PublicationState,
  formatInstant,
  isStorableInstant,
  publicationState,
} from "~/domain/publication";
import { RECORD_LABELS } from "~/domain/revisions";
import { runCommand } from "../commands/command.server";
import type { Database, Executor } from "../db/schema.server";
import { NotFoundError, ValidationError } from "../validation/errors.server";
import { getRide } from "../rides/rides.server";
import { getSlide } from "../content/slides.server";
import { serverClock } from "../clock.server";

/** What can be a draft, scheduled or published (decision 025), by the table that holds it. */
export const PUBLISHABLE = {
  rides: { table: "rides", notFound: "Ride not found" },
  heroSlides: { table: "hero_slides", notFound: "Slide not found" },
} as const;
export type Publishable = keyof typeof PUBLISHABLE;

export function isPublishable(value: unknown): value is Publishable {
  return value === "rides" || value === "heroSlides";
}

export type Publication = { publishedAt: string | null; state: PublicationState };

export async function getPublication(
  db: Executor,
  kind: Publishable,
  id: string,
  now = serverClock(),
): Promise<Publication | null> {
  const row = await db
    .selectFrom(PUBLISHABLE[kind].table)
    .select("published_at")
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { publishedAt: row.published_at, state: publicationState(row.published_at, now) } : null;
}

/** Every ride's or slide's publication instant by id: the admin lists mark drafts and scheduled ones. */
export async function listPublications(db: Executor, kind: Publishable): Promise<Record<string, string | null>> {
  const rows = await db.selectFrom(PUBLISHABLE[kind].table).select(["id", "published_at"]).execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.published_at]));
}

/**
 * Makes a ride or slide a draft (null), public now, or public at an instant to come (stored
 * only in its one spelling, which the public queries compare as text), as one command with
 * its audit row when an admin (`actor`) did it. The content event makes every instance's
 * caches start over; a publication to come is noticed at its minute by each instance on its
 * own (publication-schedule.server.ts).
 */
export async function setPublication(
  db: Database,
  kind: Publishable,
  id: string,
  publishedAt: string | null,
  { actor }: { actor?: AuditActor } = {},
): Promise<void> {
  if (publishedAt !== null && !isStorableInstant(publishedAt))
    throw new ValidationError({ publishedAt: PUBLICATION_MESSAGES.outOfRange });
  const { table, notFound } = PUBLISHABLE[kind];
  await runCommand(db, async (command) => {
    const { trx } = command;
    const updated = await trx
      .updateTable(table)
      .set({ published_at: publishedAt })
      .where("id", "=", id)
      .returning("id")
      .executeTakeFirst();
    if (!updated) throw new NotFoundError(notFound);
    await command.enqueue({ kind: "content-changed", change: { collection: kind, id, action: "updated" } });
    if (!actor) return;
    const record = kind === "rides" ? await getRide(trx, id) : await getSlide(trx, id);
    const what = `${RECORD_LABELS[kind]} "${record?.title ?? id}"`;
    const when = publishedAt && formatInstant(publishedAt);
    // Only a time still to come is a schedule ('now' was resolved before this command began).
    const scheduled = publishedAt !== null && Date.parse(publishedAt) > command.now.getTime();
    await command.audit(actor, {
      action: "published",
      collection: kind,
      recordId: id,
      summary: scheduled ? `Scheduled ${what} for ${when}` : when ? `Published ${what}` : `Made ${what} a draft`,
    });
  });
}

/** The earliest publication still to come after `now`, of any ride or slide; null when none is scheduled. */
export async function nextScheduledPublication(db: Executor, now = serverClock()): Promise<string | null> {
  const after = now.toISOString();
  const [ride, slide] = await Promise.all(
    (["rides", "hero_slides"] as const).map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.min("published_at").as("next"))
        .where("published_at", ">", after)
        .executeTakeFirst(),
    ),
  );
  const times = [ride?.next, slide?.next].filter((time): time is string => typeof time === "string");
  return times.length > 0 ? times.sort((a, b) => Date.parse(a) - Date.parse(b))[0]! : null;
}
