import type { Executor } from "../db/schema.server";
import { serverClock } from "../clock.server";

/** The single-record collections (product.md#content-model), each stored as the record 'main'. */
export type DocumentCollection = "featuredRide" | "stats" | "config" | "publishing";

const MAIN = "main";

export type StoredDocument = { data: Record<string, unknown>; updatedAt: string };

export async function readDocument(db: Executor, collection: DocumentCollection): Promise<StoredDocument | null> {
  const row = await db
    .selectFrom("documents")
    .select(["data", "updated_at"])
    .where("collection", "=", collection)
    .where("id", "=", MAIN)
    .executeTakeFirst();
  return row ? { data: JSON.parse(row.data) as Record<string, unknown>, updatedAt: row.updated_at } : null;
}

/** Creates or replaces the record; `updatedAt` defaults to now (an import passes the file's). */
export async function writeDocument(
  db: Executor,
  collection: DocumentCollection,
  data: object,
  updatedAt = serverClock().toISOString(),
): Promise<void> {
  const row = { collection, id: MAIN, data: JSON.stringify(data), updated_at: updatedAt };
  await db
    .insertInto("documents")
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(["collection", "id"]).doUpdateSet({ data: row.data, updated_at: row.updated_at }),
    )
    .execute();
}
