import type { AppServices } from "~/context";
import { type ContentBridge, startContentBridge } from "./content-events-pg.server";
import { openDatabaseFromEnv } from "./db/open-from-env.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";
import { createMailer } from "./mail/mailer.server";
import { openOutbox } from "./outbox/start-outbox.server";
import { features } from "~/features/index.server";
import { scheduleErasure } from "./registrations/erasure.server";
import { setBookingLinkSecret } from "./registrations/link-seal.server";
import { scheduleAutoStatus } from "./publishing/auto-status.server";
import { seedDemoContent } from "./seed/demo-content.server";
import { openStorage } from "./storage/open-storage.server";

export type RunningServices = AppServices & {
  /** PostgreSQL only: other instances' content changes arrive through it. */
  contentBridge: ContentBridge | undefined;
  close(): Promise<void>;
};

/**
 * Opens the database chosen by the environment, brought up to date (open-from-env.server.ts), and
 * the upload storage; a brand-new database is seeded with the demo content (whose route's files
 * go to that storage).
 */
export async function startServices(env: Env, logger: Logger): Promise<RunningServices> {
  const { db, engine, applied } = await openDatabaseFromEnv(env);
  logger.info({ engine, applied }, "database ready");
  const isNewDatabase = applied.includes("2026-11-22T1000_initial");
  const { storage, kind } = openStorage(env);
  logger.info({ storage: kind }, "upload storage ready");
  const contentBridge =
    engine === "postgres" && env.databaseUrl
      ? await startContentBridge({
          db,
          connection: { connectionString: env.databaseUrl, application_name: "roadbook-listener" },
          logger,
        })
      : undefined;
  // After the bridge is up: an instance that started beside this one on the new database may
  // already serve pages, and hears each seeded change through it (its cached pages start over).
  if (env.seedDemo && isNewDatabase && (await seedDemoContent({ db, storage }))) logger.info("demo content seeded");
  // Riders' links in messages sent later are sealed with a key from SESSION_SECRET (link-seal.server.ts).
  setBookingLinkSecret(env.sessionSecret, logger);
  const mailer = createMailer(env.mail, logger);
  logger.info({ mail: mailer.enabled }, mailer.enabled ? "mail ready" : "mail off: SMTP_URL is not set");
  // Said once, so a missing PUBLIC_URL behind a proxy shows in the log before the first mail does.
  logger.info({ publicUrl: env.publicUrl }, "links in mail, push and pages go to the public URL");
  // What committed changes must still cause (content events, mail): delivered at once by the
  // instance that made them, and here whatever another instance or a crash left (decision 029).
  const origin = env.publicUrl;
  const outbox = openOutbox({
    db,
    mailer,
    storage,
    logger,
    claimMs: env.outboxClaimMs,
    origin,
    push: env.push,
    razorpay: env.razorpay,
  });
  outbox.start();
  const jobs = [
    // Riders' personal data past its retention: erased now and then daily (decision 021).
    scheduleErasure(db, env.registrationRetentionDays, logger),
    // Ended rides marked completed, when an admin turned that on (decision 025).
    scheduleAutoStatus(db, logger),
    // Each feature's own (its descriptor's start): rides' reminders, accounts' retention, riders' stray uploads.
    ...features.flatMap((feature) =>
      "start" in feature ? [feature.start({ db, env, logger, storage, mailer, origin })] : [],
    ),
  ];
  return {
    db,
    env,
    logger,
    storage,
    mailer,
    contentBridge,
    close: async () => {
      for (const job of jobs) await job.stop();
      await outbox.stop();
      mailer.close();
      await contentBridge?.close();
      await Promise.all([db.destroy(), storage.close()]);
    },
  };
}
