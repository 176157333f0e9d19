import { Migrator } from "kysely";
import { migrations } from "../../../migrations";
import type { Database } from "./schema.server";

/** Brings the schema up to date; returns the names of the migrations it applied. */
export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
