import path from "node:path";
import type { AppServices } from "~/context";
import { openDatabase } from "./db/database.server";
import { migrateToLatest } from "./db/migrate.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";
import { seedDemoContent } from "./seed/demo-content.server";
import { openStorage } from "./storage/open-storage.server";

export type RunningServices = AppServices & { close(): Promise<void> };

/**
 * Opens the database chosen by the environment, brings its schema up to date and, on a
 * brand-new database, seeds the demo content. The one place where SQLite vs PostgreSQL is decided.
 */
export async function startServices(env: Env, logger: Logger): Promise<RunningServices> {
  const { db, engine } = openDatabase({
    databaseUrl: env.databaseUrl,
    sqlitePath: path.join(env.dataDir, "roadbook.sqlite"),
  });
  const applied = await migrateToLatest(db);
  logger.info({ engine, applied }, "database ready");
  const isNewDatabase = applied.includes("2026-11-22T1000_initial");
  if (env.seedDemo && isNewDatabase && (await seedDemoContent(db))) logger.info("demo content seeded");
  const { storage, kind } = openStorage(env);
  logger.info({ storage: kind }, "upload storage ready");
  return {
    db,
    env,
    logger,
    storage,
    close: async () => {
      await Promise.all([db.destroy(), storage.close()]);
    },
  };
}
