/**
 * Revisions (decision 025): every save of a ride, hero slide, featured ride or contact
 * configuration keeps the record's editable fields. What one save changed is the
 * field-by-field difference from the revision before it. Shared by the server (which stores
 * them) and the admin's history page (which shows them).
 */

export const REVISION_COLLECTIONS = ["rides", "heroSlides", "featuredRide", "config"] as const;
export type RevisionCollection = (typeof REVISION_COLLECTIONS)[number];

export function isRevisionCollection(value: unknown): value is RevisionCollection {
  return REVISION_COLLECTIONS.some((collection) => collection === value);
}

/** What each collection is called in a sentence ('Restored hero slide "…"'). */
export const RECORD_LABELS: Record<RevisionCollection, string> = {
  rides: "ride",
  heroSlides: "hero slide",
  featuredRide: "featured ride",
  config: "contact information",
};

/**
 * A save that brings a revision back (restore-revision.server.ts): its revision says
 * 'restored' and its one audit line, written in the save's own transaction, is `summary` of
 * the record's title as saved.
 */
export type Restoring = { summary: (title: string) => string };

/** The audit line of a save: the restore's when it brings a revision back, else the save's own. */
export function auditLineOfSave<Action extends string>(
  restoring: Restoring | undefined,
  title: string,
  saved: { action: Action; summary: string },
): { action: Action | "restored"; summary: string } {
  return restoring ? { action: "restored", summary: restoring.summary(title) } : saved;
}

/**
 * How a revision came about. 'earlier' is the state a record had before its first recorded
 * save (records older than revisions), kept so that state can be restored too.
 */
export const REVISION_ACTIONS = ["created", "updated", "status-changed", "restored", "earlier"] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

export type Revision = {
  id: string;
  collection: RevisionCollection;
  recordId: string;
  action: RevisionAction;
  actorEmail: string;
  at: string;
  data: Record<string, unknown>;
};

/** One changed field: its path ('company.phone', 'itinerary') and both values as a person reads them. */
export type FieldChange = { field: string; before: string; after: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Nested objects become dotted paths; anything else (text, numbers, lists) is one field. */
function flatten(value: Record<string, unknown>, prefix = "", into = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, item] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(item)) flatten(item, path, into);
    else into.set(path, item);
  }
  return into;
}

function readable(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value, null, 1);
}

/** The fields whose values differ between two revisions' data, in the order they first appear. */
export function revisionChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): FieldChange[] {
  const old = flatten(before ?? {});
  const now = flatten(after);
  const fields = [...new Set([...now.keys(), ...old.keys()])];
  return fields
    .map((field) => ({ field, before: readable(old.get(field)), after: readable(now.get(field)) }))
    .filter((change) => change.before !== change.after);
}
