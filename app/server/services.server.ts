import type { AppServices } from "~/context";
import { type ContentBridge, startContentBridge } from "./content-events-pg.server";
import { openDatabaseFromEnv } from "./db/open-from-env.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";
import { createMailer } from "./mail/mailer.server";
import { scheduleErasure } from "./registrations/erasure.server";
import { scheduleAutoStatus } from "./services/auto-status.server";
import { seedDemoContent } from "./seed/demo-content.server";
import { openStorage } from "./storage/open-storage.server";

export type RunningServices = AppServices & {
  /** PostgreSQL only: other instances' content changes arrive through it. */
  contentBridge: ContentBridge | undefined;
  close(): Promise<void>;
};

/**
 * Opens the database chosen by the environment, brought up to date (open-from-env.server.ts) and,
 * when it is brand-new, seeded with the demo content; then the upload storage.
 */
export async function startServices(env: Env, logger: Logger): Promise<RunningServices> {
  const { db, engine, applied } = await openDatabaseFromEnv(env);
  logger.info({ engine, applied }, "database ready");
  const isNewDatabase = applied.includes("2026-11-22T1000_initial");
  if (env.seedDemo && isNewDatabase && (await seedDemoContent(db))) logger.info("demo content seeded");
  const contentBridge =
    engine === "postgres" && env.databaseUrl
      ? await startContentBridge({
          db,
          connection: { connectionString: env.databaseUrl, application_name: "roadbook-listener" },
          logger,
        })
      : undefined;
  const { storage, kind } = openStorage(env);
  logger.info({ storage: kind }, "upload storage ready");
  const mailer = createMailer(env.mail, logger);
  logger.info({ mail: mailer.enabled }, mailer.enabled ? "mail ready" : "mail off: SMTP_URL is not set");
  // Riders' personal data past its retention: erased now and then daily (decision 021).
  const erasure = scheduleErasure(db, env.registrationRetentionDays, logger);
  // Ended rides marked completed, when an admin turned that on (decision 025).
  const autoStatus = scheduleAutoStatus(db, logger);
  return {
    db,
    env,
    logger,
    storage,
    mailer,
    contentBridge,
    close: async () => {
      await erasure.stop();
      await autoStatus.stop();
      mailer.close();
      await contentBridge?.close();
      await Promise.all([db.destroy(), storage.close()]);
    },
  };
}
