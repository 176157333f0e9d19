import type { AuditActor } from "~/domain/audit";
import type { Revision } from "~/domain/revisions";
import type { Database } from "../db/schema.server";
import { saveConfig } from "./config.server";
import { NotFoundError } from "./errors.server";
import { saveFeaturedRide } from "./featured.server";
import { getRevision } from "./revisions.server";
import { updateRide } from "./rides.server";
import { updateSlide } from "./slides.server";

export const REVISION_NOT_FOUND = "That revision no longer exists";

/**
 * Saves a revision's fields again through the record's own service, as an admin's save would
 * be: checked by the same schema, a new revision of its own ('restored'), the same content
 * event. For a ride, `expectedVersion` (the version the admin was looking at) keeps the
 * stale-save refusal: a ride written since is not overwritten (ConflictError).
 */
export async function restoreRevision(
  db: Database,
  revisionId: string,
  actor: AuditActor,
  { expectedVersion }: { expectedVersion?: number } = {},
): Promise<Revision> {
  const revision = await getRevision(db, revisionId);
  if (!revision) throw new NotFoundError(REVISION_NOT_FOUND);
  const options = { actor, restoring: true };
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
