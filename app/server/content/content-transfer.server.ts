import { runCommand } from "../commands/command.server";
import type { ContentCollection } from "../content-events.server";
import type { Database, Executor } from "../db/schema.server";
import { exportRoutes, writeRoutes } from "../ride-routes/route-transfer.server";
import { getStoredConfig } from "./config.server";
import { parseContentFile, type ContentFile, type ImportableContent } from "./content-file.server";
import { hasAnyContent } from "./content-presence.server";
import { writeDocument } from "./documents.server";
import { ConflictError, ValidationError } from "../validation/errors.server";
import { getFeaturedRide } from "./featured.server";
import { rideRow } from "../rides/ride-rows.server";
import { listPublications } from "../publishing/publication.server";
import { listRides } from "../rides/rides.server";
import { listSlides } from "./slides.server";
import { getStoredStats, recomputeStats } from "./stats.server";

export type { ContentFile } from "./content-file.server";
export type ImportSummary = {
  rides: number;
  heroSlides: number;
  featuredRide: boolean;
  stats: boolean;
  config: boolean;
};

/** Rows per INSERT: well under both engines' bound-parameter limits (12 columns per ride). */
const BATCH = 200;

/** Everything visitors and admins see, as one JSON-ready object (the field names of product.md#content-model). */
export async function exportContent(db: Executor): Promise<ContentFile> {
  const [rides, slides, ridePublications, slidePublications] = await Promise.all([
    listRides(db),
    listSlides(db),
    listPublications(db, "rides"),
    listPublications(db, "heroSlides"),
  ]);
  return {
    rides: rides.map(({ version: _version, ...ride }) =>
      Object.assign(ride, { publishedAt: ridePublications[ride.id] ?? null }),
    ),
    heroSlides: slides.map((slide) => Object.assign(slide, { publishedAt: slidePublications[slide.id] ?? null })),
    featuredRide: await getFeaturedRide(db),
    stats: await getStoredStats(db),
    config: await getStoredConfig(db),
    routes: await exportRoutes(db),
  };
}

async function removeContent(trx: Executor): Promise<void> {
  await trx.deleteFrom("rides").execute();
  await trx.deleteFrom("ride_routes").execute();
  await trx.deleteFrom("hero_slides").execute();
  await trx.deleteFrom("documents").where("collection", "in", ["featuredRide", "stats", "config"]).execute();
}

async function writeContent(trx: Executor, content: ImportableContent): Promise<void> {
  for (let start = 0; start < content.rides.length; start += BATCH) {
    const rows = content.rides
      .slice(start, start + BATCH)
      .map(({ input, legacy, meta, publishedAt }) =>
        Object.assign(rideRow(input, legacy, { ...meta, version: 1 }), { published_at: publishedAt }),
      );
    await trx.insertInto("rides").values(rows).execute();
  }
  for (let start = 0; start < content.heroSlides.length; start += BATCH) {
    const rows = content.heroSlides
      .slice(start, start + BATCH)
      .map(({ id, order, isActive, createdAt, updatedAt, publishedAt, ...document }) => ({
        id,
        sort_order: order,
        is_active: isActive ? 1 : 0,
        data: JSON.stringify(document),
        created_at: createdAt,
        updated_at: updatedAt,
        published_at: publishedAt,
      }));
    await trx.insertInto("hero_slides").values(rows).execute();
  }
  if (content.featuredRide) {
    const { updatedAt, ...banner } = content.featuredRide;
    await writeDocument(trx, "featuredRide", banner, updatedAt ?? undefined);
  }
  if (content.config) await writeDocument(trx, "config", content.config);
  await writeRoutes(trx, content.routes);
  // The file's statistics are restored as they were, so a round trip loses nothing; a file
  // without them gets them computed, as after any other ride write.
  if (content.stats) await writeDocument(trx, "stats", content.stats, content.stats.lastUpdated ?? undefined);
  else if (content.rides.length > 0) await recomputeStats(trx);
}

/**
 * Writes a content file, all or nothing, in one transaction. It is the one write that
 * keeps the file's ids, creation times and orders: its purpose is moving a community's
 * content between databases (SQLite to PostgreSQL and back, a backup restored), where
 * ride links (/ride/<id>), the featured banner's link and the display order must survive.
 *
 * The whole file is validated first; any invalid record is a ValidationError listing every
 * problem by path, and nothing is written. A database that already holds content is only
 * overwritten with `replace` (its rides, slides and single records are removed first;
 * users stay), else ConflictError.
 */
export async function importContent(
  db: Database,
  file: unknown,
  options: { replace?: boolean } = {},
): Promise<ImportSummary> {
  const parsed = parseContentFile(file);
  if (!parsed.ok) throw new ValidationError(parsed.errors);
  const { content } = parsed;
  await runCommand(db, async (command) => {
    const { trx } = command;
    if (await hasAnyContent(trx)) {
      if (!options.replace)
        throw new ConflictError(null, "The database already holds content; import with --replace to overwrite it");
      await removeContent(trx);
    }
    await writeContent(trx, content);
    const collections: ContentCollection[] = ["rides", "heroSlides", "featuredRide", "stats", "config"];
    for (const collection of collections)
      await command.enqueue({ kind: "content-changed", change: { collection, id: null, action: "replaced" } });
  });
  return {
    rides: content.rides.length,
    heroSlides: content.heroSlides.length,
    featuredRide: content.featuredRide !== null,
    stats: content.stats !== null || content.rides.length > 0,
    config: content.config !== null,
  };
}
