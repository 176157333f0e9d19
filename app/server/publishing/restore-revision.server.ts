import type { AuditActor } from "~/domain/audit";
import { formatInstant } from "~/domain/publication";
import { RECORD_LABELS, type Restoring, type Revision } from "~/domain/revisions";
import type { Database } from "../db/schema.server";
import { saveConfig } from "../content/config.server";
import { NotFoundError } from "../validation/errors.server";
import { saveFeaturedRide } from "../content/featured.server";
import { getRevision } from "./revisions.server";
import { updateRide } from "../rides/rides.server";
import { updateSlide } from "../content/slides.server";

export const REVISION_NOT_FOUND = "That revision no longer exists";

/** What the trail calls a record without a title of its own. */
const UNTITLED: Partial<Record<Revision["collection"], string>> = {
  featuredRide: "Featured ride",
  config: "Contact information",
};

/**
 * Saves a revision's fields again through the record's own service, as an admin's save would
 * be: checked by the same schema, a new revision of its own ('restored'), the same content
 * event, and one audit row saying which revision came back, all in that save's command. For
 * a ride, `expectedVersion` (the version the admin was looking at) keeps the stale-save
 * refusal: a ride written since is not overwritten (ConflictError).
 */
export async function restoreRevision(
  db: Database,
  revisionId: string,
  actor: AuditActor,
  { expectedVersion }: { expectedVersion?: number } = {},
): Promise<Revision> {
  const revision = await getRevision(db, revisionId);
  if (!revision) throw new NotFoundError(REVISION_NOT_FOUND);
  const restoring: Restoring = {
    summary: (title) =>
      `Restored ${RECORD_LABELS[revision.collection]} "${title || UNTITLED[revision.collection] || revision.recordId}" to its revision of ${formatInstant(revision.at)} by ${revision.actorEmail}`,
  };
  const options = { actor, restoring };
  switch (revision.collection) {
    case "rides":
      await updateRide(db, revision.recordId, revision.data, { ...options, expectedVersion });
      break;
    case "heroSlides":
      await updateSlide(db, revision.recordId, revision.data, options);
      break;
    case "featuredRide":
      await saveFeaturedRide(db, revision.data, options);
      break;
    case "config":
      await saveConfig(db, revision.data, options);
      break;
  }
  return revision;
}
