import { featuredRideInputSchema, type FeaturedRide } from "~/domain/content";
import { notifyContentChanged } from "../content-events.server";
import type { Database, Executor } from "../db/schema.server";
import { readDocument, writeDocument } from "./documents.server";
import { lenientObject } from "./lenient.server";
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

export async function saveFeaturedRide(db: Database, input: unknown): Promise<FeaturedRide> {
  const fields = parseOrThrow(featuredRideInputSchema, input);
  const updatedAt = new Date().toISOString();
  await writeDocument(db, "featuredRide", fields, updatedAt);
  notifyContentChanged({ collection: "featuredRide", id: "main", action: "updated" });
  return { ...fields, updatedAt };
}
