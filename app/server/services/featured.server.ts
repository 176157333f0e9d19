import type { AuditActor } from "~/domain/audit";
import { featuredRideInputSchema, type FeaturedRide } from "~/domain/content";
import { notifyContentChanged } from "../content-events.server";
import type { Database, Executor } from "../db/schema.server";
import { readDocument, writeDocument } from "./documents.server";
import { lenientObject } from "./lenient.server";
import { recordRevision } from "./revisions.server";
import { parseOrThrow } from "./validate.server";

/** Fields missing from a stored banner take the schema defaults ('Know More', active). */
const storedFeaturedRide = lenientObject(featuredRideInputSchema.shape);

/**
 * The featured-ride banner (record 'main'), or null while none has been saved: there is no
 * sample banner, and null is what tells the upcoming page to show none and the admin form
 * to start empty with the defaults of product.md#admin-featured.
 */
export async function getFeaturedRide(db: Executor): Promise<FeaturedRide | null> {
  const stored = await readDocument(db, "featuredRide");
  return stored ? { ...storedFeaturedRide.parse(stored.data), updatedAt: stored.updatedAt } : null;
}

/** Saves the banner and keeps its revision (decision 025), naming `actor` (the site when none). */
export async function saveFeaturedRide(
  db: Database,
  input: unknown,
  { actor, restoring = false }: { actor?: AuditActor; restoring?: boolean } = {},
): Promise<FeaturedRide> {
  const fields = parseOrThrow(featuredRideInputSchema, input);
  const updatedAt = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const before = await readDocument(trx, "featuredRide");
    await writeDocument(trx, "featuredRide", fields, updatedAt);
    await recordRevision(trx, {
      collection: "featuredRide",
      recordId: "main",
      action: restoring ? "restored" : before ? "updated" : "created",
      actor,
      data: fields,
      ...(before ? { before: { data: storedFeaturedRide.parse(before.data), at: before.updatedAt } } : {}),
    });
  });
  notifyContentChanged({ collection: "featuredRide", id: "main", action: "updated" });
  return { ...fields, updatedAt };
}
