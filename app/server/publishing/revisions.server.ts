import { randomUUID } from "node:crypto";
import { type AuditActor, SITE_ACTOR } from "~/domain/audit";
import {
  REVISION_ACTIONS,
  type Revision,
  type RevisionAction,
  type RevisionCollection,
  isRevisionCollection,
} from "~/domain/revisions";
import type { Executor, RevisionsTable } from "../db/schema.server";
import { serverClock } from "../clock.server";

/** Names no one: the state a record had before its history began. */
const EARLIER_ACTOR: AuditActor = { id: null, email: "before revisions were kept" };

export type RevisionWrite = {
  collection: RevisionCollection;
  recordId: string;
  action: RevisionAction;
  actor: AuditActor | undefined;
  data: object;
  /**
   * The record as it was before this save, with the time it was last written: kept as an
   * 'earlier' revision when the record has none yet, so its first save can be undone too.
   */
  before?: { data: object; at: string };
};

function row(
  collection: RevisionCollection,
  recordId: string,
  action: RevisionAction,
  actor: AuditActor,
  data: object,
  at: string,
): RevisionsTable {
  return {
    id: randomUUID(),
    collection,
    record_id: recordId,
    action,
    actor_id: actor.id,
    actor_email: actor.email,
    data: JSON.stringify(data),
    created_at: at,
  };
}

/** Keeps a save's revision; called inside the save's transaction, so a rolled-back save keeps none. */
export async function recordRevision(db: Executor, write: RevisionWrite, at = serverClock()): Promise<void> {
  const rows: RevisionsTable[] = [];
  if (write.before) {
    const existing = await db
      .selectFrom("revisions")
      .select("id")
      .where("collection", "=", write.collection)
      .where("record_id", "=", write.recordId)
      .limit(1)
      .executeTakeFirst();
    if (!existing) {
      // Never after the save itself, whatever clock wrote the record before.
      const earlierAt = write.before.at < at.toISOString() ? write.before.at : new Date(at.getTime() - 1).toISOString();
      rows.push(row(write.collection, write.recordId, "earlier", EARLIER_ACTOR, write.before.data, earlierAt));
    }
  }
  rows.push(
    row(write.collection, write.recordId, write.action, write.actor ?? SITE_ACTOR, write.data, at.toISOString()),
  );
  await db.insertInto("revisions").values(rows).execute();
}

function revisionFromRow(stored: RevisionsTable): Revision | null {
  if (!isRevisionCollection(stored.collection)) return null;
  return {
    id: stored.id,
    collection: stored.collection,
    recordId: stored.record_id,
    action: REVISION_ACTIONS.find((action) => action === stored.action) ?? "updated",
    actorEmail: stored.actor_email,
    at: stored.created_at,
    data: JSON.parse(stored.data) as Record<string, unknown>,
  };
}

/** A record's revisions, newest first. */
export async function listRevisions(
  db: Executor,
  collection: RevisionCollection,
  recordId: string,
): Promise<Revision[]> {
  const rows = await db
    .selectFrom("revisions")
    .selectAll()
    .where("collection", "=", collection)
    .where("record_id", "=", recordId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(200)
    .execute();
  return rows.map(revisionFromRow).filter((revision) => revision !== null);
}

export async function getRevision(db: Executor, id: string): Promise<Revision | null> {
  if (typeof id !== "string" || id.length === 0 || id.length > 100) return null;
  const stored = await db.selectFrom("revisions").selectAll().where("id", "=", id).executeTakeFirst();
  return stored ? revisionFromRow(stored) : null;
}
