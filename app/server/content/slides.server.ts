import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { AuditAction, AuditActor } from "~/domain/audit";
import { heroSlideInputSchema, type HeroSlide, type HeroSlideInput } from "~/domain/content";
import { auditLineOfSave, type Restoring } from "~/domain/revisions";
import { type Command, runCommand } from "../commands/command.server";
import type { ContentAction } from "../content-events.server";
import type { Database, Executor, HeroSlidesTable } from "../db/schema.server";
import { NotFoundError } from "../validation/errors.server";
import { lenientObject } from "../validation/lenient.server";
import { type RevisionWrite, recordRevision } from "../publishing/revisions.server";
import { parseOrThrow } from "../validation/validate.server";
import { serverClock } from "../clock.server";

const SLIDE_NOT_FOUND = "Slide not found";

/** `isActive` lives in its column (the carousel filters on it), the rest in `data`. */
const { isActive: _isActive, ...documentShape } = heroSlideInputSchema.shape;
const storedDocument = lenientObject(documentShape);

function slideFromRow(row: Selectable<HeroSlidesTable>): HeroSlide {
  return {
    ...storedDocument.parse(JSON.parse(row.data)),
    id: row.id,
    order: row.sort_order,
    isActive: row.is_active === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function slideColumns(input: HeroSlideInput) {
  const { isActive, ...document } = input;
  return { is_active: isActive ? 1 : 0, data: JSON.stringify(document) };
}

/** What a revision keeps of a slide: the fields the admin form edits (decision 025). */
export function slideSnapshot(slide: HeroSlide): HeroSlideInput {
  return Object.fromEntries(
    Object.keys(heroSlideInputSchema.shape).map((key) => [key, slide[key as keyof HeroSlide]]),
  ) as HeroSlideInput;
}

/**
 * The admin saving, whom the revision and the audit trail name. Without one (the seed, the
 * content CLIs) the revision names the site and the trail has no entry.
 */
export type SlideWriteOptions = { actor?: AuditActor };

/** What every slide write commits with: its content event and, when an admin made it, its audit row. */
async function slideChanged(
  command: Command,
  id: string,
  action: ContentAction,
  actor: AuditActor | undefined,
  audit: { action: AuditAction; summary: string },
): Promise<void> {
  await command.enqueue({ kind: "content-changed", change: { collection: "heroSlides", id, action } });
  if (actor) await command.audit(actor, { collection: "heroSlides", recordId: id, ...audit });
}

function slideRevision(
  slide: HeroSlide,
  action: RevisionWrite["action"],
  actor: AuditActor | undefined,
  before?: HeroSlide,
): RevisionWrite {
  return {
    collection: "heroSlides",
    recordId: slide.id,
    action,
    actor,
    data: slideSnapshot(slide),
    ...(before ? { before: { data: slideSnapshot(before), at: before.updatedAt } } : {}),
  };
}

function isSlideId(id: unknown): id is string {
  return typeof id === "string" && id.length > 0 && id.length <= 200;
}

/** Every slide in carousel order (product.md#ordering: order ascending). */
export async function listSlides(db: Executor): Promise<HeroSlide[]> {
  const rows = await db
    .selectFrom("hero_slides")
    .selectAll()
    .orderBy("sort_order")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(slideFromRow);
}

/** The slides the public carousel shows: active and published by `now` (decision 025). */
export async function listActiveSlides(db: Executor, now = serverClock()): Promise<HeroSlide[]> {
  const rows = await db
    .selectFrom("hero_slides")
    .selectAll()
    .where("is_active", "=", 1)
    .where("published_at", "<=", now.toISOString())
    .orderBy("sort_order")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(slideFromRow);
}

/**
 * The carousel as it will be once slide `id` is published (a preview link, decision 025): the
 * public slides and that one, active or not, in carousel order.
 */
export async function listActiveSlidesWith(db: Executor, id: string, now = serverClock()): Promise<HeroSlide[]> {
  const [slides, previewed] = await Promise.all([listActiveSlides(db, now), getSlide(db, id)]);
  if (!previewed || slides.some((slide) => slide.id === id)) return slides;
  return [...slides, previewed].sort(
    (a, b) => a.order - b.order || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
}

export async function getSlide(db: Executor, id: string): Promise<HeroSlide | null> {
  if (!isSlideId(id)) return null;
  const row = await db.selectFrom("hero_slides").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? slideFromRow(row) : null;
}

/**
 * product.md#admin-hero: a new slide goes last (order = current slide count) and is active unless
 * told otherwise; it is public at once, unless `draft` (decision 025).
 */
export async function createSlide(
  db: Database,
  input: unknown,
  { actor, draft = false }: SlideWriteOptions & { draft?: boolean } = {},
): Promise<HeroSlide> {
  const fields = parseOrThrow(heroSlideInputSchema, input);
  return runCommand(db, async (command) => {
    const { trx } = command;
    const { count } = await trx
      .selectFrom("hero_slides")
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .executeTakeFirstOrThrow();
    const timestamp = serverClock().toISOString();
    const row = await trx
      .insertInto("hero_slides")
      .values({
        id: randomUUID(),
        sort_order: Number(count),
        ...slideColumns(fields),
        created_at: timestamp,
        updated_at: timestamp,
        published_at: draft ? null : timestamp,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const created = slideFromRow(row);
    await recordRevision(trx, slideRevision(created, "created", actor));
    await slideChanged(command, created.id, "created", actor, {
      action: "created",
      summary: `Added hero slide "${created.title}"${draft ? " as a draft" : ""}`,
    });
    return created;
  });
}

/** Replaces a slide's fields; its order, creation time and publication stay. */
export async function updateSlide(
  db: Database,
  id: string,
  input: unknown,
  options: SlideWriteOptions & { restoring?: Restoring } = {},
): Promise<HeroSlide> {
  const fields = parseOrThrow(heroSlideInputSchema, input);
  if (!isSlideId(id)) throw new NotFoundError(SLIDE_NOT_FOUND);
  return runCommand(db, async (command) => {
    const { trx } = command;
    const before = await getSlide(trx, id);
    if (!before) throw new NotFoundError(SLIDE_NOT_FOUND);
    const row = await trx
      .updateTable("hero_slides")
      .set({ ...slideColumns(fields), updated_at: serverClock().toISOString() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const saved = slideFromRow(row);
    const { restoring } = options;
    await recordRevision(trx, slideRevision(saved, restoring ? "restored" : "updated", options.actor, before));
    await slideChanged(
      command,
      id,
      "updated",
      options.actor,
      auditLineOfSave(restoring, saved.title, { action: "updated", summary: `Updated hero slide "${saved.title}"` }),
    );
    return saved;
  });
}

/** product.md#data-rules: true on success; an unknown slide is a NotFoundError. */
export async function deleteSlide(db: Database, id: string, { actor }: SlideWriteOptions = {}): Promise<true> {
  if (!isSlideId(id)) throw new NotFoundError(SLIDE_NOT_FOUND);
  return runCommand(db, async (command) => {
    const deleted = await command.trx.deleteFrom("hero_slides").where("id", "=", id).returningAll().executeTakeFirst();
    if (!deleted) throw new NotFoundError(SLIDE_NOT_FOUND);
    await slideChanged(command, id, "deleted", actor, {
      action: "deleted",
      summary: `Deleted hero slide "${slideFromRow(deleted).title}"`,
    });
    return true as const;
  });
}
