import { randomUUID } from "node:crypto";
import { AUDIT_ACTIONS, AUDIT_COLLECTIONS, type AuditActor, type AuditChange, type AuditEntry } from "~/domain/audit";
import type { AuditLogTable, Executor } from "../db/schema.server";
import { serverClock } from "../clock.server";

export const RECENT_ACTIVITY_LIMIT = 10;

/** Appends one entry to the trail. `at` is injectable so tests can order entries deterministically. */
export async function recordAudit(
  db: Executor,
  actor: AuditActor,
  change: AuditChange,
  at = serverClock(),
): Promise<AuditEntry> {
  const row: AuditLogTable = {
    id: randomUUID(),
    actor_id: actor.id,
    actor_email: actor.email,
    action: change.action,
    collection: change.collection,
    record_id: change.recordId,
    summary: change.summary.slice(0, 500),
    created_at: at.toISOString(),
  };
  await db.insertInto("audit_log").values(row).execute();
  return toEntry(row);
}

/** The newest entries first. */
export async function listRecentActivity(db: Executor, limit = RECENT_ACTIVITY_LIMIT): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom("audit_log")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(Math.max(1, Math.min(limit, 100)))
    .execute();
  return rows.map(toEntry);
}

function toEntry(row: AuditLogTable): AuditEntry {
  return {
    id: row.id,
    actorEmail: row.actor_email,
    action: AUDIT_ACTIONS.find((action) => action === row.action) ?? "updated",
    collection: AUDIT_COLLECTIONS.find((collection) => collection === row.collection) ?? "rides",
    recordId: row.record_id,
    summary: row.summary,
    at: row.created_at,
  };
}
