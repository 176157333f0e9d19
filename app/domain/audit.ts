/**
 * The audit trail's vocabulary: what the admin actions record (app/server/admin) and the
 * dashboard lists (components/admin/dashboard). Kept here, apart from the service that stores
 * it, so the dashboard's components need nothing from the server.
 */

/** Who made a change: the signed-in admin. */
export type AuditActor = { id: string | null; email: string };

export const AUDIT_ACTIONS = [
  "created",
  "updated",
  "duplicated",
  "deleted",
  "reordered",
  "status-changed",
  "saved",
  "refreshed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_COLLECTIONS = ["rides", "heroSlides", "featuredRide", "config", "stats"] as const;
export type AuditCollection = (typeof AUDIT_COLLECTIONS)[number];

export type AuditChange = {
  action: AuditAction;
  collection: AuditCollection;
  recordId: string | null;
  /** One line a person reads on the dashboard, e.g. 'Added ride "Spiti Circuit"'. */
  summary: string;
};

export type AuditEntry = AuditChange & { id: string; actorEmail: string; at: string };
