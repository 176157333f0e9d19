import {
  DEFAULT_TIME_ZONE,
  type PublicationState,
  formatInstant,
  instantToZoned,
  resolvePublication,
} from "~/domain/publication";
import { type FieldChange, type RevisionCollection, revisionChanges } from "~/domain/revisions";
import type { Database } from "../db/schema.server";
import { previewExpiry, previewPath, previewToken } from "../preview-links.server";
import { getConfig } from "../content/config.server";
import { ConflictError, NotFoundError } from "../validation/errors.server";
import { getFeaturedRide } from "../content/featured.server";
import { getPublication, isPublishable, setPublication } from "../publishing/publication.server";
import { REVISION_NOT_FOUND, restoreRevision } from "../publishing/restore-revision.server";
import { getRevision, listRevisions } from "../publishing/revisions.server";
import { getRide } from "../rides/rides.server";
import { getSlide } from "../content/slides.server";
import { dispatchIntent } from "./intent-dispatch.server";
import { type AdminActionContext, failed, failedWrite, stringField, succeeded } from "./respond.server";
import { CONTACT_PATH, HOME_PATH, rideHref } from "~/domain/links";
import { serverClock } from "../clock.server";

/**
 * The Publishing & history page of one record (decision 025): a ride's or slide's publication
 * (draft, now, or a date and time), a ride's preview link, and the record's revisions with
 * what each changed and a way back to it.
 */

export const PUBLISHING_MESSAGES = {
  loadFailed: "The history could not be loaded. Please try again in a moment.",
  unknownAction: "Unknown publishing action",
  published: "Published: visitors see it now.",
  drafted: "Saved as a draft: only admins and preview links see it.",
  scheduled: (when: string) => `Scheduled: visitors see it from ${when}.`,
  publishFailed: "Failed to change the publication",
  previewCreated: "Preview link created: anyone with it can see the page until it expires.",
  previewFailed: "Failed to create a preview link",
  restored: "Revision restored: it is now the current version, kept as a new revision.",
  restoreFailed: "Failed to restore the revision",
  restoreConflict:
    "Cannot restore: this ride was changed by someone else meanwhile. Look at the latest revision, then restore again.",
  notFound: "This record no longer exists",
} as const;

export type RecordView = {
  collection: RevisionCollection;
  id: string;
  title: string;
  /** A ride's version, which a restore must still find (the stale-save refusal). */
  version: number | null;
  publicHref: string | null;
};

export type PublicationView = { state: PublicationState; publishedAt: string | null; when: string | null; at: string };

export type RevisionView = {
  id: string;
  action: string;
  actorEmail: string;
  when: string;
  changes: FieldChange[];
};

async function findRecord(db: Database, collection: RevisionCollection, id: string): Promise<RecordView | null> {
  switch (collection) {
    case "rides": {
      const ride = await getRide(db, id);
      return ride && { collection, id, title: ride.title, version: ride.version, publicHref: rideHref(ride.id) };
    }
    case "heroSlides": {
      const slide = await getSlide(db, id);
      return slide && { collection, id, title: slide.title, version: null, publicHref: HOME_PATH };
    }
    case "featuredRide": {
      if (id !== "main") return null;
      const featured = await getFeaturedRide(db);
      return { collection, id, title: featured?.title || "Featured ride", version: null, publicHref: HOME_PATH };
    }
    case "config": {
      if (id !== "main") return null;
      return {
        collection,
        id,
        title: (await getConfig(db)).company.name || "Contact information",
        version: null,
        publicHref: CONTACT_PATH,
      };
    }
  }
}

export type PublishingPage = {
  record: RecordView | null;
  publication: PublicationView | null;
  revisions: RevisionView[];
  timeZone: string;
};

export const NO_RECORD: PublishingPage = {
  record: null,
  publication: null,
  revisions: [],
  timeZone: DEFAULT_TIME_ZONE,
};

