import type { AuditActor } from "~/domain/audit";
import { featuredRideInputSchema, type FeaturedRide } from "~/domain/content";
import { auditLineOfSave, type Restoring } from "~/domain/revisions";
import { runCommand } from "../commands/command.server";
import type { Database, Executor } from "../db/schema.server";
import { readDocument, writeDocument } from "./documents.server";
import { lenientObject } from "../validation/lenient.server";
import { recordRevision } from "../publishing/revisions.server";
import { parseOrThrow } from "../validation/validate.server";
import { serverClock } from "../clock.server";

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

/**
 * Saves the banner as one command: its revision (decision 025) naming `actor` (the site when
 * none), its content event, and its audit row when an admin saved it.
 */
export async function saveFeaturedRide(
  db: Database,
  input: unknown,
  { actor, restoring }: { actor?: AuditActor; restoring?: Restoring } = {},
): Promise<FeaturedRide> {
  const fields = parseOrThrow(featuredRideInputSchema, input);
  const updatedAt = serverClock().toISOString();
  return runCommand(db, async (command) => {
    const { trx } = command;
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
    await command.enqueue({
      kind: "content-changed",
      change: { collection: "featuredRide", id: "main", action: "updated" },
    });
    if (actor)
      await command.audit(actor, {
        collection: "featuredRide",
        recordId: "main",
        ...auditLineOfSave(restoring, fields.title, {
          action: "saved",
          summary: `Updated the featured ride banner "${fields.title}"${fields.isActive ? "" : " (hidden)"}`,
        }),
      });
    return { ...fields, updatedAt };
  });
}
