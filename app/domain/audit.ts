/**
 * The audit trail's vocabulary: what the admin actions record (app/server/admin) and the
 * dashboard lists (components/admin/dashboard). Kept here, apart from the service that stores
 * it, so the dashboard's components need nothing from the server.
 */

/** Who made a change: the signed-in admin, or a rider (RIDER_ACTOR) acting on their own registration. */
export type AuditActor = { id: string | null; email: string };

/** A rider has no account: the trail names no one, and the summary gives only the booking reference. */
export const RIDER_ACTOR: AuditActor = { id: null, email: "a rider" };

/** Who saved when no admin did: the content CLIs, the seed, the site's own automatic changes. */
export const SITE_ACTOR: AuditActor = { id: null, email: "the site" };

export const AUDIT_ACTIONS = [
  "created",
  "updated",
  "duplicated",
  "deleted",
  "reordered",
  "status-changed",
  "saved",
  "refreshed",
  "exported",
  "published",
  "restored",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_COLLECTIONS = [
  "rides",
  "heroSlides",
  "featuredRide",
  "config",
  "stats",
  "registrations",
  // The admin team (decision 026): invitations, roles, removals, the two-factor requirement.
  "team",
  // What a ride told its riders: broadcasts, resends (docs/features/rider-messages.md).
  "messages",
  // A ride's waiver or the site's default, each saved text a version (docs/features/waivers.md).
  "waivers",
  // Ride day's roll calls and their marks (docs/features/ride-day.md).
  "rollCalls",
  // Riders' ratings and words: given, edited, withdrawn, approved, hidden (docs/features/ride-words.md).
  "rideFeedback",
  // A ride's gallery: photos added, ordered, captioned, approved, hidden, deleted (docs/features/ride-photos.md).
  "ridePhotos",
  // Riders' accounts (docs/features/rider-accounts.md): joined bookings, saved details, erasure, the admins' notes.
  "riders",
  // The credit ledger: credit confirmed, spent, returned, adjusted.
  "credit",
  // Money documents' settings (GST mode) and exports (docs/features/money-documents.md).
  "moneyDocuments",
] as const;
export type AuditCollection = (typeof AUDIT_COLLECTIONS)[number];

export type AuditChange = {
  action: AuditAction;
  collection: AuditCollection;
  recordId: string | null;
  /** One line a person reads on the dashboard, e.g. 'Added ride "Spiti Circuit"'. */
  summary: string;
};

export type AuditEntry = AuditChange & { id: string; actorEmail: string; at: string };