/** The page's data: the record, its publication (rides and slides), its revisions newest first with what each changed. */
export async function loadPublishingPage(
  db: Database,
  collection: RevisionCollection,
  id: string,
  now = serverClock(),
): Promise<PublishingPage> {
  const record = await findRecord(db, collection, id);
  if (!record) return NO_RECORD;
  const [publication, revisions] = await Promise.all([
    isPublishable(collection) ? getPublication(db, collection, id, now) : null,
    listRevisions(db, collection, id),
  ]);
  return {
    record,
    publication: publication && {
      ...publication,
      when: publication.publishedAt && formatInstant(publication.publishedAt),
      // The schedule field starts at the scheduled time, or an hour from now.
      at: instantToZoned(
        publication.state === "scheduled" && publication.publishedAt
          ? publication.publishedAt
          : new Date(now.getTime() + 60 * 60 * 1000),
      ),
    },
    revisions: revisions.map((revision, index): RevisionView => ({
      id: revision.id,
      action: revision.action,
      actorEmail: revision.actorEmail,
      when: formatInstant(revision.at),
      changes: revisionChanges(revisions[index + 1]?.data ?? null, revision.data),
    })),
    timeZone: DEFAULT_TIME_ZONE,
  };
}

/** The page's operations, one JSON body each: { intent: 'publish' | 'preview' | 'restore', … }. */
export async function publishingAction(
  request: Request,
  collection: RevisionCollection,
  id: string,
  context: AdminActionContext,
) {
  const publish = async (body: Record<string, unknown>, { services, actor }: AdminActionContext) => {
    if (!isPublishable(collection)) return failed(400, PUBLISHING_MESSAGES.unknownAction);
    const resolved = resolvePublication(body, serverClock());
    if (!resolved.ok) return failed(400, PUBLISHING_MESSAGES.publishFailed, { [resolved.field]: resolved.message });
    try {
      const record = await findRecord(services.db, collection, id);
      if (!record) return failed(404, PUBLISHING_MESSAGES.notFound);
      await setPublication(services.db, collection, id, resolved.publishedAt, { actor });
      const when = resolved.publishedAt && formatInstant(resolved.publishedAt);
      const scheduled = body.publish === "at";
      if (scheduled && when) return succeeded(PUBLISHING_MESSAGES.scheduled(when));
      return succeeded(when ? PUBLISHING_MESSAGES.published : PUBLISHING_MESSAGES.drafted);
    } catch (error) {
      return failedWrite(services, error, PUBLISHING_MESSAGES.publishFailed, "changing a publication failed", { id });
    }
  };

  const preview = async (_body: Record<string, unknown>, { services }: AdminActionContext) => {
    if (!isPublishable(collection)) return failed(400, PUBLISHING_MESSAGES.unknownAction);
    const record = await findRecord(services.db, collection, id).catch(() => null);
    if (!record) return failed(404, PUBLISHING_MESSAGES.notFound);
    const token = previewToken(services.env.sessionSecret, collection, id);
    const expires = previewExpiry(token);
    return succeeded(PUBLISHING_MESSAGES.previewCreated, {
      preview: {
        link: services.env.publicUrl + previewPath(collection, id, token),
        expires: expires ? formatInstant(expires.toISOString()) : "",
      },
    });
  };

  const restore = async (body: Record<string, unknown>, { services, actor }: AdminActionContext) => {
    const revisionId = stringField(body, "revisionId");
    const version = body.version;
    try {
      const revision = await getRevision(services.db, revisionId);
      if (!revision || revision.collection !== collection || revision.recordId !== id) {
        return failed(404, PUBLISHING_MESSAGES.restoreFailed, { revisionId: REVISION_NOT_FOUND });
      }
      const expectedVersion = typeof version === "number" && Number.isInteger(version) ? version : undefined;
      if (collection === "rides" && expectedVersion === undefined) {
        return failed(400, PUBLISHING_MESSAGES.restoreFailed, {
          version: "The ride's version is missing: reload the page",
        });
      }
      await restoreRevision(services.db, revisionId, actor, { expectedVersion });
      return succeeded(PUBLISHING_MESSAGES.restored);
    } catch (error) {
      if (error instanceof ConflictError) return failed(409, PUBLISHING_MESSAGES.restoreConflict);
      if (error instanceof NotFoundError) return failed(404, PUBLISHING_MESSAGES.notFound);
      return failedWrite(services, error, PUBLISHING_MESSAGES.restoreFailed, "restoring a revision failed", { id });
    }
  };

  return dispatchIntent(request, context, { publish, preview, restore }, PUBLISHING_MESSAGES.unknownAction);
}
